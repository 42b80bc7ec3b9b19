package explicit

import (
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Name lookup through namespaces and the parts of types, as C# does it
// (Traits.NamespaceScopes, PartialTypes, TypeNamedMembers,
// UniqueOnUnknownReceiver). A simple name is, in order: a local definition
// or a member of an enclosing type of this file (sameFile); a member the
// enclosing type inherits or declares in another part of a partial class;
// a type of the file's own namespace or of one of its parents (visible
// without a using); an alias; a type of a namespace a using opens; a
// member of a type a using static opens.

// bindNamespaces opens the namespaces a file declares and their parents,
// innermost (most segments) first. They are no imports: they make no
// imports edges.
func (r *resolver) bindNamespaces() {
	if !r.traits.NamespaceScopes {
		return
	}
	seen := map[string]bool{}
	var all []string
	for _, s := range r.f.Facts.Symbols {
		if s.Kind != facts.KindModule {
			continue
		}
		for ns := s.Qualified; ns != "" && !seen[ns]; ns = parentNamespace(ns) {
			seen[ns] = true
			all = append(all, ns)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return strings.Count(all[i], ".") > strings.Count(all[j], ".") })
	for _, ns := range all {
		if targets := r.lookupModule(ns); len(targets) > 0 {
			r.nsScopes = append(r.nsScopes, newBinding(facts.Import{Path: ns}, ns, targets))
		}
	}
}

func parentNamespace(ns string) string {
	if i := strings.LastIndexByte(ns, '.'); i > 0 {
		return ns[:i]
	}
	return ""
}

// enclosingOrNamespace resolves a simple name through the enclosing type's
// other parts and bases, then the file's namespaces.
func (r *resolver) enclosingOrNamespace(name, from string, kinds map[string]bool, args string) (found, bool) {
	if !r.traits.NamespaceScopes {
		return found{}, false
	}
	if from != "" {
		if t, st := r.selfType(chainCtx{path: r.f.Path, here: true, from: from}); st == typeKnown {
			if m, mst := r.memberOf(t, name, kinds, args, 0); mst == typeKnown {
				return found{*m, snapshot.ByType}, true
			}
		}
	}
	for _, b := range r.nsScopes {
		if d, _, ok := r.findIn(b.targets, name, kinds, 0); ok {
			return found{d, snapshot.ByScope}, true
		}
	}
	return found{}, false
}

// staticMember resolves a simple name to a member of a type that a using
// static opens (using static Ns.T: Names ["T"]).
func (r *resolver) staticMember(name string, kinds map[string]bool) (found, bool) {
	for _, b := range r.staticScopes {
		for _, typeName := range b.imp.Names {
			t, via, ok := r.findIn(b.targets, typeName, typeLike, 0)
			if !ok {
				continue
			}
			if m, st := r.memberOf(&t, name, kinds, "", 0); st == typeKnown {
				b.use(via)
				return found{*m, snapshot.ByImport}, true
			}
		}
	}
	return found{}, false
}

// partialBases looks a member up through the bases that the other parts of
// a partial class declare (one part often names the base, the others
// none). Parts of one class live in one namespace, nearly always in one
// directory; only those are read.
func (r *resolver) partialBases(t *def, name string, kinds map[string]bool, depth int) (*def, typeState) {
	outcome := typeUnknown
	if !r.traits.PartialTypes {
		return nil, outcome
	}
	parts := r.filter(t.Name, typeLike, func(d def) bool {
		return d.Qualified == t.Qualified && d.ID != t.ID && dirOf(d.Path) == dirOf(t.Path)
	})
	for _, p := range parts {
		m, st := r.depthFirst(p, name, kinds, depth)
		switch st {
		case typeKnown:
			return m, typeKnown
		case typeExternal:
			outcome = typeExternal
		}
	}
	return nil, outcome
}

// memberForType reports a chain root that found a member where the
// extractor wrote a type: a constructor (new Foo() inside Foo) or the
// definition whose type the chain is (a property Formatting of type
// Formatting). The root is then looked up as a type.
func (r *resolver) memberForType(c chainCtx, t *def, st typeState, called bool) bool {
	if !r.traits.TypeNamedMembers || st != typeKnown || c.typeOnly || c.asWritten {
		return false
	}
	return t.ID == c.owner || !called && t.Kind == facts.KindMethod
}

// constructorForType reports a C++ chain's root that found a constructor
// where its class is meant: inside class bigint, a parameter typed
// const bigint& names the class, and the bare lookup meets the class's
// members, its constructors among them, before the class.
func (r *resolver) constructorForType(c chainCtx, t *def, st typeState) bool {
	return r.family == lang.FamilyC && st == typeKnown && !c.typeOnly &&
		t.Kind == facts.KindMethod && t.Parent != "" && lastSegment(t.Parent) == t.Name
}

// sameType reports whether a member found by its owner's qualified name
// belongs to t: where types have parts (C#), same-named types of other
// namespaces share their qualified names, so a member in another
// directory is taken only from another part of a partial class, which
// lives beside it.
func (r *resolver) sameType(t, m *def) bool {
	return !r.traits.PartialTypes || m.Path == t.Path || dirOf(m.Path) == dirOf(t.Path)
}

// unknownLocal reports a call on a receiver whose type is not known (a
// var of an unknown result, a lambda parameter, an indexer's result),
// which uniqueElsewhere resolves (Traits.UniqueOnUnknownReceiver).
func (r *resolver) unknownLocal(ref facts.Ref) bool {
	return r.traits.UniqueOnUnknownReceiver && (ref.Recv == facts.Unknown || ref.Qualifier == facts.Unknown)
}

// uniqueElsewhere resolves a call on a receiver of unknown type only to
// a method whose name is unique in the project (an extension method, a
// rare name), and never to one of the calling class: being near the
// caller says nothing about an unknown receiver.
func (r *resolver) uniqueElsewhere(name, from string) (def, bool) {
	if r.traits.StdMethods[name] {
		return def{}, false // as in uniqueMethod: the name says nothing of the receiver
	}
	if r.family == lang.FamilyC {
		return r.oneClassMethod(name, from)
	}
	methods := r.filter(name, callable, func(d def) bool { return d.Kind == facts.KindMethod })
	if len(methods) != 1 {
		return def{}, false
	}
	m := methods[0]
	if class := r.enclosingClass(from); class != "" && m.Parent == class {
		return def{}, false
	}
	return *m, true
}

// nestedType finds a root written in another file among the types
// nested in the definition's own type or its bases (a field of type Inner
// declared in Outer).
func (r *resolver) nestedType(c chainCtx, name string) (*def, bool) {
	if !r.traits.TypeNamedMembers || c.self == nil {
		return nil, false
	}
	if m, st := r.memberOf(c.self, name, typeLike, "", 0); st == typeKnown {
		return m, true
	}
	return nil, false
}
