package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// bindPackageHead binds the first segment of a Python "import a.b" to the
// package a (its __init__.py), as the statement does: falcon's
// asgi/app.py writes import falcon.app and then calls
// falcon.HTTPInternalServerError(), which falcon/__init__.py re-exports.
// A name an earlier import already bound keeps its binding; an import
// inside a function is left as it was.
func (r *resolver) bindPackageHead(imp facts.Import) {
	if r.family != lang.FamilyPython || imp.Alias != "" || imp.Kind != "" || len(imp.Names) > 0 ||
		strings.HasPrefix(imp.Path, ".") || r.importScope(imp) != "" {
		return // an import inside a function binds its head there only, which modBind cannot say
	}
	head, _, dotted := strings.Cut(imp.Path, ".")
	if !dotted || r.modBind[head] != nil {
		return
	}
	for _, cand := range r.language.ImportCandidates(facts.Import{Path: head, Line: imp.Line}, r.f.Path, r.idx.project) {
		if targets := r.lookupModule(cand); len(targets) > 0 {
			b := newBinding(facts.Import{Path: head, Line: imp.Line}, cand, targets)
			r.bindings = append(r.bindings, b)
			r.modBind[head] = b
			return
		}
	}
}

// pySubmodule is the binding of a Python qualifier head.rest where head
// binds a package and rest names a submodule of it that the package's
// __init__.py does not import (from falcon import util, then
// util.uri.decode(): falcon/util/uri.py), as jedi reads it. The binding is
// kept under the whole qualifier.
func (r *resolver) pySubmodule(qualifier, head, rest string) (*binding, bool) {
	b := r.modBind[head]
	if r.family != lang.FamilyPython || b == nil || b.key == "" || strings.Contains(rest, ".") {
		return nil, false
	}
	if r.definesIn(rest, b.targets) {
		return nil, false // the package's own name: an attribute, not the submodule
	}
	sub := r.lookupModule(b.key + "." + rest)
	if len(sub) == 0 {
		return nil, false
	}
	sb := newBinding(b.imp, b.key+"."+rest, sub)
	r.bindings = append(r.bindings, sb)
	r.modBind[qualifier] = sb
	return sb, true
}
