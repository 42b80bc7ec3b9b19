package repogen

import (
	"math/rand"
	"path"
	"strconv"
)

// generator builds the initial tree.
type generator struct {
	r      *Repo
	rnd    *rand.Rand
	layout map[string]*langLayout
}

// langLayout tracks the directories and units generated for one language.
type langLayout struct {
	lang  string
	dirs  []*dirInfo
	index map[string]int // dir path -> creation index
	units []*unit
	cur   *dirInfo
	types map[string]bool // C type names, which share one namespace
	pool  []string        // public function names, reused to create ties
}

// dirInfo is one generated package directory.
type dirInfo struct {
	path     string
	index    int
	depth    int
	capacity int
	units    []*unit
	children map[string]bool
	taken    map[string]bool // stems, subdirectory and (for Go) package-level names
}

func newGenerator(r *Repo, rnd *rand.Rand) *generator {
	g := &generator{r: r, rnd: rnd, layout: map[string]*langLayout{}}
	for _, l := range r.opts.Languages {
		g.layout[l] = &langLayout{lang: l, types: map[string]bool{}, index: map[string]int{}}
	}
	return g
}

// run stages extras and units until the tree holds opts.Files files.
func (g *generator) run() {
	g.r.writeExtras(g.rnd)
	count := g.r.manifestCount()
	for i := 0; count < g.r.opts.Files || i < len(g.r.opts.Languages); i++ {
		count += g.addUnit(g.layout[g.r.opts.Languages[i%len(g.r.opts.Languages)]])
	}
}

// addUnit generates one unit and returns how many files it adds, counting
// derived package files of a new directory.
func (g *generator) addUnit(l *langLayout) int {
	added := 0
	if l.cur == nil || len(l.cur.units) >= l.cur.capacity {
		l.cur = g.newDir(l)
		if l.lang == LangPython || l.lang == LangRust {
			added++
			if len(l.dirs) == 1 {
				added++ // app/__init__.py or lib.rs
			}
		}
	}
	deps := g.pickDeps(l, l.cur)
	u := newUnit(g.rnd, l.lang, l.cur.path, l.cur.taken, l.types, l.pool)
	addCalls(g.rnd, u, deps)
	l.cur.units = append(l.cur.units, u)
	l.units = append(l.units, u)
	for _, f := range u.Funcs {
		if !f.Private && g.rnd.Intn(3) == 0 {
			l.pool = append(l.pool, f.Name)
		}
	}
	g.r.putUnit(u)
	return added + len(unitPaths(u.Lang, u.Path))
}

// newDir creates a package directory below the language root or below an
// existing directory.
func (g *generator) newDir(l *langLayout) *dirInfo {
	parentPath, depth := langs[l.lang].root, 1
	var parent *dirInfo
	if len(l.dirs) > 0 && g.rnd.Intn(10) < 6 {
		cand := l.dirs[g.rnd.Intn(len(l.dirs))]
		if cand.depth < 4 {
			parent, parentPath, depth = cand, cand.path, cand.depth+1
		}
	}
	taken := map[string]bool{}
	if parent != nil {
		taken = parent.taken
	} else {
		for _, d := range l.dirs {
			if d.depth == 1 {
				taken[path.Base(d.path)] = true
			}
		}
	}
	name := freshName(g.rnd, taken, func() string { return pick(g.rnd, nouns) })
	taken[name] = true
	d := &dirInfo{
		path: parentPath + "/" + name, index: len(l.dirs), depth: depth,
		capacity: 5 + g.rnd.Intn(11), children: map[string]bool{}, taken: map[string]bool{},
	}
	if parent != nil {
		parent.children[name] = true
	}
	l.index[d.path] = d.index
	l.dirs = append(l.dirs, d)
	return d
}

// pickDeps chooses up to three earlier units to import. Go units only
// import packages created earlier (or their own package) so the initial
// import graph is acyclic.
func (g *generator) pickDeps(l *langLayout, d *dirInfo) []*unit {
	if len(l.units) == 0 {
		return nil
	}
	want := g.rnd.Intn(4)
	var out []*unit
	seen := map[*unit]bool{}
	for try := 0; try < 4*want && len(out) < want; try++ {
		u := l.units[g.rnd.Intn(len(l.units))]
		if len(d.units) > 0 && g.rnd.Intn(3) == 0 {
			u = d.units[g.rnd.Intn(len(d.units))]
		}
		if seen[u] || (l.lang == LangGo && !goImportable(l, u, d)) {
			continue
		}
		seen[u] = true
		out = append(out, u)
	}
	return out
}

// goImportable reports whether a Go unit in d may call u without creating an
// import cycle.
func goImportable(l *langLayout, u *unit, d *dirInfo) bool {
	if u.dir() == d.path {
		return true
	}
	i, ok := l.index[u.dir()]
	return ok && i < d.index
}

// freshName draws names from gen until one is not taken, then appends
// numbers.
func freshName(rnd *rand.Rand, taken map[string]bool, gen func() string) string {
	name := gen()
	for i := 0; i < 8 && taken[name]; i++ {
		name = gen()
	}
	base := name
	for i := 2; taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}
