package explicit

import (
	"github.com/lgraph/lgraph/internal/lang"
)

// C# overloads across a type and its bases: the candidates of a call on
// a type are its own overloads and its bases', level by level, for
// csharpoverload.go to choose among.

// csharpMember chooses a C# call's overload among the members of t and
// its bases (decided), when the call's argument types are known and some
// of them bear the name: the applicable ones of the most derived type
// that has any (12.6.4.1: a base's overloads are not candidates when a
// derived type's apply), an override counted with the method it
// overrides. Undecided, the caller looks the name up as before.
func (r *resolver) csharpMember(t *def, name string, kinds map[string]bool, args string, depth int) (m *def, st typeState, decided bool) {
	if args == "" || r.f.Lang != lang.CSharp {
		return nil, typeUnknown, false
	}
	var cands []*def
	var levels []int
	add := func(level int, found []*def) {
		for _, c := range found {
			if i := sameSignature(cands, c); i >= 0 {
				levels[i] = level // cands[i] overrides c
				continue
			}
			cands, levels = append(cands, c), append(levels, level)
		}
	}
	add(0, r.ownMembers(t, name, kinds))
	baseLevels, outside := r.partialAncestors(t, depth)
	for i, types := range baseLevels {
		for _, bt := range types {
			var inherited []*def
			for _, c := range r.ownMembers(bt, name, kinds) {
				if c.Name != bt.Name { // constructors are not inherited
					inherited = append(inherited, c)
				}
			}
			add(i+1, inherited)
		}
	}
	if len(cands) == 0 {
		return nil, typeUnknown, false
	}
	cm := r.csMatcher()
	kept, stop := cm.choose(cands, levels, cm.calling(args))
	switch {
	case stop:
		return nil, typeUnknown, true
	case len(kept) > 0:
		return kept[0], typeKnown, true
	case outside >= 0:
		return nil, typeExternal, true // a library base may declare the one that fits
	}
	return nil, typeUnknown, true
}

// partialAncestors are the bases of t and of its other partial parts
// (one part often names the base, the others none), level by level, and
// the first level with a base outside the repository, or -1.
func (r *resolver) partialAncestors(t *def, depth int) ([][]*def, int) {
	own, outside := r.ancestors(t, depth)
	if !r.traits.PartialTypes {
		return own, outside
	}
	seen := map[string]bool{t.ID: true}
	levels := make([][]*def, len(own)) // a copy: ancestors keeps its answers
	for i, types := range own {
		levels[i] = append([]*def{}, types...)
		for _, bt := range types {
			seen[bt.ID] = true
		}
	}
	for _, p := range r.otherParts(t) {
		more, out := r.ancestors(p, depth)
		if out >= 0 && (outside < 0 || out < outside) {
			outside = out
		}
		for i, types := range more {
			for len(levels) <= i {
				levels = append(levels, nil)
			}
			for _, bt := range types {
				if !seen[bt.ID] {
					seen[bt.ID] = true
					levels[i] = append(levels[i], bt)
				}
			}
		}
	}
	return levels, outside
}

// otherParts are the other partial parts of a C# type: types of its
// qualified name in its directory.
func (r *resolver) otherParts(t *def) []*def {
	if !r.traits.PartialTypes {
		return nil
	}
	return r.filter(t.Name, typeLike, func(d def) bool {
		return d.Qualified == t.Qualified && d.ID != t.ID && dirOf(d.Path) == dirOf(t.Path)
	})
}

// ownMembers are the members of a name that type t declares, in any of
// its partial parts.
func (r *resolver) ownMembers(t *def, name string, kinds map[string]bool) []*def {
	var out []*def
	for _, c := range r.filterParent(name, t.Qualified, kinds, anyDef) {
		if r.sameType(t, c) {
			out = append(out, c)
		}
	}
	return out
}

// sameSignature is the index of the candidate with c's parameter types,
// else -1.
func sameSignature(cands []*def, c *def) int {
	for i, d := range cands {
		if d.Params != "" && d.Params == c.Params {
			return i
		}
	}
	return -1
}

// csharpScope chooses a call's overload among the members of a type of
// this file that is a lexical scope around the call, and of its bases
// (csharpMember): a bare Add("s") in a subclass may mean a base's Add.
// One declared elsewhere is left to enclosingOrNamespace, which finds it
// through the type as before.
func (r *resolver) csharpScope(scope, name string, kinds map[string]bool, args string) (def, typeState, bool) {
	if args == "" || r.f.Lang != lang.CSharp {
		return def{}, typeUnknown, false
	}
	i, ok := r.byQual[scope]
	if !ok || !typeLike[r.f.Facts.Symbols[i].Kind] {
		return def{}, typeUnknown, false
	}
	t := r.localDef(i)
	m, st, decided := r.csharpMember(&t, name, kinds, args, 0)
	if !decided || st != typeKnown || m.Path != r.f.Path {
		return def{}, typeUnknown, decided
	}
	return *m, typeKnown, true
}
