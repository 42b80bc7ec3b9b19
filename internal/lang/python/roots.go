package python

import (
	"bufio"
	"bytes"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/lgraph/lgraph/internal/lang"
)

// roots collects Python package roots: repository directory -> the
// dotted package its files import as ("" for a plain import root).
type roots map[string]string

// declare records sub (relative to the project file's directory dir) as
// the directory of package pkg. Paths that leave the repository, and the
// repository root itself as a plain root, are ignored.
func (r roots) declare(dir, sub, pkg string) {
	sub = strings.TrimSpace(sub)
	if path.IsAbs(sub) || strings.Contains(sub, "*") {
		return
	}
	p := path.Clean(path.Join(dir, sub))
	if p == ".." || strings.HasPrefix(p, "../") {
		return
	}
	if p == "." {
		p = ""
	}
	pkg = strings.Trim(strings.ReplaceAll(pkg, "/", "."), ".")
	if p == "" && pkg == "" {
		return
	}
	r[p] = pkg
}

// packageDir records a setuptools-style package_dir mapping: {"": "src"}
// makes src a root, {"pkg": "lib/pkg"} maps a package to a directory.
func (r roots) packageDir(dir string, m map[string]string) {
	for pkg, sub := range m {
		r.declare(dir, sub, pkg)
	}
}

// pyproject reads the package roots a pyproject.toml in dir declares for
// setuptools, poetry, hatch, pdm, flit and maturin. A file that does not
// parse contributes nothing rather than failing the run.
func (r roots) pyproject(dir string, data []byte, exists func(string) bool) {
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return
	}
	tool := tomlTable(doc, "tool")
	st := tomlTable(tool, "setuptools")
	r.packageDir(dir, tomlStrMap(st["package-dir"]))
	for _, w := range tomlStrs(tomlTable(tomlTable(st, "packages"), "find")["where"]) {
		r.declare(dir, w, "")
	}
	for _, p := range tomlTables(tomlTable(tool, "poetry")["packages"]) {
		if from, ok := p["from"].(string); ok {
			r.declare(dir, from, "")
		}
	}
	wheel := tomlTable(tomlTable(tomlTable(tomlTable(tool, "hatch"), "build"), "targets"), "wheel")
	for _, p := range tomlStrs(wheel["packages"]) {
		// Hatch installs a listed package directory under its last name.
		if base := path.Base(path.Clean(p)); path.Dir(path.Clean(p)) != "." {
			r.declare(dir, p, base)
		}
	}
	switch s := wheel["sources"].(type) {
	case []any:
		for _, p := range tomlStrs(s) {
			r.declare(dir, p, "")
		}
	case map[string]any:
		r.packageDir(dir, invert(tomlStrMap(s)))
	}
	if pd, ok := tomlTable(tomlTable(tool, "pdm"), "build")["package-dir"].(string); ok {
		r.declare(dir, pd, "")
	}
	if ps, ok := tomlTable(tool, "maturin")["python-source"].(string); ok {
		r.declare(dir, ps, "")
	}
	if name, ok := tomlTable(tomlTable(tool, "flit"), "module")["name"].(string); ok {
		// Flit finds the module in src/ when it is there.
		top, _, _ := strings.Cut(name, ".")
		src := path.Join(dir, "src", top)
		if exists(src+"/__init__.py") || exists(src+".py") {
			r.declare(dir, "src", "")
		}
	}
}

// invert turns hatch's sources {"src/pkg": "pkg"} (directory -> prefix)
// into package_dir form (prefix -> directory).
func invert(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[v] = k
	}
	return out
}

func tomlTable(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	return t
}

func tomlTables(v any) []map[string]any {
	var out []map[string]any
	switch l := v.(type) {
	case []map[string]any:
		out = l
	case []any:
		for _, x := range l {
			if t, ok := x.(map[string]any); ok {
				out = append(out, t)
			}
		}
	}
	return out
}

// tomlStrs reads a string or a list of strings.
func tomlStrs(v any) []string {
	switch l := v.(type) {
	case string:
		return []string{l}
	case []any:
		var out []string
		for _, x := range l {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func tomlStrMap(v any) map[string]string {
	m, _ := v.(map[string]any)
	out := map[string]string{}
	for k, x := range m {
		if s, ok := x.(string); ok {
			out[k] = s
		}
	}
	return out
}

// setupCfg reads [options] package_dir and [options.packages.find] where
// from a setup.cfg in dir.
func (r roots) setupCfg(dir string, data []byte) {
	ini := parseINI(data)
	r.packageDir(dir, cfgPackageDir(ini["options"]["package_dir"]))
	for _, w := range strings.Fields(ini["options.packages.find"]["where"]) {
		r.declare(dir, w, "")
	}
}

// cfgPackageDir parses setuptools' package_dir value: "=src" on one line,
// or one "pkg = dir" per line, where an empty pkg is the root.
func cfgPackageDir(v string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(v, "\n") {
		if k, val, ok := strings.Cut(line, "="); ok && strings.TrimSpace(val) != "" {
			out[strings.TrimSpace(k)] = strings.TrimSpace(val)
		}
	}
	return out
}

// parseINI reads the sections and keys of a setup.cfg, joining indented
// continuation lines to the key's value with newlines.
func parseINI(data []byte) map[string]map[string]string {
	out := map[string]map[string]string{}
	section, key := "", ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		switch {
		case line == "" || line[0] == '#' || line[0] == ';':
			continue
		case line[0] == '[' && strings.HasSuffix(line, "]"):
			section, key = strings.TrimSpace(line[1:len(line)-1]), ""
			if out[section] == nil {
				out[section] = map[string]string{}
			}
		case raw[0] == ' ' || raw[0] == '\t':
			if key != "" {
				out[section][key] += "\n" + line
			}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				k, v, ok = strings.Cut(line, ":")
			}
			if ok && out[section] != nil {
				key = strings.TrimSpace(k)
				out[section][key] = strings.TrimSpace(v)
			}
		}
	}
	return out
}

var (
	setupPackageDir = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`package_dir\s*=\s*\{([^}]*)\}`)
	})
	setupPair = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`["']([^"']*)["']\s*:\s*["']([^"']+)["']`)
	})
	setupFind = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`find_(?:namespace_)?packages\(\s*(?:where\s*=\s*)?["']([^"']+)["']`)
	})
)

