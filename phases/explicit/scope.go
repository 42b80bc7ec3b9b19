package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// bare resolves an unqualified name: the lexical scopes of this file, what
// the file imports, then (where the language allows) its directory or
// package and the whole project.
func (r *resolver) bare(name, from string, kinds map[string]bool, args string) (found, bool) {
	if d, ok := r.sameFile(name, from, kinds, args); ok {
		return found{d, snapshot.ByScope}, true
	}
	if f, ok := r.enclosingOrNamespace(name, from, kinds); ok {
		return f, true
	}
	if b, ok := r.nameBind[name]; ok {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
	}
	for _, b := range r.openScopes {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
	}
	if f, ok := r.staticMember(name, kinds); ok {
		return f, true
	}
	if d, ok, hidden := r.nested(name, from, kinds); ok || hidden {
		return d, ok
	}
	reach := r.traits.Reach
	notMember := func(d def) bool { return d.Kind != facts.KindMethod && d.Kind != facts.KindField && d.Parent == "" }
	if reach.Dir {
		dir := dirOf(r.f.Path)
		if d, ok := r.first(r.filterDir(name, dir, kinds, notMember)); ok {
			return found{d, snapshot.ByScope}, true
		}
	}
	if reach.Project {
		if d, ok := r.first(r.filter(name, kinds, notMember)); ok {
			return found{d, snapshot.ByName}, true
		}
	}
	return found{}, false
}

// sameFile finds name in the lexical scopes around from, innermost first:
// a definition inside the calling function shadows one outside it. Methods
// are reachable bare only where the language has an implicit this. Among
// a scope's overloads a call's argument types choose; when none fits, the
// scope's bases may declare one, and outer scopes are not searched.
func (r *resolver) sameFile(name, from string, kinds map[string]bool, args string) (def, bool) {
	d, st := r.inScopes(name, from, kinds, args)
	return d, st == typeKnown
}

// inScopes is sameFile that also says, when nothing is found, whether a
// type in scope has bases outside the repository: the name may be one of
// theirs (typeExternal).
func (r *resolver) inScopes(name, from string, kinds map[string]bool, args string) (def, typeState) {
	notFound := typeUnknown
	for _, scope := range r.scopesOf(from) {
		if t, ok := r.memberScope(scope); ok {
			if name == t.Name {
				continue // the class itself, in an outer scope (constructor picks its constructor)
			}
			m, mst, named := r.members(t, name, kinds, args, 0)
			switch {
			case mst == typeKnown:
				return *m, typeKnown
			case named:
				return def{}, typeUnknown // the type has that name, but none that fits
			case mst == typeExternal:
				notFound = typeExternal
			}
			continue
		}
		var cands []*def
		for _, i := range r.symbolsIn(name, scope) {
			s := r.f.Facts.Symbols[i]
			if !accepts(kinds, s.Kind) {
				continue
			}
			if (s.Kind == facts.KindMethod || s.Kind == facts.KindField) && !r.traits.ImplicitThis {
				continue
			}
			if r.isConstructor(s) {
				continue // the name is the class's; a call of it picks a constructor (see constructor)
			}
			d := r.localDef(i)
			cands = append(cands, &d)
		}
		if len(cands) == 0 {
			continue
		}
		kept, stop := r.choose(cands, args)
		if stop || len(kept) == 0 {
			return def{}, typeUnknown
		}
		return *kept[0], typeKnown
	}
	return def{}, notFound
}

// memberScope is the type a lexical scope is, where the language puts a
// type's members (inherited ones too) in scope inside it.
func (r *resolver) memberScope(scope string) (*def, bool) {
	if !r.traits.MemberScopes {
		return nil, false
	}
	t, st := r.scopeType(scope)
	return t, st == typeKnown
}

// scopeType is the type a lexical scope is, when it is one: a type-like
// symbol of this file, or a name this file does not define (a Go method's
// receiver type, a C++ A::m). A function's scope is no type, and asking
// the index whether it is one would depend on every definition of its name.
func (r *resolver) scopeType(scope string) (*def, typeState) {
	if scope == "" {
		return nil, typeUnknown
	}
	if i, ok := r.byQual[scope]; ok && !typeLike[r.f.Facts.Symbols[i].Kind] {
		return nil, typeUnknown
	}
	return r.typeByQualified(scope, r.f.Path)
}

// symbolsIn lists, in source order, the file's symbols of a name whose
// parent is scope; the table is built once per file, so a lookup costs
// what it finds, not the file's size.
func (r *resolver) symbolsIn(name, scope string) []int {
	if r.byNameParent == nil {
		r.byNameParent = map[[2]string][]int{}
		for i, s := range r.f.Facts.Symbols {
			k := [2]string{s.Name, s.Parent}
			r.byNameParent[k] = append(r.byNameParent[k], i)
		}
	}
	return r.byNameParent[[2]string{name, scope}]
}

