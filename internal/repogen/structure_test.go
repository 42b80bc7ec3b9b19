package repogen

import (
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"strings"
	"testing"
)

// checkGoFiles parses every .go file with go/parser and checks it is gofmt
// clean and declares its directory's package. With resolve, imports of the
// module must name existing directories.
func checkGoFiles(t *testing.T, r *Repo, resolve bool) {
	t.Helper()
	dirs := map[string]bool{}
	for _, p := range r.Files() {
		dirs[path.Dir(p)] = true
	}
	for _, p := range filesWithExt(r, ".go") {
		src := r.Read(p)
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ParseComments)
		if err != nil {
			t.Errorf("%s does not parse: %v\n%s", p, err, src)
			continue
		}
		if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
			t.Errorf("%s is not gofmt clean: %v", p, err)
		}
		if f.Name.Name != goPkg(path.Dir(p)) {
			t.Errorf("%s: package %s in directory %s", p, f.Name.Name, path.Dir(p))
		}
		for _, imp := range f.Imports {
			dir := strings.TrimPrefix(strings.Trim(imp.Path.Value, `"`), r.opts.ModulePath+"/")
			if resolve && !dirs[dir] {
				t.Errorf("%s imports missing package %s", p, imp.Path.Value)
			}
		}
	}
}

func TestGoFilesParse(t *testing.T) {
	r := newRepo(t, Options{Files: 500, Seed: 21, Languages: []string{LangGo, LangPython}})
	checkGoFiles(t, r, true)
	randomCommits(t, r, 22, 40)
	checkGoFiles(t, r, false)
}

