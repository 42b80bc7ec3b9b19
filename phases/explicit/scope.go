package explicit

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// bare resolves an unqualified name: the lexical scopes of this file, what
// the file imports, then (where the language allows) its directory or
// package and the whole project.
func (r *resolver) bare(name, from string, kinds map[string]bool, args string) (found, bool) {
	if d, ok := r.sameFile(name, from, kinds, args); ok {
		return found{d, snapshot.ByScope}, true
	}
	if f, ok := r.enclosingOrNamespace(name, from, kinds, args); ok {
		return f, true
	}
	if b, ok := r.importBinding(name, from); ok {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
		// The name is imported from repository files that define no such
		// name the index knows of (a JS default export that names no
		// declaration): a call of it is one the graph may be missing.
		r.untyped = true
	}
	for _, b := range r.openScopes {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
	}
	if f, ok := r.staticMember(name, kinds); ok {
		return f, true
	}
	if d, ok, hidden := r.nested(name, from, kinds, args); ok || hidden {
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
		if d, st, decided := r.csharpScope(scope, name, kinds, args); decided {
			return d, st
		}
		cands, lines := r.scopeDefs(name, scope, kinds, func(s facts.Symbol) bool {
			if (s.Kind == facts.KindMethod || s.Kind == facts.KindField) && !r.traits.ImplicitThis {
				return false
			}
			return !r.isConstructor(s) // the name is the class's; a call of it picks a constructor (see constructor)
		})
		if len(cands) == 0 {
			continue
		}
		if len(cands) > 1 && args == "" && r.traits.NearestDefinition && redefinedValues(cands) {
			return *cands[nearestAbove(lines, r.line)], typeKnown
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
// parent is scope: a run of the file's symbols sorted by (name, parent,
// source order), sorted once per file, so a lookup costs a binary search,
// not the file's size. A map of the pairs' lists cost a list per pair of
// every file.
func (r *resolver) symbolsIn(name, scope string) []int {
	syms := r.f.Facts.Symbols
	if r.byNameParent == nil {
		r.byNameParent = make([]int, len(syms))
		for i := range r.byNameParent {
			r.byNameParent[i] = i
		}
		slices.SortFunc(r.byNameParent, func(a, b int) int {
			return cmp.Or(strings.Compare(syms[a].Name, syms[b].Name), strings.Compare(syms[a].Parent, syms[b].Parent), cmp.Compare(a, b))
		})
	}
	at := func(i int) int {
		return cmp.Or(strings.Compare(syms[r.byNameParent[i]].Name, name), strings.Compare(syms[r.byNameParent[i]].Parent, scope))
	}
	lo := sort.Search(len(r.byNameParent), func(i int) bool { return at(i) >= 0 })
	hi := lo
	for hi < len(r.byNameParent) && at(hi) == 0 {
		hi++
	}
	return r.byNameParent[lo:hi:hi]
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
		union: s.Union, bases: basesOf(s), order: i}
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
			if d, ok := r.objectMember(name, from, kinds, args); ok {
				return d, true
			}
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

// scopeDefs are this file's definitions of name directly in scope, of
// the kinds wanted and that keep (nil: all) accepts, with their lines.
func (r *resolver) scopeDefs(name, scope string, kinds map[string]bool, keep func(facts.Symbol) bool) (cands []*def, lines []int) {
	for _, i := range r.symbolsIn(name, scope) {
		s := r.f.Facts.Symbols[i]
		if !accepts(kinds, s.Kind) || keep != nil && !keep(s) {
			continue
		}
		d := r.localDef(i)
		cands = append(cands, &d)
		lines = append(lines, s.Line)
	}
	return cands, lines
}

// objectMember resolves this.name in a method assigned to a member of an
// object value of this file (Traits.ObjectThis): among the members the
// file assigns to that object. A method of a class, or a function nested
// in a method (its own this), has no such owner.
func (r *resolver) objectMember(name, from string, kinds map[string]bool, args string) (def, bool) {
	if !r.traits.ObjectThis {
		return def{}, false
	}
	i, ok := r.byQual[from]
	if !ok || r.f.Facts.Symbols[i].Kind != facts.KindMethod {
		return def{}, false
	}
	owner := r.f.Facts.Symbols[i].Parent
	if j, ok := r.byQual[owner]; !ok || (r.f.Facts.Symbols[j].Kind != facts.KindVar && r.f.Facts.Symbols[j].Kind != facts.KindConst) {
		return def{}, false
	}
	cands, _ := r.scopeDefs(name, owner, kinds, nil)
	if len(cands) == 0 {
		return def{}, false
	}
	kept, stop := r.choose(cands, args)
	if stop || len(kept) == 0 {
		return def{}, false
	}
	return *kept[0], true
}

// qualified resolves Type.name / ns::name by name: members whose parent's
// last segment is the qualifier's last segment, nearest scope first.
func (r *resolver) qualified(name, qualifier, from string, kinds map[string]bool, args string) (def, bool) {
	_, last := splitQualified(qualifier)
	cands := r.filter(name, kinds, func(d def) bool { return d.Parent != "" && lastSegment(d.Parent) == last })
	cands = r.wholeQualifier(cands, qualifier)
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
	// Which one is counted, not which is best: the candidates that fit
	// are the set overloads would order, and ordering the thousands a
	// common name has in a large repository cost the square of their
	// number for each such call.
	methods, _ = matcher{}.fitting(methods, args)
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

// nearestAbove is the index of the last line at or above line (lines in
// source order), else 0: of the consts of one name that sibling callbacks
// define, a reference means the one defined before it.
func nearestAbove(lines []int, line int) int {
	best := 0
	for i, l := range lines {
		if l <= line {
			best = i
		}
	}
	return best
}

// redefinedValues reports whether the definitions are values of one kind
// (functions, classes, consts, variables): repeated consts, not a type and
// a value that share a name (type Option, const Option) nor the parts of
// a merged interface, namespace or enum, whose order says nothing of which
// a reference means.
func redefinedValues(ds []*def) bool {
	switch ds[0].Kind {
	case facts.KindFunction, facts.KindClass, facts.KindConst, facts.KindVar:
	default:
		return false
	}
	for _, d := range ds[1:] {
		if d.Kind != ds[0].Kind {
			return false
		}
	}
	return true
}

// importBinding is the import that binds name where from is: one inside
// from or a function around it first, else one of the file's.
func (r *resolver) importBinding(name, from string) (*binding, bool) {
	if len(r.scopedBind) > 0 {
		for _, scope := range r.scopesOf(from) {
			if b, ok := r.scopedBind[[2]string{scope, name}]; ok {
				return b, true
			}
		}
	}
	b, ok := r.nameBind[name]
	return b, ok
}

// importScope is the innermost function whose body holds an import, where
// the language binds such an import's names in that function only (Python,
// whose module-level imports are the module's attributes): Flask's
// test_client and test_cli_runner each import a different class as cls.
// It is "" for an import outside every function.
func (r *resolver) importScope(imp facts.Import) string {
	if !r.traits.ModuleImportsExported {
		return ""
	}
	scope, start := "", 0
	for _, s := range r.f.Facts.Symbols {
		if (s.Kind == facts.KindFunction || s.Kind == facts.KindMethod) && s.Line <= imp.Line && imp.Line <= s.EndLine && s.Line > start {
			scope, start = s.Qualified, s.Line
		}
	}
	return scope
}
