package repogen

import (
	"math/rand"
	"sort"
)

// editMoveDef moves a function to another file of the same language. Callers
// in the old file are pointed at the new location; other callers are not.
func editMoveDef(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil || len(u.Funcs) < 2 {
		return "", false
	}
	v := r.sameLangOther(rnd, u)
	i := rnd.Intn(len(u.Funcs))
	f := u.Funcs[i]
	samePkg := u.Lang == LangGo && v != nil && v.dir() == u.dir()
	if v == nil || (!samePkg && r.hasName(v, f.Name)) {
		return "", false
	}
	r.st.remember(u)
	r.st.remember(v)
	u.Funcs = append(u.Funcs[:i:i], u.Funcs[i+1:]...)
	retarget(u, f.Name, v.Path)
	moved := cloneFuncs([]funcDef{f})[0]
	for j := range moved.Calls {
		if moved.Calls[j].Import == "" {
			moved.Calls[j].Import = u.Path
		}
	}
	moved.Private = false
	v.Funcs = append(v.Funcs, moved)
	r.putUnit(u)
	r.putUnit(v)
	return "move func " + f.Name + " from " + u.Path + " to " + v.Path, true
}

// retarget points u's local calls of name at the unit at target.
func retarget(u *unit, name, target string) {
	for _, g := range u.allFuncs() {
		for j, c := range g.Calls {
			if c.Import == "" && c.Type == "" && c.Name == name {
				g.Calls[j].Import = target
			}
		}
	}
}

// editDuplicate defines, in another file, a function with the same name as
// an existing public function, so name resolution has to break a tie.
func editDuplicate(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil {
		return "", false
	}
	f := u.Funcs[rnd.Intn(len(u.Funcs))]
	v := r.sameLangOther(rnd, u)
	if f.Private || v == nil || r.hasName(v, f.Name) {
		return "", false
	}
	r.st.remember(v)
	dup := funcDef{Name: f.Name, Doc: pick(rnd, docPhrases), Mult: 2 + rnd.Intn(8)}
	for i, n := 0, rnd.Intn(3); i < n; i++ {
		if c, ok := r.newCall(rnd, v, &dup); ok {
			dup.Calls = append(dup.Calls, c)
		}
	}
	v.Funcs = append(v.Funcs, dup)
	r.putUnit(v)
	return "duplicate name " + f.Name + " of " + u.Path + " in " + v.Path, true
}

// cachedSuffix is appended to or removed from doc comments by comment edits.
const cachedSuffix = " Results are cached."

// editCosmetic makes a whitespace-only or comment-only change.
func editCosmetic(r *Repo, rnd *rand.Rand) (string, bool) {
	u := r.randomUnit(rnd, "")
	if u == nil {
		return "", false
	}
	r.st.remember(u)
	fs := u.allFuncs()
	f := fs[rnd.Intn(len(fs))]
	op := "comment " + u.Path + ": " + f.Name
	switch rnd.Intn(3) {
	case 0:
		f.Spaced = !f.Spaced
		op = "whitespace " + u.Path + ": " + f.Name
	case 1:
		if n := len(f.Doc) - len(cachedSuffix); n > 0 && f.Doc[n:] == cachedSuffix {
			f.Doc = f.Doc[:n]
		} else {
			f.Doc += cachedSuffix
		}
	default:
		if len(f.Notes) > 0 && rnd.Intn(2) == 0 {
			f.Notes = f.Notes[:len(f.Notes)-1]
		} else {
			f.Notes = append(f.Notes, pick(rnd, notes))
		}
	}
	r.putUnit(u)
	return op, true
}

// editRevert restores a file to one of its earlier versions.
func editRevert(r *Repo, rnd *rand.Rand) (string, bool) {
	var cands []string
	for p, h := range r.st.history {
		if len(h) > 0 && r.st.units[p] != nil {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return "", false
	}
	sort.Strings(cands)
	p := cands[rnd.Intn(len(cands))]
	h := r.st.history[p]
	for _, j := range rnd.Perm(len(h)) {
		if !r.rendersCurrent(h[j]) {
			r.st.remember(r.st.units[p])
			r.putUnit(h[j].clone())
			return "revert " + p + " to an earlier version", true
		}
	}
	return "", false
}

// rendersCurrent reports whether u renders exactly to the current files.
func (r *Repo) rendersCurrent(u *unit) bool {
	for _, f := range langs[u.Lang].render(u, r.opts.ModulePath) {
		if cur, ok := r.st.files[f.Path]; !ok || cur != f.Content {
			return false
		}
	}
	return true
}