// balanced reports whether braces, brackets and parentheses nest properly.
func balanced(src string) bool {
	var stack []rune
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, c := range src {
		switch c {
		case '(', '[', '{':
			stack = append(stack, c)
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != pairs[c] {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return len(stack) == 0
}

// exists reports whether the repository has file p.
func exists(r *Repo, p string) bool {
	_, ok := r.st.files[p]
	return ok
}

var (
	pyFrom     = regexp.MustCompile(`(?m)^from (\S+) import (.+)$`)
	jsFrom     = regexp.MustCompile(`(?m)^import .* from "(.+)";$`)
	javaImport = regexp.MustCompile(`(?m)^import (\S+);$`)
	rustUseRe  = regexp.MustCompile(`(?m)^use (\S+?)(?: as \w+)?;$`)
	rubyReq    = regexp.MustCompile(`(?m)^require_relative "(.+)"$`)
	cInclude   = regexp.MustCompile(`(?m)^#include "(.+)"$`)
)

// checkPython checks packages have __init__.py and imports resolve.
func checkPython(t *testing.T, r *Repo, p, src string) {
	if !exists(r, path.Dir(p)+"/__init__.py") {
		t.Errorf("%s: package without __init__.py", p)
	}
	for _, m := range pyFrom.FindAllStringSubmatch(src, -1) {
		base := path.Dir(p)
		mod := m[1]
		for strings.HasPrefix(mod, ".") {
			mod = mod[1:]
			if strings.HasPrefix(mod, ".") {
				base = path.Dir(base)
			}
		}
		if m[1][0] != '.' {
			base = ""
		}
		rel := path.Join(base, strings.ReplaceAll(mod, ".", "/"))
		first := strings.Fields(strings.Split(m[2], ",")[0])[0]
		if !exists(r, rel+".py") && !exists(r, path.Join(rel, first)+".py") {
			t.Errorf("%s: unresolved import %q", p, m[0])
		}
	}
}

// checkImports checks every language's import statements resolve to files.
func checkImports(t *testing.T, r *Repo, p, src string) {
	dir := path.Dir(p)
	switch path.Ext(p) {
	case ".py":
		if path.Base(p) != "__init__.py" {
			checkPython(t, r, p, src)
		}
	case ".ts", ".js":
		for _, m := range jsFrom.FindAllStringSubmatch(src, -1) {
			target := path.Join(dir, m[1])
			if path.Ext(p) == ".ts" {
				target += ".ts"
			}
			if !exists(r, target) {
				t.Errorf("%s: unresolved import %q", p, m[1])
			}
		}
	case ".java":
		for _, m := range javaImport.FindAllStringSubmatch(src, -1) {
			if !exists(r, javaSourceRoot+"/"+strings.ReplaceAll(m[1], ".", "/")+".java") {
				t.Errorf("%s: unresolved import %s", p, m[1])
			}
		}
	case ".rs":
		checkRustUses(t, r, p, src)
	case ".rb":
		for _, m := range rubyReq.FindAllStringSubmatch(src, -1) {
			if !exists(r, path.Join(dir, m[1])+".rb") {
				t.Errorf("%s: unresolved require_relative %q", p, m[1])
			}
		}
	case ".c", ".h":
		for _, m := range cInclude.FindAllStringSubmatch(src, -1) {
			if !exists(r, path.Join(dir, m[1])) {
				t.Errorf("%s: unresolved include %q", p, m[1])
			}
		}
	}
}

// checkRustUses resolves use paths and checks the module is declared.
func checkRustUses(t *testing.T, r *Repo, p, src string) {
	base := path.Base(p)
	if base == "lib.rs" || base == "mod.rs" {
		return
	}
	parent := path.Dir(p) + "/mod.rs"
	if path.Dir(p) == langRoots[LangRust] {
		parent = path.Dir(p) + "/lib.rs"
	}
	if !strings.Contains(r.Read(parent), "pub mod "+strings.TrimSuffix(base, ".rs")+";") {
		t.Errorf("%s is not declared in %s", p, parent)
	}
	for _, m := range rustUseRe.FindAllStringSubmatch(src, -1) {
		parts := strings.Split(strings.SplitN(m[1], "::{", 2)[0], "::")
		var file string
		switch parts[0] {
		case "crate":
			file = langRoots[LangRust] + "/" + strings.Join(parts[1:], "/")
		case "super":
			file = path.Dir(p) + "/" + strings.Join(parts[1:], "/")
		}
		if !exists(r, file+".rs") && !exists(r, path.Dir(file)+".rs") {
			t.Errorf("%s: unresolved use %s", p, m[1])
		}
	}
}

// checkShape checks declarations that every file of a language must have.
func checkShape(t *testing.T, r *Repo, p, src string) {
	switch path.Ext(p) {
	case ".go", ".ts", ".js", ".java", ".rs", ".c", ".h":
		if !balanced(src) {
			t.Errorf("%s: unbalanced brackets\n%s", p, src)
		}
	}
	switch path.Ext(p) {
	case ".java":
		want := "package " + javaPackage(p) + ";\n"
		if !strings.HasPrefix(src, want) || !strings.Contains(src, "public final class "+javaClass(p)+" {") {
			t.Errorf("%s: package or class does not match the path", p)
		}
	case ".h":
		g := cGuard(p)
		if !strings.Contains(src, "#ifndef "+g+"\n#define "+g+"\n") || !strings.HasSuffix(src, "#endif /* "+g+" */\n") {
			t.Errorf("%s: bad include guard", p)
		}
	case ".rb":
		opens := regexp.MustCompile(`(?m)^\s*(module|class|def|if|private_class_method def) `).FindAllString(src, -1)
		if ends := regexp.MustCompile(`(?m)^\s*end$`).FindAllString(src, -1); len(opens) != len(ends) {
			t.Errorf("%s: %d blocks opened, %d closed\n%s", p, len(opens), len(ends), src)
		}
	}
}

func TestStructure(t *testing.T) {
	r := newRepo(t, Options{Files: 800, Seed: 31, Languages: allLanguages})
	for _, p := range r.Files() {
		src := r.Read(p)
		checkShape(t, r, p, src)
		checkImports(t, r, p, src)
	}
	randomCommits(t, r, 32, 40)
	for _, p := range r.Files() {
		checkShape(t, r, p, r.Read(p))
	}
}

func TestTiesAndCrossCalls(t *testing.T) {
	r := newRepo(t, Options{Files: 600, Seed: 41, Languages: allLanguages})
	for _, lang := range allLanguages {
		defined := map[string]map[string]bool{} // function name -> files
		calls := 0
		for _, u := range r.st.sortedUnits(lang) {
			for _, f := range u.Funcs {
				if defined[f.Name] == nil {
					defined[f.Name] = map[string]bool{}
				}
				defined[f.Name][u.Path] = true
			}
			for _, tgt := range u.targets() {
				if r.st.units[tgt] != nil {
					calls++
				}
			}
		}
		ties := 0
		for _, files := range defined {
			if len(files) > 1 {
				ties++
			}
		}
		if ties == 0 || calls == 0 {
			t.Errorf("%s: %d repeated names, %d cross-file call targets", lang, ties, calls)
		}
	}
}
