package repogen

import (
	"fmt"
	"math/rand"
	"strings"
)

// edit applies one random change and describes it, or reports false when it
// does not apply to the current tree.
type edit func(r *Repo, rnd *rand.Rand) (op string, ok bool)

// weightedEdits lists the random edits with their relative frequency.
var weightedEdits = []struct {
	weight int
	fn     edit
}{
	{3, editAddFile},
	{6, editBody},
	{2, editAddFunc},
	{1, editRemoveFunc},
	{1, editDeleteFile},
	{2, editRename},
	{1, editMoveDef},
	{1, editDuplicate},
	{2, editCosmetic},
	{1, editRevert},
}

// RandomCommit applies one to five random realistic edits and commits them.
func (r *Repo) RandomCommit(rnd *rand.Rand) (Commit, error) {
	want := 1 + rnd.Intn(5)
	var ops []string
	for try := 0; len(ops) < want && try < 20*want; try++ {
		if op, ok := randomEdit(rnd)(r, rnd); ok {
			ops = append(ops, op)
		}
	}
	if len(ops) == 0 {
		return Commit{}, fmt.Errorf("random commit: no edit applies")
	}
	r.syncDerived()
	return r.commit(message(ops), ops)
}

func randomEdit(rnd *rand.Rand) edit {
	total := 0
	for _, e := range weightedEdits {
		total += e.weight
	}
	n := rnd.Intn(total)
	for _, e := range weightedEdits {
		if n < e.weight {
			return e.fn
		}
		n -= e.weight
	}
	return weightedEdits[0].fn
}

// message builds a commit message: a subject from the first op and a body
// listing every op.
func message(ops []string) string {
	subject := sentence(ops[0])
	if len(ops) == 1 {
		return subject
	}
	var b strings.Builder
	more := "changes"
	if len(ops) == 2 {
		more = "change"
	}
	b.WriteString(fmt.Sprintf("%s and %d more %s\n\n", subject, len(ops)-1, more))
	for _, op := range ops {
		b.WriteString("- " + op + "\n")
	}
	return b.String()
}

// randomUnit returns a random unit of lang (any language if ""), or nil.
func (r *Repo) randomUnit(rnd *rand.Rand, lang string) *unit {
	us := r.st.sortedUnits(lang)
	if len(us) == 0 {
		return nil
	}
	return us[rnd.Intn(len(us))]
}

// randomLang returns one of the configured languages.
func (r *Repo) randomLang(rnd *rand.Rand) string {
	return r.opts.Languages[rnd.Intn(len(r.opts.Languages))]
}

// dirNames returns the names a new unit in dir must avoid: file stems,
// subdirectory names and, for Go, the package-level names of the package.
func (r *Repo) dirNames(lang, dir string) map[string]bool {
	taken := map[string]bool{}
	prefix := dir + "/"
	for p := range r.st.files {
		if !strings.HasPrefix(p, prefix) {
			continue
		}
		rest := p[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			taken[rest[:i]] = true
		} else {
			taken[stemOf(rest)] = true
		}
	}
	if lang == LangGo {
		for _, u := range r.st.units {
			if u.Lang == LangGo && u.dir() == dir {
				for n := range u.names() {
					taken[n] = true
				}
				for _, t := range u.Types {
					taken["new_"+t.Name] = true
				}
			}
		}
	}
	return taken
}

// cTypes returns every C type name in use.
func (r *Repo) cTypes() map[string]bool {
	out := map[string]bool{}
	for _, u := range r.st.units {
		if u.Lang == LangC {
			for _, t := range u.Types {
				out[t.Name] = true
			}
		}
	}
	return out
}

// namePool returns public function names of a few random units of lang.
func (r *Repo) namePool(rnd *rand.Rand, lang string) []string {
	var pool []string
	for i := 0; i < 4; i++ {
		if u := r.randomUnit(rnd, lang); u != nil {
			for _, f := range u.Funcs {
				if !f.Private {
					pool = append(pool, f.Name)
				}
			}
		}
	}
	return pool
}

// randomDeps returns up to n random units of lang other than self.
func (r *Repo) randomDeps(rnd *rand.Rand, lang string, self *unit, n int) []*unit {
	var out []*unit
	for i := 0; i < n; i++ {
		if u := r.randomUnit(rnd, lang); u != nil && u != self {
			out = append(out, u)
		}
	}
	return out
}

// unitDirs returns the sorted distinct directories holding units of lang.
func (r *Repo) unitDirs(lang string) []string {
	var out []string
	seen := map[string]bool{}
	for _, u := range r.st.sortedUnits(lang) {
		if !seen[u.dir()] {
			seen[u.dir()] = true
			out = append(out, u.dir())
		}
	}
	return out
}