// scopesOf lists from and its enclosing definitions, innermost first,
// ending with the file scope "".
func (r *resolver) scopesOf(from string) []string {
	var out []string
	for q := from; q != ""; {
		out = append(out, q)
		i, ok := r.byQual[q]
		if !ok {
			break
		}
		q = r.f.Facts.Symbols[i].Parent
	}
	return append(out, "")
}

// localDef is symbol i of this file as the index holds it, with its bases
// (a base found in this file leads on to its own bases).
func (r *resolver) localDef(i int) def {
	s := r.f.Facts.Symbols[i]
	return def{Path: r.f.Path, ID: r.ids[i], Name: s.Name, Qualified: s.Qualified, Parent: s.Parent, Kind: s.Kind, Type: s.Type, Params: s.Params,
		bases: basesOf(s), order: i}
}

// enclosingClass walks up from a symbol to the nearest type-like definition.
func (r *resolver) enclosingClass(from string) string {
	for q := from; q != ""; {
		i, ok := r.byQual[q]
		if !ok {
			// A method of a type defined in another file (Go, C++ A::m).
			return q
		}
		s := r.f.Facts.Symbols[i]
		if typeLike[s.Kind] {
			return s.Qualified
		}
		if s.Kind == facts.KindMethod && s.Parent != "" {
			if _, defined := r.byQual[s.Parent]; !defined {
				return s.Parent
			}
		}
		q = s.Parent
	}
	return ""
}

// member resolves self.name / this.name / super.name through the
// enclosing type and its bases.
func (r *resolver) member(name, from string, kinds map[string]bool, args string) (def, bool) {
	c := chainCtx{path: r.f.Path, here: true, from: from}
	t, st := r.evalChain(c, "self", 0)
	if st != typeKnown {
		if r.enclosingClass(from) == "" {
			return r.sameFile(name, from, kinds, args)
		}
		return def{}, false
	}
	m, mst := r.memberOf(t, name, kinds, args, 0)
	if mst != typeKnown {
		return def{}, false
	}
	return *m, true
}

// qualified resolves Type.name / ns::name by name: members whose parent's
// last segment is the qualifier's last segment, nearest scope first.
func (r *resolver) qualified(name, qualifier, from string, kinds map[string]bool, args string) (def, bool) {
	_, last := splitQualified(qualifier)
	cands := r.filter(name, kinds, func(d def) bool { return d.Parent != "" && lastSegment(d.Parent) == last })
	if len(cands) == 0 && r.traits.UniqueOnUnknownReceiver {
		return r.uniqueElsewhere(name, from)
	}
	if len(cands) == 0 {
		return r.uniqueMethod(name, from, false, args)
	}
	kept, stop := r.choose(cands, args)
	if stop {
		return def{}, false
	}
	return r.nearest(r.f.Path, kept)
}

// uniqueMethod resolves a call on a receiver of unknown type only when one
// method of that name (that takes the call's arguments) exists: in this
// file, else this directory, else the project. A call through a field of
// the receiver (self.f.M) goes to another type, so it never lands on the
// caller and skips the nearby tiers (where the caller's own type would
// win). A receiver of unknown type is no evidence for the caller's own
// type either: the enclosing type's methods are not guessed at (a method
// that delegates to a same-named method of another object would otherwise
// call its own overloads).
func (r *resolver) uniqueMethod(name, from string, field bool, args string) (def, bool) {
	if r.traits.NoMethodGuess {
		// Where receivers are typed, a guess by name is wrong more often
		// than right. Against jedi on requests, flask, click, werkzeug,
		// rich and a localstack sample, the one Python method of that
		// name was the callee 360 times in 873 before receiver types, and
		// 71 times in 267 once the extractor wrote them.
		return def{}, false
	}
	if r.traits.StdMethods[name] {
		// Most such calls are on standard values; one repository method
		// of the name says nothing about the receiver.
		return def{}, false
	}
	caller := r.sourceOf(facts.Ref{From: from})
	own := r.enclosingClass(from)
	methods := r.filter(name, callable, func(d def) bool {
		return d.Kind == facts.KindMethod && d.ID != caller && (field || own == "" || d.Parent != own)
	})
	methods, _ = overloads(methods, args, "")
	dir := dirOf(r.f.Path)
	tiers := []func(*def) bool{
		func(d *def) bool { return d.Path == r.f.Path },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return true },
	}
	if field {
		tiers = tiers[2:]
	}
	for _, keep := range tiers {
		var in []*def
		for _, d := range methods {
			if keep(d) {
				in = append(in, d)
			}
		}
		if len(in) == 1 {
			return *in[0], true
		}
		if len(in) > 1 {
			return def{}, false
		}
	}
	return def{}, false
}

