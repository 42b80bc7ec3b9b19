package explicit

import (
	"cmp"
	"slices"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// unresolvedSite records a call that failed to resolve because nothing
// but its name was left to go by: its receiver's type was unknown (an
// untyped parameter, a value of an unknown call), or it is a bare name
// imported from repository files that define nothing of its name (a JS
// default import of a module whose default export the index cannot
// name). Calls whose receiver is typed (to a repository type lacking the
// member, or to one outside the repository) and other bare calls are not
// recorded: a symbol of that name is not what they call.
func (r *resolver) unresolvedSite(ref facts.Ref) {
	if ref.Kind != facts.RefCall || !r.untyped {
		return
	}
	recv := ref.Qualifier
	if recv == facts.Unknown {
		recv = ""
	}
	r.sites = append(r.sites, snapshot.Site{Name: ref.Name, Receiver: recv, From: ref.From, Line: ref.Line})
}

// sortedSites sorts a file's unresolved call sites by line, name,
// receiver and enclosing symbol, so a resolution is a function of its
// inputs whatever order its references were visited in.
func sortedSites(sites []snapshot.Site) []snapshot.Site {
	slices.SortFunc(sites, func(a, b snapshot.Site) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Receiver, b.Receiver), cmp.Compare(a.From, b.From))
	})
	return sites
}
