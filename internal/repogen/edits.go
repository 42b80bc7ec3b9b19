package repogen

import "math/rand"

// editAddFile adds a unit that imports and calls existing units.
func editAddFile(r *Repo, rnd *rand.Rand) (string, bool) {
	lang := r.randomLang(rnd)
	dir := r.pickDir(rnd, lang)
	u := newUnit(rnd, lang, dir, r.dirNames(lang, dir), r.cTypes(), r.namePool(rnd, lang))
	for _, p := range unitPaths(lang, u.Path) {
		if _, exists := r.st.files[p]; exists {
			return "", false
		}
	}
	addCalls(rnd, u, r.randomDeps(rnd, lang, nil, 1+rnd.Intn(3)))
	r.putUnit(u)
	return "add " + u.Path, true
}

// pickDir returns an existing package directory of lang, or sometimes a new
// one below the language root or below an existing directory.
func (r *Repo) pickDir(rnd *rand.Rand, lang string) string {
	dirs := r.unitDirs(lang)
	if len(dirs) > 0 && rnd.Intn(6) != 0 {
		return dirs[rnd.Intn(len(dirs))]
	}
	parent := langs[lang].root
	if len(dirs) > 0 && rnd.Intn(2) == 0 {
		parent = dirs[rnd.Intn(len(dirs))]
	}
	taken := r.dirNames(lang, parent)
	return parent + "/" + freshName(rnd, taken, func() string { return pick(rnd, nouns) })
}

// editBody adds or removes a call in one function body.
func editBody(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil {
		return "", false
	}
	r.st.remember(u)
	fs := u.allFuncs()
	f := fs[rnd.Intn(len(fs))]
	op := ""
	if len(f.Calls) > 0 && rnd.Intn(3) == 0 {
		i := rnd.Intn(len(f.Calls))
		op = "modify " + u.Path + ": " + f.Name + " drops call to " + describeCall(f.Calls[i])
		f.Calls = append(f.Calls[:i], f.Calls[i+1:]...)
	} else if c, ok := r.newCall(rnd, u, f); ok {
		op = "modify " + u.Path + ": " + f.Name + " calls " + describeCall(c)
		f.Calls = append(f.Calls, c)
	} else {
		return "", false
	}
	if rnd.Intn(3) == 0 {
		f.Mult = 2 + rnd.Intn(8)
	}
	r.putUnit(u)
	return op, true
}

// newCall returns a call for a body of u (other than self, which is nil
// for a new function): to a unit u already imports, to another unit of the
// language, or to another function of u.
func (r *Repo) newCall(rnd *rand.Rand, u *unit, self *funcDef) (callRef, bool) {
	var cands []*unit
	for _, t := range u.targets() {
		if v := r.st.units[t]; v != nil && v != u {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 || rnd.Intn(3) == 0 {
		cands = r.randomDeps(rnd, u.Lang, u, 1)
	}
	if calls := crossCalls(rnd, cands, 1); len(calls) > 0 && rnd.Intn(5) != 0 {
		return calls[0], true
	}
	var local []callRef
	for _, f := range u.Funcs {
		if self == nil || f.Name != self.Name {
			local = append(local, callRef{Name: f.Name})
		}
	}
	if len(local) == 0 {
		return callRef{}, false
	}
	return local[rnd.Intn(len(local))], true
}

// describeCall names a call target for op descriptions.
func describeCall(c callRef) string {
	name := c.Name
	if c.Type != "" {
		name = c.Type + "." + c.Name
	}
	if c.Import != "" {
		name += " from " + c.Import
	}
	return name
}

// editAddFunc adds a function to a unit.
func editAddFunc(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil {
		return "", false
	}
	r.st.remember(u)
	names := u.names()
	if u.Lang == LangGo {
		names = r.dirNames(LangGo, u.dir())
	}
	f := newFunc(rnd, names, r.namePool(rnd, u.Lang))
	f.Private = rnd.Intn(5) == 0
	for i, n := 0, rnd.Intn(3); i < n; i++ {
		if c, ok := r.newCall(rnd, u, &f); ok {
			f.Calls = append(f.Calls, c)
		}
	}
	u.Funcs = append(u.Funcs, f)
	r.putUnit(u)
	return "add func " + f.Name + " to " + u.Path, true
}

// editRemoveFunc removes a function and the calls to it from its own file.
func editRemoveFunc(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil || len(u.Funcs) < 2 {
		return "", false
	}
	r.st.remember(u)
	i := rnd.Intn(len(u.Funcs))
	name := u.Funcs[i].Name
	u.Funcs = append(u.Funcs[:i], u.Funcs[i+1:]...)
	dropLocalCalls(u, name)
	r.putUnit(u)
	return "remove func " + name + " from " + u.Path, true
}

// dropLocalCalls removes the unit's calls to its own function name.
func dropLocalCalls(u *unit, name string) {
	for _, f := range u.allFuncs() {
		kept := f.Calls[:0]
		for _, c := range f.Calls {
			if c.Import != "" || c.Type != "" || c.Name != name {
				kept = append(kept, c)
			}
		}
		f.Calls = kept
	}
}

// editDeleteFile deletes a unit's files, leaving its importers dangling.
func editDeleteFile(r *Repo, rnd *rand.Rand) (string, bool) {
	lang := r.randomLang(rnd)
	if len(r.st.sortedUnits(lang)) < 3 {
		return "", false
	}
	u := r.randomUnit(rnd, lang)
	r.dropUnit(u)
	return "delete " + u.Path, true
}

// editRename renames a unit within its directory or moves it to another
// directory of the same language. Importers are not fixed.
func editRename(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil {
		return "", false
	}
	dir := u.dir()
	if rnd.Intn(2) == 0 {
		dir = r.pickDir(rnd, u.Lang)
	}
	stem := u.stem()
	taken := r.dirNames(u.Lang, dir)
	if dir == u.dir() || taken[stem] {
		stem = freshName(rnd, taken, func() string { return stemName(rnd) })
	}
	to := dir + "/" + langs[u.Lang].file(stem)
	for _, p := range unitPaths(u.Lang, to) {
		if _, exists := r.st.files[p]; exists {
			return "", false
		}
	}
	from := u.Path
	r.dropUnit(u)
	u.Path = to
	r.putUnit(u)
	return "rename " + from + " -> " + to, true
}

// sameLangOther returns a random unit of u's language other than u, or nil.
func (r *Repo) sameLangOther(rnd *rand.Rand, u *unit) *unit {
	for i := 0; i < 4; i++ {
		if v := r.randomUnit(rnd, u.Lang); v != nil && v != u {
			return v
		}
	}
	return nil
}

// hasName reports whether a function named name may not be added to v:
// it exists in v or, for Go, elsewhere in v's package.
func (r *Repo) hasName(v *unit, name string) bool {
	if v.Lang == LangGo {
		return r.dirNames(LangGo, v.dir())[name]
	}
	return v.names()[name]
}