// nearest picks from candidates by scope around the file at path: the
// same file, files this file imports (when path is this file), the same
// directory, anywhere; ties break on path then source order.
func (r *resolver) nearest(path string, cands []*def) (def, bool) {
	dir := dirOf(path)
	scopes := []func(*def) bool{
		func(d *def) bool { return d.Path == path },
		func(d *def) bool { return path == r.f.Path && r.imported(d.Path) },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return true },
	}
	for _, in := range scopes {
		for _, d := range cands {
			if in(d) {
				return *d, true
			}
		}
	}
	return def{}, false
}

// imported reports whether a file is the target of one of this file's
// imports; the set is built once, after all imports are bound.
func (r *resolver) imported(p string) bool {
	if r.importedSet == nil {
		r.importedSet = map[string]bool{}
		for _, b := range r.bindings {
			for _, x := range b.targets {
				r.importedSet[x] = true
			}
		}
	}
	return r.importedSet[p]
}

// filter returns the visible definitions of name with a wanted kind that
// keep accepts, in (path, source order) order, depending on every
// definition of the name (its broad lookup key). The results point into
// the index, which resolution never changes: names with thousands of
// definitions would otherwise be copied for every reference.
func (r *resolver) filter(name string, kinds map[string]bool, keep func(def) bool) []*def {
	return r.selectDefs(r.lookupName(name), kinds, keep)
}

// filterParent is filter among the definitions of name whose parent is
// parent: the answer depends on those alone, so only a change to them
// re-resolves the file (a new method named get elsewhere does not).
func (r *resolver) filterParent(name, parent string, kinds map[string]bool, keep func(def) bool) []*def {
	r.lookups[parentKey(r.family, name, parent)] = true
	return r.selectDefs(r.idx.nameDefs(nameKey(r.family, name)), kinds, func(d def) bool { return d.Parent == parent && keep(d) })
}

// filterIn is filter among the definitions of name in the given files.
func (r *resolver) filterIn(name string, paths []string, kinds map[string]bool, keep func(def) bool) []*def {
	for _, p := range paths {
		r.lookups[fileKey(r.family, name, p)] = true
	}
	return r.selectDefs(r.idx.nameDefs(nameKey(r.family, name)), kinds, func(d def) bool { return contains(paths, d.Path) && keep(d) })
}

// filterDir is filter among the definitions of name in one directory.
func (r *resolver) filterDir(name, dir string, kinds map[string]bool, keep func(def) bool) []*def {
	r.lookups[dirKey(r.family, name, dir)] = true
	return r.selectDefs(r.idx.nameDefs(nameKey(r.family, name)), kinds, func(d def) bool { return dirOf(d.Path) == dir && keep(d) })
}

func (r *resolver) selectDefs(defs []def, kinds map[string]bool, keep func(def) bool) []*def {
	var out []*def
	for i := range defs {
		if d := &defs[i]; accepts(kinds, d.Kind) && r.visible(d) && keep(*d) {
			out = append(out, d)
		}
	}
	return out
}

func (r *resolver) first(ds []*def) (def, bool) {
	if len(ds) == 0 {
		return def{}, false
	}
	return *ds[0], true
}

// accepts reports whether a kind is wanted; nil wants every kind.
func accepts(kinds map[string]bool, kind string) bool { return kinds == nil || kinds[kind] }

// nested resolves a bare name where the language looks beyond the file
// (Traits.Nesting): the namespaces, classes and modules around the
// reference (Ruby only for constants: its methods are not lexically
// scoped), then, inside a class, the members of self and its bases and
// mixins (an implicit this or self). A C++ member field hides the
// functions of that name outside its class (a call of it goes through a
// function pointer): hidden reports that.
func (r *resolver) nested(name, from string, kinds map[string]bool) (f found, ok, hidden bool) {
	all := r.traits.Nesting == lang.NestAll
	if r.traits.Nesting == lang.NestNone {
		return found{}, false, false
	}
	if r.nests(name) {
		var using []string
		if all {
			using = r.usedNamespaces()
		}
		if d, ok := r.enclosing(name, r.f.Path, from, using, nil); ok && !accepts(kinds, d.Kind) {
			return found{}, false, all && d.Kind == facts.KindField
		}
		if d, ok := r.enclosing(name, r.f.Path, from, using, kinds); ok {
			return found{d, snapshot.ByScope}, true, false
		}
	}
	if r.enclosingClass(from) != "" {
		if d, ok := r.member(name, from, kinds, ""); ok {
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
// out-of-line method A::m sees A's members declared in a header.
func (r *resolver) enclosing(name, path, from string, using []string, kinds map[string]bool) (def, bool) {
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
		return def{}, false
	}
	for _, scope := range scopes {
		cands := r.filterParent(name, scope, kinds, func(def) bool { return true })
		if d, ok := r.nearestOwner(path, cands); ok {
			return *d, true
		}
	}
	return def{}, false
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