// setupPy reads a package_dir={...} literal and find_packages("src") /
// find_packages(where="src") calls from a setup.py, textually: the
// script is never run.
func (r roots) setupPy(dir string, data []byte) {
	for _, m := range setupPackageDir().FindAllSubmatch(data, -1) {
		for _, p := range setupPair().FindAllSubmatch(m[1], -1) {
			r.declare(dir, string(p[2]), string(p[1]))
		}
	}
	for _, m := range setupFind().FindAllSubmatch(data, -1) {
		r.declare(dir, string(m[1]), "")
	}
}

// tree adds the roots the tree itself shows: for each top-level package
// name H the repository imports absolutely but cannot find from the
// repository root, src/, lib/ or a declared root, the one directory D
// outside any package that holds a package D/H (localstack-core/ for
// localstack-core/localstack/). D/H is a package when it has an
// __init__.py, or, a namespace package, when an import H.s names a D/H/s
// that exists. A name two directories hold is left alone rather than
// guessed, and a directory inside another root is a subpackage, not a root.
//
// It reads the Python files' directory tallies (dirFacts), not the files,
// so that an update, which keeps the tallies, reads no file it did not
// touch (docs/design.md §1, invariant 4).
func (r roots) tree(dirs map[string]lang.Tally, has func(string) bool) {
	heads := map[string]map[string]bool{} // H -> the s of each import H.s...
	pkgDirs, pyDirs := map[string]bool{}, map[string]bool{}
	for dir, t := range dirs {
		if t[markFile] <= 0 {
			continue
		}
		if t[markPackage] > 0 {
			pkgDirs[dir] = true
		}
		for d := dir; d != "." && !pyDirs[d]; d = path.Dir(d) {
			pyDirs[d] = true
		}
		tallyHeads(heads, t)
	}
	isPackage := func(p string) bool {
		if pkgDirs[p] {
			return true
		}
		for s := range heads[path.Base(p)] {
			if pyDirs[p+"/"+s] || has(p+"/"+s+".py") {
				return true
			}
		}
		return false
	}
	importable := map[string]bool{}
	isImportable := func(name string) bool {
		is, seen := importable[name]
		if !seen {
			is = r.importable(name, dirs, pyDirs, has)
			importable[name] = is
		}
		return is
	}
	cands := map[string][]string{}
	for p := range pyDirs {
		d, name := path.Dir(p), path.Base(p)
		if d == "." || heads[name] == nil || isImportable(name) || insidePackage(d, pkgDirs) || !isPackage(p) {
			continue
		}
		cands[name] = append(cands[name], d)
	}
	found := map[string]bool{}
	for _, dirs := range cands {
		if len(dirs) == 1 {
			found[dirs[0]] = true
		}
	}
	for d := range found {
		if _, declared := r[d]; !declared && !r.underRoot(d, found) {
			r[d] = ""
		}
	}
}

// importable reports whether a Python file imports as top-level module
// name from the repository root, src/, lib/ or a root in r: a module or
// package name directly in one of them, or the package a root maps to.
func (r roots) importable(name string, dirs map[string]lang.Tally, pyDirs map[string]bool, has func(string) bool) bool {
	in := func(dir string) bool {
		p := path.Join(dir, name)
		key := dir
		if key == "" {
			key = "."
		}
		return pyDirs[p] || has(p+".py") || has(p+".pyi") || dirs[key][markStem+name] > 0
	}
	if in("") || in("src") || in("lib") {
		return true
	}
	for d, pkg := range r {
		if d == "" {
			continue // no file is strictly inside the repository root's prefix
		}
		head, _, _ := strings.Cut(pkg, ".")
		if pkg == "" && in(d) || pkg != "" && head == name && pyDirs[d] {
			return true
		}
	}
	return false
}

// insidePackage reports whether d or one of its ancestors is a package.
func insidePackage(d string, pkgDirs map[string]bool) bool {
	for ; d != "."; d = path.Dir(d) {
		if pkgDirs[d] {
			return true
		}
	}
	return false
}

// underRoot reports whether a proper ancestor of d is src/, lib/, a
// declared root or another found one.
func (r roots) underRoot(d string, found map[string]bool) bool {
	for a := path.Dir(d); a != "."; a = path.Dir(a) {
		if _, ok := r[a]; ok || found[a] || a == "src" || a == "lib" {
			return true
		}
	}
	return false
}
