package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// memberOf finds a member of type t (or of its bases) by name; kinds nil
// accepts any member. A call's argument types (args, "" unknown) choose
// among the overloads of t and its bases together, as the compiler does.
func (r *resolver) memberOf(t *def, name string, kinds map[string]bool, args string, depth int) (*def, typeState) {
	m, st, _ := r.members(t, name, kinds, args, depth)
	return m, st
}

// members is memberOf that also reports whether t or a base has a member
// of that name at all (named), so that a caller can tell "none" from
// "none that fits". Java's bases are searched level by level (the nearest
// override wins, and a call's overloads are chosen among all levels);
// other families' depth first.
func (r *resolver) members(t *def, name string, kinds map[string]bool, args string, depth int) (m *def, st typeState, named bool) {
	if depth > maxChainDepth {
		return nil, typeUnknown, false
	}
	if !r.traits.MemberScopes {
		m, st := r.memberOfOthers(t, name, kinds, args, depth)
		return m, st, m != nil
	}
	own := r.nearestGroup(t.Path, r.filterParent(name, t.Qualified, kinds, anyDef))
	if args == "" && len(own) > 0 {
		return own[0], typeKnown, true
	}
	// A member found in a repository base beside an outside one may be
	// the outside base's (class Foo extends AbstractMap implements Trie:
	// size() is AbstractMap's); the repository's is linked all the same,
	// which measured better (commons-collections4: 58 more right edges,
	// 3 more wrong ones).
	levels, outside := r.ancestors(t, depth)
	cands := own
	for _, types := range levels {
		for _, bt := range types {
			for _, c := range r.nearestGroup(bt.Path, r.filterParent(name, bt.Qualified, kinds, anyDef)) {
				// constructors are not inherited
				if !overridden(cands, c) && !(r.traits.NamedConstructors && c.Kind == facts.KindMethod && c.Name == bt.Name) {
					cands = append(cands, c)
				}
			}
		}
		if args == "" && len(cands) > 0 {
			break // the nearest level's first declaration
		}
	}
	named = len(cands) > 0
	kept, stop := r.choose(cands, args)
	switch {
	case stop:
		return nil, typeUnknown, named
	case len(kept) > 0:
		return kept[0], typeKnown, named
	case outside >= 0:
		return nil, typeExternal, named
	}
	return nil, typeUnknown, named
}

// depthFirst finds a member in t's bases depth first, left to right (the
// order Python's method resolution follows when no base is shared).
func (r *resolver) depthFirst(t *def, name string, kinds map[string]bool, depth int) (*def, typeState) {
	outcome := typeUnknown
	for _, base := range t.baseList() {
		bt, st := r.baseOf(t, base, depth)
		if st == typeKnown {
			var m *def
			if m, st = r.memberOf(bt, name, kinds, "", depth+1); st == typeKnown {
				return m, typeKnown
			}
		}
		if st == typeExternal {
			outcome = typeExternal
		}
	}
	return nil, outcome
}

// ancestors lists t's bases level by level (direct bases first, each
// type once) and the first level (1-based) at which a base outside the
// repository appears, or -1. Results are kept per resolver: a type's
// bases do not change while one file is resolved.
func (r *resolver) ancestors(t *def, depth int) ([][]*def, int) {
	if a, ok := r.ancestry[t.ID]; ok {
		return a.levels, a.outside
	}
	var levels [][]*def
	outside := -1
	seen := map[string]bool{t.ID: true}
	level := []*def{t}
	for d := 1; len(level) > 0 && depth+d <= maxChainDepth; d++ {
		var next []*def
		for _, lt := range level {
			for _, base := range lt.baseList() {
				bt, st := r.baseOf(lt, base, depth+d)
				if st == typeExternal && outside < 0 {
					outside = d
				}
				if st == typeKnown && !seen[bt.ID] {
					seen[bt.ID] = true
					next = append(next, bt)
				}
			}
		}
		if len(next) > 0 {
			levels = append(levels, next)
		}
		level = next
	}
	if r.ancestry == nil {
		r.ancestry = map[string]ancestry{}
	}
	r.ancestry[t.ID] = ancestry{levels, outside}
	return levels, outside
}

// ancestry is a type's bases as ancestors computes them.
type ancestry struct {
	levels  [][]*def
	outside int
}

// anyDef keeps every definition.
func anyDef(def) bool { return true }

// memberOfOthers is memberOf for the families whose bases are searched
// depth first (every language without Traits.MemberScopes); a C# call's
// argument types choose among the overloads (csharpMember).
func (r *resolver) memberOfOthers(t *def, name string, kinds map[string]bool, args string, depth int) (*def, typeState) {
	if depth > maxChainDepth {
		return nil, typeUnknown
	}
	if m, st, decided := r.csharpMember(t, name, kinds, args, depth); decided {
		return m, st
	}
	cands := r.filterParent(name, t.Qualified, kinds, anyDef)
	if r.family == lang.FamilyC && t.Kind == facts.KindModule {
		// A C++ namespace's functions of one name are overloads, spread
		// over the files that open it: the call's arguments choose.
		kept, stop := r.chooseByArity(cands, args)
		if stop {
			return nil, typeUnknown
		}
		cands = kept
	}
	if m, ok := r.nearestOwner(t.Path, cands); ok && r.sameType(t, m) {
		return withOwnerArgs(m, t), typeKnown
	}
	if t.Kind == facts.KindType && t.Type != "" && r.traits.TypedefMembers {
		// typedef struct s s_t, using J = K: the alias has its target's members.
		at, st := r.typeOf(t, depth+1)
		switch st {
		case typeKnown:
			return r.memberOf(at, name, kinds, "", depth+1)
		case typeWrapped:
			return nil, typeExternal // a named slice's or map's own members are outside ones
		}
		return nil, st
	}
	m, outcome := r.depthFirst(t, name, kinds, depth)
	if outcome == typeKnown {
		return m, typeKnown
	}
	if m, st := r.partialBases(t, name, kinds, depth); st != typeUnknown {
		return m, st
	}
	if t.Kind == facts.KindType && t.Type != "" && (r.traits.AliasMembers || len(t.union) > 0) {
		// A TypeScript type alias has the members of the type it names;
		// a union of a field's, variable's or result's types those of
		// its first member (unionValue).
		at, st := r.typeOf(t, depth)
		if st == typeKnown && at.ID != t.ID {
			return r.memberOf(at, name, kinds, "", depth+1)
		}
		if st == typeExternal {
			outcome = typeExternal
		}
	}
	return nil, outcome
}

