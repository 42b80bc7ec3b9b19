package accuracy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
)

// jsSpecifier finds the module specifiers of import and export-from
// statements, require() and import() calls, written in quotes.
var jsSpecifier = regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]`)

// TestTSWorkspaceImports measures, on a JavaScript/TypeScript monorepo
// checkout named by $LGRAPH_TSACC_MONOREPO (TanStack/query, for one), how
// many imports of a workspace package by its name ("@tanstack/query-core",
// or a subpath of it) lgraph links to a file of that package. The truth is
// read apart from lgraph: package names from every package.json in HEAD,
// specifiers by a regular expression over every JS/TS file. It skips when
// the variable is unset.
func TestTSWorkspaceImports(t *testing.T) {
	dir := os.Getenv("LGRAPH_TSACC_MONOREPO")
	if dir == "" {
		t.Skip("set LGRAPH_TSACC_MONOREPO to a JS/TS monorepo checkout to measure it")
	}
	files := gitLines(t, dir, "ls-tree", "-r", "--name-only", "HEAD")
	pkgs := map[string]string{} // name -> directory
	for _, p := range files {
		if path.Base(p) != "package.json" || strings.Contains("/"+p, "/node_modules/") {
			continue
		}
		var doc struct{ Name string }
		if json.Unmarshal([]byte(gitShow(t, dir, p)), &doc) == nil && doc.Name != "" {
			d := path.Dir(p)
			if old, ok := pkgs[doc.Name]; !ok || strings.Count(d, "/") < strings.Count(old, "/") {
				pkgs[doc.Name] = d
			}
		}
	}
	ix := lgtest.New(t, dir)
	ix.MustRun(t, "init", false)
	imports := map[[2]string]bool{} // source path, target path
	sc := bufio.NewScanner(strings.NewReader(ix.Export(t, "main")))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var rec struct{ Type, Kind, Source, Target string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Type == "edge" && rec.Kind == "imports" {
			imports[[2]string{strings.TrimPrefix(rec.Source, "file:"), strings.TrimPrefix(rec.Target, "file:")}] = true
		}
	}
	linked := func(from, pkgDir string) bool {
		for e := range imports {
			if e[0] == from && (pkgDir == "." || strings.HasPrefix(e[1], pkgDir+"/")) {
				return true
			}
		}
		return false
	}
	total, found := 0, 0
	missed := newBreakdown()
	for _, p := range files {
		if !jsSource(p) {
			continue
		}
		for _, m := range jsSpecifier.FindAllStringSubmatch(jsCodeOnly(gitShow(t, dir, p)), -1) {
			name, pkgDir, ok := workspacePackage(m[1], pkgs)
			if !ok {
				continue
			}
			total++
			if linked(p, pkgDir) {
				found++
				continue
			}
			missed.add(fmt.Sprintf("import of %s", name), fmt.Sprintf("%s: %q", p, m[1]), examples())
		}
	}
	t.Logf("%d workspace packages; imports of them linked to a file of the package: %.3f (%d/%d)", len(pkgs), ratio(found, total), found, total)
	missed.log(t, "missed")
	if total == 0 {
		t.Fatal("no import names a workspace package: is this a monorepo?")
	}
	if got := ratio(found, total); got < 0.9 {
		t.Errorf("workspace imports linked %.3f, below the 0.90 floor", got)
	}
}

// workspacePackage finds the package a specifier names, itself or by a
// subpath, preferring the longest name.
func workspacePackage(spec string, pkgs map[string]string) (string, string, bool) {
	names := make([]string, 0, len(pkgs))
	for n := range pkgs {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, n := range names {
		if spec == n || strings.HasPrefix(spec, n+"/") {
			return n, pkgs[n], true
		}
	}
	return "", "", false
}

// jsCodeOnly blanks comments and template literals, where code quoted as
// text (a doc example, a lint rule's test case) would read as imports;
// quoted strings, specifiers among them, are kept.
func jsCodeOnly(src string) string {
	b := []byte(src)
	const (
		code = iota
		line
		block
		quoted
		template
	)
	state, quote := code, byte(0)
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch state {
		case code:
			switch {
			case c == '/' && i+1 < len(b) && b[i+1] == '/':
				state = line
			case c == '/' && i+1 < len(b) && b[i+1] == '*':
				state = block
			case c == '\'' || c == '"':
				state, quote = quoted, c
				continue
			case c == '`':
				state = template
			default:
				continue
			}
		case quoted:
			if c == '\\' {
				i++
			} else if c == quote || c == '\n' {
				state = code
			}
			continue
		case line:
			if c == '\n' {
				state = code
				continue
			}
		case block:
			if c == '*' && i+1 < len(b) && b[i+1] == '/' {
				b[i], b[i+1] = ' ', ' '
				i++
				state = code
				continue
			}
		case template:
			if c == '\\' {
				b[i] = ' '
				i++
			} else if c == '`' {
				b[i] = ' '
				state = code
				continue
			}
		}
		if i < len(b) && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

func jsSource(p string) bool {
	switch path.Ext(p) {
	case ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts":
		return !strings.HasSuffix(p, ".d.ts")
	}
	return false
}

func gitLines(t testing.TB, dir string, args ...string) []string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func gitShow(t testing.TB, dir, p string) string {
	t.Helper()
	out, err := exec.Command("git", "-C", dir, "show", "HEAD:"+p).Output()
	if err != nil {
		t.Fatalf("git show %s: %v", p, err)
	}
	return string(out)
}
