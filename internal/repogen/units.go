package repogen

import "math/rand"

// unitNames returns the set a new unit's top-level names must avoid: the
// package-wide set for Go, a fresh set holding the stem otherwise.
func unitNames(lang, stem string, pkgNames map[string]bool) map[string]bool {
	if lang == LangGo {
		return pkgNames
	}
	return map[string]bool{stem: true}
}

// newUnit generates a unit in dir. taken holds the directory's used names
// (stems, subdirectories and, for Go, package-level names); ctypes holds C
// type names; pool holds public function names to reuse for ties.
func newUnit(rnd *rand.Rand, lang, dir string, taken, ctypes map[string]bool, pool []string) *unit {
	stem := freshName(rnd, taken, func() string { return stemName(rnd) })
	taken[stem] = true
	u := &unit{
		Lang: lang, Path: dir + "/" + langs[lang].file(stem), Salt: rnd.Intn(1 << 30),
		Doc: "helpers for " + pick(rnd, nouns) + " " + pick(rnd, nouns) + " processing.",
	}
	names := unitNames(lang, stem, taken)
	for i, n := 0, rnd.Intn(3); i < n; i++ {
		name := freshName(rnd, names, func() string { return pick(rnd, constNames) })
		names[name] = true
		u.Consts = append(u.Consts, constDef{Name: name, Value: 2 + rnd.Intn(60)})
	}
	for i, n := 0, typeCount(rnd); i < n; i++ {
		u.Types = append(u.Types, newType(rnd, lang, names, ctypes))
	}
	for i, n := 0, 1+rnd.Intn(4); i < n; i++ {
		f := newFunc(rnd, names, pool)
		f.Private = i > 0 && rnd.Intn(5) == 0
		u.Funcs = append(u.Funcs, f)
	}
	return u
}

func stemName(rnd *rand.Rand) string {
	if rnd.Intn(3) == 0 {
		return pick(rnd, nouns) + "_" + pick(rnd, nouns)
	}
	return pick(rnd, nouns)
}

func typeCount(rnd *rand.Rand) int {
	switch x := rnd.Intn(20); {
	case x < 9:
		return 0
	case x < 17:
		return 1
	default:
		return 2
	}
}

// newType generates a type with one to three methods.
func newType(rnd *rand.Rand, lang string, names, ctypes map[string]bool) typeDef {
	taken := names
	if lang == LangC {
		taken = unionSet(names, ctypes)
	}
	name := freshName(rnd, taken, func() string { return typeName(rnd) })
	names[name] = true
	names["new_"+name] = true
	if lang == LangC {
		ctypes[name] = true
	}
	t := typeDef{Name: name, Doc: pick(rnd, typeDocs)}
	seen := map[string]bool{}
	for i, n := 0, 1+rnd.Intn(3); i < n; i++ {
		m := newFunc(rnd, seen, nil)
		t.Methods = append(t.Methods, m)
	}
	return t
}

// newFunc generates a function whose name is not in names, sometimes
// reusing a name from pool so names repeat across files.
func newFunc(rnd *rand.Rand, names map[string]bool, pool []string) funcDef {
	name := ""
	if len(pool) > 0 && rnd.Intn(5) == 0 {
		if cand := pool[rnd.Intn(len(pool))]; !names[cand] {
			name = cand
		}
	}
	if name == "" {
		name = freshName(rnd, names, func() string { return funcName(rnd) })
	}
	names[name] = true
	return funcDef{Name: name, Doc: pick(rnd, docPhrases), Mult: 2 + rnd.Intn(8)}
}

func unionSet(a, b map[string]bool) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// addCalls fills function bodies with calls to deps and to the unit itself.
// Every dep is called at least once so it is imported.
func addCalls(rnd *rand.Rand, u *unit, deps []*unit) {
	for i := range u.Funcs {
		f := &u.Funcs[i]
		f.Calls = append(f.Calls, crossCalls(rnd, deps, rnd.Intn(3))...)
		if i > 0 && rnd.Intn(3) == 0 {
			f.Calls = append(f.Calls, callRef{Name: u.Funcs[rnd.Intn(i)].Name})
		}
		if len(u.Types) > 0 && rnd.Intn(5) == 0 {
			t := u.Types[rnd.Intn(len(u.Types))]
			f.Calls = append(f.Calls, callRef{Type: t.Name, Name: t.Methods[rnd.Intn(len(t.Methods))].Name})
		}
	}
	for ti := range u.Types {
		for mi := range u.Types[ti].Methods {
			m := &u.Types[ti].Methods[mi]
			m.Calls = append(m.Calls, crossCalls(rnd, deps, rnd.Intn(2))...)
			if rnd.Intn(4) == 0 {
				m.Calls = append(m.Calls, callRef{Name: u.Funcs[rnd.Intn(len(u.Funcs))].Name})
			}
		}
	}
	used := map[string]bool{}
	for _, t := range u.targets() {
		used[t] = true
	}
	for _, d := range deps {
		if !used[d.Path] {
			f := &u.Funcs[rnd.Intn(len(u.Funcs))]
			f.Calls = append(f.Calls, crossCalls(rnd, []*unit{d}, 1)...)
		}
	}
}

// crossCalls returns n calls to random exported symbols of deps.
func crossCalls(rnd *rand.Rand, deps []*unit, n int) []callRef {
	var out []callRef
	for i := 0; i < n && len(deps) > 0; i++ {
		syms := deps[rnd.Intn(len(deps))].exported()
		if len(syms) > 0 {
			out = append(out, syms[rnd.Intn(len(syms))])
		}
	}
	return out
}