// baseOf resolves a base type name of t, written in t's file.
func (r *resolver) baseOf(t *def, base string, depth int) (*def, typeState) {
	if strings.HasPrefix(base, "@") || facts.IsTypeApply(base) {
		// A base applied to t's own type parameters (class Request(
		// Connection[T])) is applied to what t's use gave them.
		return r.evalChain(chainCtx{path: t.Path, here: t.Path == r.f.Path, targs: t.applied}, base, depth+1)
	}
	q, name := splitQualified(base)
	if t.Path == r.f.Path {
		if head, _, _ := strings.Cut(q, "."); q != "" && (r.external[q] || r.external[head]) {
			return nil, typeExternal
		}
		if f, ok := r.baseType(base, t.Parent); ok {
			d := f.def
			return &d, typeKnown
		}
		if d, ok := r.attributeBase(t, q, base, depth); ok {
			return d, typeKnown
		}
	}
	if reach := r.traits.Reach; !reach.Dir && !reach.Project {
		// In a language where a name is in scope only when the file
		// defines or imports it, a base written bare is defined in the file
		// of the type that names it (imported ones are written @module|Name).
		if t.Path == r.f.Path || q != "" {
			return nil, typeExternal
		}
		cands := r.filterIn(name, []string{t.Path}, typeLike, func(d def) bool { return d.ID != t.ID })
		if d, ok := r.first(cands); ok {
			return &d, typeKnown
		}
		return nil, typeExternal
	}
	cands := r.filter(name, typeLike, func(d def) bool { return d.ID != t.ID })
	if d, ok := r.nearestOwner(t.Path, cands); ok {
		return d, typeKnown
	}
	if len(cands) > 0 {
		return cands[0], typeKnown
	}
	return r.absent(name)
}

// attributeBase is the class an attribute of self holds, where a class
// defined in a method names it as its base (class T(self.Serializer) in
// a test whose setup_method set self.Serializer): where a field may hold
// a class (Traits.CalledClassValues), the base is that field's value.
func (r *resolver) attributeBase(t *def, q, base string, depth int) (*def, bool) {
	head, _, _ := strings.Cut(q, ".")
	if !r.traits.CalledClassValues || !selfWords[head] {
		return nil, false
	}
	d, st := r.evalChain(chainCtx{path: t.Path, here: true, from: t.Parent}, base, depth+1)
	if st != typeKnown || d.Kind != facts.KindClass || d.ID == t.ID {
		return nil, false
	}
	return d, true
}

// parentOf is the qualified name of what encloses a qualified name ("" at
// the top): "A.B.c" -> "A.B".
func parentOf(qualified string) string {
	if i := strings.LastIndexByte(qualified, '.'); i >= 0 {
		return qualified[:i]
	}
	return ""
}

// unionTargets are the members named name of the types a union alias t
// names (facts.Symbol.Union), each once and none in seen (the member
// already found on the alias, which is its first type's): a method called
// on the alias's value may be any of theirs, as the checker answers. A
// member that is itself a union alias gives its own members'. Of an
// intersection's members, the first that declares the member, only when
// seen is empty (its first member does not).
func (r *resolver) unionTargets(t *def, seen map[string]bool, name string, kinds map[string]bool, args string, depth int) []def {
	members, intersection := facts.UnionMembers(t.union)
	if t.Kind != facts.KindType || len(members) == 0 || depth > maxChainDepth || intersection && len(seen) > 0 {
		return nil
	}
	var out []def
	ctx := chainCtx{path: t.Path, here: t.Path == r.f.Path, from: t.Parent, owner: t.ID}
	for _, chain := range members {
		u, st := r.evalChain(ctx, chain, depth+1)
		if st != typeKnown || u == nil {
			continue
		}
		if u.Kind == facts.KindType && len(u.union) > 0 {
			out = append(out, r.unionTargets(u, seen, name, kinds, args, depth+1)...)
		} else if m, mst := r.memberOf(u, name, kinds, args, depth+1); mst == typeKnown && !seen[m.ID] {
			seen[m.ID] = true
			out = append(out, *m)
		}
		if intersection && len(out) > 0 {
			return out
		}
	}
	return out
}

// withOwnerArgs is m, a member of t, carrying the type arguments t was
// used with (def.applied), so that a member found in a base applied to
// arguments (class UserRepo(Repository[User])) is evaluated with the
// base's, not the receiver's: memberOf reaches the base through baseOf,
// which applies it.
func withOwnerArgs(m, t *def) *def {
	if t.applied == nil || m.applied != nil || m.Kind == facts.KindClass {
		return m
	}
	c := *m
	c.applied = t.applied
	return &c
}
