package answer

import "github.com/lgraph/lgraph/internal/query"

// UnresolvedExamples is how many unresolved call sites an answer shows
// unless asked for all of them.
const UnresolvedExamples = 5

// Unresolved says what an answer about calls could not resolve: how many
// call sites are written with the name but have a receiver whose type is
// unknown (the graph has no edge for them; a text search may find more
// callers there), and some of them, or all when asked.
type Unresolved struct {
	Sites    int                    `json:"unresolved_sites"`
	Examples []query.UnresolvedSite `json:"unresolved"`
}

// ShapeUnresolved counts the sites the filter keeps (test files) and
// lists the first UnresolvedExamples of them, or all of them.
func ShapeUnresolved(sites []query.UnresolvedSite, f Filter, all bool) Unresolved {
	kept := make([]query.UnresolvedSite, 0, len(sites))
	for _, s := range sites {
		if f.keepPath(s.Path) {
			kept = append(kept, s)
		}
	}
	u := Unresolved{Sites: len(kept), Examples: kept}
	if !all && len(kept) > UnresolvedExamples {
		u.Examples = kept[:UnresolvedExamples:UnresolvedExamples]
	}
	return u
}

// More is how many sites Examples leaves out.
func (u Unresolved) More() int { return u.Sites - len(u.Examples) }
