package rust

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// Module keys of Rust files name the crate first, so that `crate::x` in
// one crate of a workspace never reaches another crate's x: the key is the
// crate's root directory, then the module path ("crates/ignore/src/crate::dir";
// a crate rooted at the repository root has no directory part). A file's
// crate comes from the nearest Cargo.toml with a [package] section (its
// [lib] and target paths, else Cargo's default layout), or without one from
// the nearest src/ directory.

// crate is where a file sits: the crate root directory, the module
// path below `crate`, and whether the file is a crate root itself.
type crate struct {
	dir  string
	mod  []string
	root bool
	// auto marks a file directly in tests/, examples/, benches/ or
	// src/bin/: Cargo builds it as a crate of its own, and a sibling root
	// may also declare it as a module.
	auto bool
}

// autoDirs are the directories where Cargo finds crate roots itself.
var autoDirs = []string{"src/bin", "tests", "examples", "benches"}

// packageFor finds the package owning the file at p.
func packageFor(pr *lang.Project, p string) (string, lang.RustPackage, bool) {
	if pr == nil || len(pr.Rust) == 0 {
		return "", lang.RustPackage{}, false
	}
	dir := path.Dir(p)
	for {
		if dir == "." {
			dir = ""
		}
		if pkg, ok := pr.Rust[dir]; ok {
			return dir, pkg, true
		}
		if dir == "" {
			return "", lang.RustPackage{}, false
		}
		dir = path.Dir(dir)
	}
}

// libDir is the root directory of the library crate code names
// `name` in the package at fromPkg (a workspace member or a renamed
// dependency of it), or false when no package of the repository is it.
func libDir(pr *lang.Project, name, fromPkg string) (string, bool) {
	if pr == nil {
		return "", false
	}
	want := ""
	if pkg, ok := pr.Rust[fromPkg]; ok {
		want = pkg.Deps[name]
	}
	dirs := make([]string, 0, len(pr.Rust))
	for d := range pr.Rust {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		pkg := pr.Rust[d]
		if (want != "" && pkg.Name == want) || (want == "" && pkg.Lib == name) {
			lib := pkg.LibPath
			if lib == "" {
				lib = "src/lib.rs"
			}
			return joinDir(d, path.Dir(lib)), true
		}
	}
	return "", false
}

func joinDir(a, b string) string {
	if b == "." || b == "" {
		return a
	}
	if a == "" {
		return b
	}
	return a + "/" + b
}

// crateOf places the file at p in its crate.
func crateOf(p string, pr *lang.Project) crate {
	pkgDir, pkg, ok := packageFor(pr, p)
	if !ok {
		return crateBySrc(p)
	}
	rel := p
	if pkgDir != "" {
		rel = strings.TrimPrefix(p, pkgDir+"/")
	}
	roots := append([]string{"src/lib.rs", "src/main.rs", "build.rs"}, pkg.Roots...)
	if pkg.LibPath != "" {
		roots = append(roots, pkg.LibPath)
	}
	if slices.Contains(roots, rel) {
		return crate{dir: joinDir(pkgDir, path.Dir(rel)), root: true}
	}
	// The crate directory is the deepest directory holding a root.
	best, found := "", false
	consider := func(d string) {
		if (d == "" || strings.HasPrefix(rel, d+"/")) && (!found || len(d) > len(best)) {
			best, found = d, true
		}
	}
	explicit := map[string]bool{}
	for _, r := range roots[3:] {
		d := path.Dir(r)
		if d == "." {
			d = ""
		}
		explicit[d] = true
		consider(d)
	}
	consider("src")
	for _, d := range autoDirs {
		consider(d)
	}
	if !found {
		return moduleIn(pkgDir, rel)
	}
	inner := strings.TrimPrefix(rel, best+"/")
	if best == "" {
		inner = rel
	}
	if slices.Contains(autoDirs, best) && !explicit[best] {
		if !strings.Contains(inner, "/") {
			return crate{dir: joinDir(pkgDir, best), mod: []string{strings.TrimSuffix(inner, ".rs")}, root: true, auto: true}
		}
		if sub, file, _ := strings.Cut(inner, "/"); file == "main.rs" {
			return crate{dir: joinDir(pkgDir, best+"/"+sub), root: true}
		}
	}
	return moduleIn(joinDir(pkgDir, best), inner)
}

// crateBySrc places a file outside any known package: its crate is
// rooted at the nearest src/ directory, else at the repository root.
func crateBySrc(p string) crate {
	dir, rel := "", p
	if i := strings.LastIndex(p, "/src/"); i >= 0 {
		dir, rel = p[:i+len("/src")], p[i+len("/src/"):]
	} else if strings.HasPrefix(p, "src/") {
		dir, rel = "src", p[len("src/"):]
	}
	if rel == "lib.rs" || rel == "main.rs" {
		return crate{dir: dir, root: true}
	}
	return moduleIn(dir, rel)
}

// moduleIn is the module a file at rel below a crate directory holds:
// a/b.rs and a/b/mod.rs are both a::b.
func moduleIn(dir, rel string) crate {
	segs := strings.Split(strings.TrimSuffix(rel, ".rs"), "/")
	if segs[len(segs)-1] == "mod" {
		segs = segs[:len(segs)-1]
	}
	return crate{dir: dir, mod: segs}
}

// key is the module key of a module path in a crate.
func key(dir string, mod []string) string {
	k := strings.Join(append([]string{"crate"}, mod...), "::")
	if dir != "" {
		k = dir + "/" + k
	}
	return k
}

func moduleKeys(p string, _ *facts.File, pr *lang.Project) []string {
	c := crateOf(p, pr)
	if c.auto {
		return []string{key(c.dir, nil), key(c.dir, c.mod)}
	}
	return []string{key(c.dir, c.mod)}
}

// importCandidates lists the modules a use path may name, longest
// first (`use a::b::C` names module a::b, or an item of a). A path starts
// with crate, self or super, or with a name in scope: a child module of
// the current one, else a crate, which is in the repository only when a
// package of the workspace is that crate.
func importCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	c := crateOf(from, pr)
	mod := c.mod
	if c.root {
		mod = nil
	}
	if imp.Kind == "mod" {
		sub := strings.Split(strings.TrimPrefix(imp.Path, "self::"), "::")
		return []string{key(c.dir, append(slices.Clip(mod), sub...))}
	}
	segs := strings.Split(imp.Path, "::")
	switch segs[0] {
	case "crate":
		return prefixes(c.dir, segs[1:], 0)
	case "self":
		return prefixes(c.dir, append(slices.Clip(mod), segs[1:]...), len(mod))
	case "super":
		k := 0
		for k < len(segs) && segs[k] == "super" {
			if len(mod) == 0 {
				return nil
			}
			mod = mod[:len(mod)-1]
			k++
		}
		return prefixes(c.dir, append(slices.Clip(mod), segs[k:]...), len(mod))
	}
	out := prefixes(c.dir, append(slices.Clip(mod), segs...), len(mod)+1)
	pkgDir, _, _ := packageFor(pr, from)
	if lib, ok := libDir(pr, segs[0], pkgDir); ok {
		out = append(out, prefixes(lib, segs[1:], 0)...)
	}
	return out
}

// prefixes lists the keys of mod and its ancestors down to min segments.
func prefixes(dir string, mod []string, min int) []string {
	var out []string
	for n := len(mod); n >= min; n-- {
		out = append(out, key(dir, mod[:n]))
	}
	return out
}
