package accuracy

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
)

// pyInterpreter is Debian's Python: jedi comes from python3-jedi, not from
// whatever a version manager puts first on PATH.
const pyInterpreter = "/usr/bin/python3"

// pyAptLine installs what the Python accuracy tests need.
const pyAptLine = "apt-get install -y python3-jedi python3-requests python3-flask python3-click python3-rich python3-tornado python3-starlette python3-scrapy"

// distPackages is where Debian installs Python packages' sources.
const distPackages = "/usr/lib/python3/dist-packages"

// needPython skips the test unless Debian's Python runs and, when jedi is
// true, imports jedi.
func needPython(t testing.TB, jedi bool) {
	t.Helper()
	code := "import ast"
	if jedi {
		code = "import jedi"
	}
	if out, err := exec.Command(pyInterpreter, "-c", code).CombinedOutput(); err != nil {
		t.Skipf("%s cannot %q (%v: %s): run `%s`", pyInterpreter, code, err, bytes.TrimSpace(out), pyAptLine)
	}
}

// copyDistPackage writes a Debian-installed package's .py files (no
// caches) under dest/ in a new git repository, adds the extra files, and
// commits. It skips the test when the package is not installed.
func copyDistPackage(t testing.TB, name, dest string, extra map[string]string) *gittest.Repo {
	t.Helper()
	src := filepath.Join(distPackages, name)
	if _, err := os.Stat(filepath.Join(src, "__init__.py")); err != nil {
		t.Skipf("%s is not installed: run `%s`", src, pyAptLine)
	}
	files := map[string]string{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "__pycache__" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".py") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(distPackages, p)
		files[pathJoin(dest, filepath.ToSlash(rel))] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range extra {
		files[k] = v
	}
	r := gittest.New(t)
	r.Write(files)
	r.Commit("import " + name)
	return r
}

func pathJoin(dir, rel string) string {
	if dir == "" {
		return rel
	}
	return dir + "/" + rel
}

// pyTruthRun runs pytruth.py in mode over a checkout and returns its JSON lines.
func pyTruthRun(t testing.TB, mode, dir string, sysPath []string, extra ...string) [][]byte {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("pytruth", "pytruth.py"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{script, mode, dir}
	for _, p := range sysPath {
		args = append(args, "--sys-path", p)
	}
	args = append(args, extra...)
	cache := pyTruthCachePath(t, dir, script, args[1:])
	if out, err := os.ReadFile(cache); cache != "" && err == nil {
		return splitLines(out)
	}
	cmd := exec.Command(pyInterpreter, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pytruth %s: %v\n%s", mode, err, stderr.String())
	}
	if cache != "" {
		if err := os.WriteFile(cache, out, 0o644); err != nil {
			t.Logf("truth cache not written: %v", err)
		}
	}
	return splitLines(out)
}

func splitLines(out []byte) [][]byte {
	var lines [][]byte
	for _, l := range bytes.Split(out, []byte("\n")) {
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

// pyTruthCachePath names the file in $LGRAPH_PYACC_CACHE that holds jedi's
// answer for these arguments over this content (the script, every .py file
// of the checkout, and the files a --files list names): the truth depends
// on nothing else, and jedi takes minutes. "" when the variable is unset.
func pyTruthCachePath(t testing.TB, dir, script string, args []string) string {
	t.Helper()
	cacheDir := os.Getenv("LGRAPH_PYACC_CACHE")
	if cacheDir == "" {
		return ""
	}
	h := sha256.New()
	for _, a := range args {
		// The checkout and the --files list are temporary paths: their
		// content counts, not where they are.
		switch data, err := os.ReadFile(a); {
		case a == dir:
			fmt.Fprintf(h, "arg checkout\n")
		case err == nil:
			fmt.Fprintf(h, "arg content %x\n", sha256.Sum256(data))
		default:
			fmt.Fprintf(h, "arg %q\n", a)
		}
	}
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(h, "script %x\n", sha256.Sum256(data))
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != dir:
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(p, ".py"):
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(h, "file %q %x\n", filepath.ToSlash(rel), sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(cacheDir, fmt.Sprintf("pytruth-%x.jsonl", h.Sum(nil)[:12]))
}

// --- lgraph side ---

// pyGraph is the part of lgraph's export the Python measurements need.
type pyGraph struct {
	nodes map[string]lgNode
	files map[string]bool // indexed paths
	// defsAt maps path and definition line to function, method, class and
	// field (property) ids.
	defsAt  map[string]map[int][]string
	calls   map[edge]string // -> via
	callBy  map[edge]string // -> resolved_by
	imports map[edge]bool   // file id -> file id
}

func isPyCallable(kind string) bool { return kind == "function" || kind == "method" || kind == "class" }

// isPyDef reports the kinds of definitions jedi names callers by: a
// property is a field in lgraph, and its getter's calls come from it.
func isPyDef(kind string) bool { return isPyCallable(kind) || kind == "field" }

// indexPython runs lgraph's init on a repository and parses its export.
func indexPython(t testing.TB, dir string) *pyGraph {
	t.Helper()
	ix := lgtest.New(t, dir)
	ix.MustRun(t, "init", false)
	g := &pyGraph{nodes: map[string]lgNode{}, files: map[string]bool{}, defsAt: map[string]map[int][]string{}, calls: map[edge]string{}, callBy: map[edge]string{}, imports: map[edge]bool{}}
	sc := bufio.NewScanner(strings.NewReader(ix.Export(t, "main")))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var rec struct {
			Type, ID, Kind, Path, Name string
			SymbolKind                 string `json:"symbol_kind"`
			Line                       int
			Source, Target, Via        string
			ResolvedBy                 string `json:"resolved_by"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("export line %q: %v", sc.Text(), err)
		}
		switch {
		case rec.Type == "node" && rec.Kind == "file":
			g.files[rec.Path] = true
		case rec.Type == "node" && rec.Kind == "symbol":
			g.nodes[rec.ID] = lgNode{ID: rec.ID, Path: rec.Path, Name: rec.Name, Kind: rec.SymbolKind, Line: rec.Line}
			if isPyDef(rec.SymbolKind) {
				if g.defsAt[rec.Path] == nil {
					g.defsAt[rec.Path] = map[int][]string{}
				}
				g.defsAt[rec.Path][rec.Line] = append(g.defsAt[rec.Path][rec.Line], rec.ID)
			}
		case rec.Type == "edge" && rec.Kind == "calls":
			g.calls[edge{rec.Source, rec.Target}] = rec.Via
			g.callBy[edge{rec.Source, rec.Target}] = rec.ResolvedBy
		case rec.Type == "edge" && rec.Kind == "imports":
			g.imports[edge{rec.Source, rec.Target}] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

// defAt returns the id of the definition at path:line whose qualified name
// is qual (or, when qual is only a simple name, whose last segment is it);
// failing that the only definition on the line.
func (g *pyGraph) defAt(path string, line int, qual string) string {
	ids := g.defsAt[path][line]
	for _, id := range ids {
		n := g.nodes[id].Name
		if n == qual || (!strings.Contains(qual, ".") && n[strings.LastIndexByte(n, '.')+1:] == qual) {
			return id
		}
	}
	if len(ids) == 1 {
		return ids[0]
	}
	return ""
}
