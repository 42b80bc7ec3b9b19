package python

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// project reads the Python package roots (Project.PythonRoots) from
// pyproject.toml, setup.cfg and setup.py files, the import_roots config
// key and, last, the tree itself.
type project struct {
	roots roots
	in    lang.ProjectInput
}

func newProject(in lang.ProjectInput) lang.ProjectReader {
	return &project{roots: roots{}, in: in}
}

// Read takes a pyproject.toml, setup.cfg or setup.py.
func (r *project) Read(p string, data []byte) {
	dir := lang.ProjectDir(p)
	switch path.Base(p) {
	case "pyproject.toml":
		r.roots.pyproject(dir, data, r.in.Has)
	case "setup.cfg":
		r.roots.setupCfg(dir, data)
	case "setup.py":
		r.roots.setupPy(dir, data)
	}
}

// Finish adds the configured roots and those the tree shows (from the
// directory tallies of the Python files, in.Dirs).
func (r *project) Finish(pr *lang.Project) {
	for _, d := range r.in.ImportRoots {
		r.roots.declare("", d, "")
	}
	r.roots.tree(r.in.Dirs, r.in.Has)
	if len(r.roots) > 0 {
		pr.PythonRoots = r.roots
	}
}

// The marks a Python file adds to its directory's tally besides its
// import heads, which never begin with '#'.
const (
	markFile    = "#file"    // every Python file
	markPackage = "#package" // __init__.py, __init__.pyi
	markStem    = "#stem:"   // and the name of a file neither .py nor .pyi (a script)
)

// dirFacts is what a Python file tells the tree rule through its
// directory's tally (Traits.DirFacts): that it is there, whether it makes
// its directory a package, the name it imports as when that is not its
// stem, and the first two segments of each absolute import ("H", "H.s").
func dirFacts(p string, f *facts.File) []string {
	out := []string{markFile}
	switch base := path.Base(p); {
	case base == "__init__.py" || base == "__init__.pyi":
		out = append(out, markPackage)
	case !strings.HasSuffix(base, ".py") && !strings.HasSuffix(base, ".pyi"):
		out = append(out, markStem+base)
	}
	if f == nil {
		return out
	}
	heads := map[string]map[string]bool{}
	addHeads(heads, f.Imports)
	for _, h := range slices.Sorted(maps.Keys(heads)) {
		out = append(out, h)
		for _, s := range slices.Sorted(maps.Keys(heads[h])) {
			out = append(out, h+"."+s)
		}
	}
	return out
}

// dirTokenMatters is Traits.DirTokenMatters: the tree rule (roots.tree)
// reads an import head H, and its "H.s", only as what a directory named H
// below the top imports as, so a head no such directory is named after
// changes no root; the marks say where Python files and packages are, and
// always matter.
func dirTokenMatters(tok string, nested func(name string) bool) bool {
	if tok == "" || tok[0] == '#' {
		return true
	}
	h, _, _ := strings.Cut(tok, ".")
	return nested(h)
}

// addHeads records the first two segments of each absolute import.
func addHeads(heads map[string]map[string]bool, imps []facts.Import) {
	for _, imp := range imps {
		if imp.Path == "" || imp.Path[0] == '.' {
			continue
		}
		h, rest, _ := strings.Cut(imp.Path, ".")
		s, _, _ := strings.Cut(rest, ".")
		if heads[h] == nil {
			heads[h] = map[string]bool{}
		}
		if s != "" {
			heads[h][s] = true
		}
		if rest == "" {
			for _, n := range imp.Names {
				heads[h][n] = true
			}
		}
	}
}

// tallyHeads adds the import heads of a directory's tally to heads.
func tallyHeads(heads map[string]map[string]bool, t lang.Tally) {
	for tok, n := range t {
		if n <= 0 || tok == "" || tok[0] == '#' {
			continue
		}
		h, s, _ := strings.Cut(tok, ".")
		if heads[h] == nil {
			heads[h] = map[string]bool{}
		}
		if s != "" {
			heads[h][s] = true
		}
	}
}
