package explicit

import (
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// pyTwins are the other module-level functions and classes a Python file
// defines under d's name. Such twins are nearly always alternatives, one
// of which an import or a condition picks at run time (try: import yaml
// ... except ImportError:, if requests is not None: class RequestsClient
// ... else: def RequestsClient), so a call of the name reaches each of
// them: jedi answers both of a try/except pair and only the branch it can
// evaluate of an if/else, and the index cannot tell which one a
// checkout's installed packages pick. A plain redefinition in one block
// is rare at module level; there the last one wins, which an edge to
// every twin still includes.
func (r *resolver) pyTwins(d def) []def {
	if r.family != lang.FamilyPython || d.Parent != "" || !pyTwinKind(d.Kind) {
		return nil
	}
	// The file's own definitions of the name: a narrow lookup, so that a
	// definition of the name elsewhere re-resolves nothing here.
	var out []def
	for _, o := range r.filterIn(d.Name, []string{d.Path}, nil, func(o def) bool {
		return o.ID != d.ID && o.Qualified == d.Qualified && pyTwinKind(o.Kind)
	}) {
		out = append(out, *o)
	}
	return out
}

// pyTwinKind reports whether a Python definition of this kind is called
// by its name: a function, or a class (its constructor).
func pyTwinKind(kind string) bool {
	return kind == facts.KindFunction || kind == facts.KindClass
}
