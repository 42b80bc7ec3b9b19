package explicit

// Names found in the scopes lexically around a reference, in any file
// (Traits.Nesting: C++ namespaces and classes, Ruby constants).

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// nested resolves a bare name where the language looks beyond the file
// (Traits.Nesting): the namespaces, classes and modules around the
// reference (Ruby only for constants: its methods are not lexically
// scoped), then, inside a class, the members of self and its bases and
// mixins (an implicit this or self). A C++ member field hides the
// functions of that name outside its class (a call of it goes through a
// function pointer), and a call that fits several overloads of a scope
// around it links to none: hidden reports that.
func (r *resolver) nested(name, from string, kinds map[string]bool, args string) (f found, ok, hidden bool) {
	all := r.traits.Nesting == lang.NestAll
	if r.traits.Nesting == lang.NestNone {
		return found{}, false, false
	}
	if r.nests(name) {
		var using []string
		if all {
			using = r.usedNamespaces()
		}
		if d, ok, _ := r.enclosing(name, r.f.Path, from, using, nil, ""); ok && !accepts(kinds, d.Kind) {
			return found{}, false, all && d.Kind == facts.KindField
		}
		d, ok, ambiguous := r.enclosing(name, r.f.Path, from, using, kinds, args)
		if ok || ambiguous {
			return found{d, snapshot.ByScope}, ok, ambiguous
		}
	}
	if r.enclosingClass(from) != "" {
		if d, ok := r.member(name, from, kinds, args); ok {
			return found{d, snapshot.ByType}, true, false
		}
	}
	return found{}, false, false
}

// nests reports whether a bare name is looked up in the scopes lexically
// around it (Traits.Nesting): every name, or constants only.
func (r *resolver) nests(name string) bool {
	switch r.traits.Nesting {
	case lang.NestAll:
		return true
	case lang.NestConstants:
		return isConstName(name)
	}
	return false
}

// isConstName reports a Ruby constant (a class or module name).
func isConstName(name string) bool { return name != "" && name[0] >= 'A' && name[0] <= 'Z' }

// enclosing finds a C++ name declared in a namespace or class around from
// (written "ns.A.m": the members of ns.A, then of ns) or in a namespace the
// file uses (using namespace), in any file: a namespace spans files, and an
// out-of-line method A::m sees A's members declared in a header. A call's
// arguments choose among a scope's overloads; ambiguous reports a call
// that fits several.
func (r *resolver) enclosing(name, path, from string, using []string, kinds map[string]bool, args string) (d def, ok, ambiguous bool) {
	var scopes []string
	for q := from; q != ""; {
		scopes = append(scopes, q)
		i := strings.LastIndexByte(q, '.')
		if i < 0 {
			break
		}
		q = q[:i]
	}
	scopes = append(scopes, using...)
	if len(scopes) == 0 {
		return def{}, false, false
	}
	for _, scope := range scopes {
		cands := r.filterParent(name, scope, kinds, func(def) bool { return true })
		if len(cands) > 1 && args != "" {
			kept, stop := r.choose(cands, args)
			if stop {
				return def{}, false, true
			}
			cands = kept
		}
		if d, ok := r.nearestOwner(path, cands); ok {
			return *d, true, false
		}
	}
	return def{}, false, false
}

// usedNamespaces are the namespaces a C++ file opens with using namespace
// (wildcard imports), dotted like qualified names.
func (r *resolver) usedNamespaces() []string {
	var out []string
	for _, imp := range r.f.Facts.Imports {
		if imp.Kind == "wildcard" {
			out = append(out, strings.ReplaceAll(imp.Path, "::", "."))
		}
	}
	return out
}
