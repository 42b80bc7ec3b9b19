package accuracy

import (
	"bufio"
	"bytes"
	"encoding/json"
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
const pyAptLine = "apt-get install -y python3-jedi python3-requests python3-flask python3-click"

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
	cmd := exec.Command(pyInterpreter, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pytruth %s: %v\n%s", mode, err, stderr.String())
	}
	var lines [][]byte
	for _, l := range bytes.Split(out, []byte("\n")) {
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

// --- lgraph side ---

// pyGraph is the part of lgraph's export the Python measurements need.
type pyGraph struct {
	nodes map[string]lgNode
	files map[string]bool // indexed paths
	// defsAt maps path and definition line to function, method and class ids.
	defsAt  map[string]map[int][]string
	calls   map[edge]string // -> via
	imports map[edge]bool   // file id -> file id
}

func isPyCallable(kind string) bool { return kind == "function" || kind == "method" || kind == "class" }

// indexPython runs lgraph's init on a repository and parses its export.
func indexPython(t testing.TB, dir string) *pyGraph {
	t.Helper()
	ix := lgtest.New(t, dir)
	ix.MustRun(t, "init", false)
	g := &pyGraph{nodes: map[string]lgNode{}, files: map[string]bool{}, defsAt: map[string]map[int][]string{}, calls: map[edge]string{}, imports: map[edge]bool{}}
	sc := bufio.NewScanner(strings.NewReader(ix.Export(t, "main")))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var rec struct {
			Type, ID, Kind, Path, Name string
			SymbolKind                 string `json:"symbol_kind"`
			Line                       int
			Source, Target, Via        string
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("export line %q: %v", sc.Text(), err)
		}
		switch {
		case rec.Type == "node" && rec.Kind == "file":
			g.files[rec.Path] = true
		case rec.Type == "node" && rec.Kind == "symbol":
			g.nodes[rec.ID] = lgNode{ID: rec.ID, Path: rec.Path, Name: rec.Name, Kind: rec.SymbolKind, Line: rec.Line}
			if isPyCallable(rec.SymbolKind) {
				if g.defsAt[rec.Path] == nil {
					g.defsAt[rec.Path] = map[int][]string{}
				}
				g.defsAt[rec.Path][rec.Line] = append(g.defsAt[rec.Path][rec.Line], rec.ID)
			}
		case rec.Type == "edge" && rec.Kind == "calls":
			g.calls[edge{rec.Source, rec.Target}] = rec.Via
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
