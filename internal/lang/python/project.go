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
// heads of every Python file, in.Code).
func (r *project) Finish(pr *lang.Project) {
	for _, d := range r.in.ImportRoots {
		r.roots.declare("", d, "")
	}
	r.roots.tree(r.in.Code, r.in.Has)
	if len(r.roots) > 0 {
		pr.PythonRoots = r.roots
	}
}

// importHeads is what a Python file tells the tree rule: the first two
// segments of each absolute import, as text ("H:s,s;H2:;").
func importHeads(f *facts.File) string {
	if f == nil {
		return ""
	}
	heads := map[string]map[string]bool{}
	addHeads(heads, f.Imports)
	var b strings.Builder
	for _, h := range slices.Sorted(maps.Keys(heads)) {
		b.WriteString(h + ":" + strings.Join(slices.Sorted(maps.Keys(heads[h])), ",") + ";")
	}
	return b.String()
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

// parseHeads adds the heads importHeads wrote ("H:s,s;H2:;") to heads.
func parseHeads(heads map[string]map[string]bool, text string) {
	for _, part := range strings.Split(text, ";") {
		h, list, ok := strings.Cut(part, ":")
		if !ok {
			continue
		}
		if heads[h] == nil {
			heads[h] = map[string]bool{}
		}
		for _, s := range strings.Split(list, ",") {
			if s != "" {
				heads[h][s] = true
			}
		}
	}
}
