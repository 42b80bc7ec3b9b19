package accuracy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// tsVersion is the typescript package whose checker is the truth.
const tsVersion = "5.6.3"

// tsNPMDir is where node, the typescript package and the corpora are
// looked for: $LGRAPH_ACCURACY_NPM, else a per-user cache directory.
func tsNPMDir() string {
	if d := os.Getenv("LGRAPH_ACCURACY_NPM"); d != "" {
		return d
	}
	if c, err := os.UserCacheDir(); err == nil {
		return filepath.Join(c, "lgraph-accuracy", "npm")
	}
	return filepath.Join(os.TempDir(), "lgraph-accuracy", "npm")
}

// tsInstallHint is the command that installs what the TypeScript
// measurements need into dir.
func tsInstallHint(dir string) string {
	pkgs := []string{"typescript@" + tsVersion}
	for _, c := range tsCorpora {
		pkgs = append(pkgs, c.pkg+"@"+c.version)
	}
	return fmt.Sprintf("npm install --legacy-peer-deps --prefix %s %s", dir, strings.Join(pkgs, " "))
}

// tsRequire skips the test unless node and the pinned typescript package
// are installed; it returns the npm directory.
func tsRequire(t testing.TB) string {
	t.Helper()
	dir := tsNPMDir()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skipf("node is not on PATH: install Node.js, then run `%s`", tsInstallHint(dir))
	}
	if v := npmVersion(dir, "typescript"); v != tsVersion {
		t.Skipf("typescript@%s is not installed in %s (found %q): run `%s`", tsVersion, dir, v, tsInstallHint(dir))
	}
	return dir
}

// npmVersion is the version of an installed package, or "".
func npmVersion(dir, pkg string) string {
	data, err := os.ReadFile(filepath.Join(dir, "node_modules", pkg, "package.json"))
	if err != nil {
		return ""
	}
	var p struct{ Version string }
	if json.Unmarshal(data, &p) != nil {
		return ""
	}
	return p.Version
}

// copyTSTree copies the .ts and .tsx files under src (relative to dir),
// and tsconfig.json at dir when there is one, into a new committed git
// repository. It returns the repository and the copied source paths.
func copyTSTree(t testing.TB, dir string, srcs ...string) (*gittest.Repo, []string) {
	t.Helper()
	return copyTree(t, dir, isTSFile, "tsconfig.json", srcs...)
}

// copyTree copies the files keep accepts under srcs (directories or
// files, relative to dir) into a new git repository, with the package's
// config file (tsconfig.json, package.json) when it has one, and returns
// the repository and the copied files' paths, sorted.
func copyTree(t testing.TB, dir string, keep func(string) bool, config string, srcs ...string) (*gittest.Repo, []string) {
	t.Helper()
	files := map[string]string{}
	var paths []string
	for _, src := range srcs {
		err := filepath.WalkDir(filepath.Join(dir, src), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "node_modules" {
					return filepath.SkipDir
				}
				return nil
			}
			if !keep(p) {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := relTo(dir, p)
			files[rel] = string(data)
			paths = append(paths, rel)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, config)); err == nil {
		files[config] = string(data)
	}
	r := gittest.New(t)
	r.Write(files)
	r.Commit("import corpus")
	sort.Strings(paths)
	return r, paths
}

func isTSFile(p string) bool {
	return strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".tsx") || strings.HasSuffix(p, ".mts") || strings.HasSuffix(p, ".cts")
}

// trackedTSFiles lists the .ts/.tsx files git tracks in a checkout,
// outside node_modules; with $LGRAPH_ACCURACY_TSJS=1 the JavaScript files
// too, which the checker then reads as checkJs does (truth.js): CommonJS
// requires, exports and prototype assignments are declarations to it.
func trackedTSFiles(t testing.TB, dir string) []string {
	t.Helper()
	patterns := []string{"*.ts", "*.tsx", "*.mts", "*.cts"}
	if os.Getenv("LGRAPH_ACCURACY_TSJS") == "1" {
		patterns = append(patterns, "*.js", "*.jsx", "*.mjs", "*.cjs")
	}
	out, err := exec.Command("git", append([]string{"-C", dir, "ls-files", "-z", "--"}, patterns...)...).Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v", dir, err)
	}
	var paths []string
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" && !strings.Contains("/"+p, "/node_modules/") {
			paths = append(paths, p)
		}
	}
	return paths
}

// --- the checker's side ---

// tsSym is a declaration as the truth script names it in lgraph's terms.
type tsSym struct {
	Path, Qual, Name, Kind string
	Line, End              int
}

// tsCall is one call or new expression inside a named declaration.
type tsCall struct {
	From     tsSym
	Pos      string  // path:line
	Name     string  // the called name
	Shape    string  // the syntactic form (see shapeOf in truth.js)
	Desc     string  // what the checker says is called
	To       []tsSym // the corpus declarations it lands on
	Reexport bool    // the name reached its declaration through a re-export
}

// tsSite describes a truth edge by its first call site.
type tsSite struct {
	Pos, Shape, Desc, ToKind string
	Reexport                 bool
}

// tsTruth is the checker's call graph of a corpus, in lgraph's ids.
type tsTruth struct {
	files   map[string]bool // corpus source files (not .d.ts)
	edges   map[edge]tsSite
	calls   map[string][]tsCall // by caller id
	missing map[string]tsSym    // ids the truth uses that lgraph has no node for
	renamed map[string]string   // such ids -> the lgraph node on the declaration's line
	nCalls  int
}

// startTruth starts the truth script on files of the repository at dir
// and returns a function that waits for it and parses its output (the
// calls, and the files of the checker's program), so that lgraph can index
// meanwhile.
func startTruth(t testing.TB, npm, dir string, files []string, tsconfig string) func() ([]tsCall, []string) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("tstruth", "truth.js"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := json.Marshal(map[string]any{"root": dir, "files": files, "tsconfig": tsconfig})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "--max-old-space-size=4096", script)
	cmd.Env = append(os.Environ(), "TS_MODULE="+filepath.Join(npm, "node_modules", "typescript"))
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("start node %s: %v", script, err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil { // the test failed before waiting
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return func() ([]tsCall, []string) {
		t.Helper()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("node %s: %v\n%s", script, err, stderr.String())
		}
		calls, paths := parseTruth(t, stdout.Bytes())
		t.Logf("truth: %d call sites in %v", len(calls), time.Since(start).Round(time.Millisecond))
		return calls, paths
	}
}

// parseTruth reads the truth script's JSON lines.
func parseTruth(t testing.TB, out []byte) ([]tsCall, []string) {
	t.Helper()
	var calls []tsCall
	var paths []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var rec struct {
			Type string
			tsCall
			Files, Diagnostics int
			Paths              []string
			TS                 string
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("truth line %q: %v", sc.Text(), err)
		}
		switch rec.Type {
		case "meta":
			paths = rec.Paths
			t.Logf("truth: typescript %s, %d files, %d semantic diagnostics (counted when $TS_DIAGNOSTICS is set)", rec.TS, rec.Files, rec.Diagnostics)
		case "call":
			calls = append(calls, rec.tsCall)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return calls, paths
}

// tsIDs maps truth declarations to lgraph node ids: the node of that path
// and qualified name (the nearest by line among ~N repeats), else a
// synthesized id, recorded as missing.
type tsIDs struct {
	byQual map[string][]lgNode // "path#qual"
	byLine map[string][]lgNode // "path:line"
	tr     *tsTruth
}

func newTSIDs(g *lgGraph, tr *tsTruth) *tsIDs {
	m := &tsIDs{byQual: map[string][]lgNode{}, byLine: map[string][]lgNode{}, tr: tr}
	for _, n := range g.nodes {
		k := n.Path + "#" + n.Name
		m.byQual[k] = append(m.byQual[k], n)
		l := fmt.Sprintf("%s:%d", n.Path, n.Line)
		m.byLine[l] = append(m.byLine[l], n)
	}
	return m
}

func (m *tsIDs) id(s tsSym) string {
	cands := m.byQual[s.Path+"#"+s.Qual]
	if len(cands) > 0 {
		best := cands[0]
		for _, c := range cands[1:] {
			if abs(c.Line-s.Line) < abs(best.Line-s.Line) || (abs(c.Line-s.Line) == abs(best.Line-s.Line) && c.ID < best.ID) {
				best = c
			}
		}
		return best.ID
	}
	id := nodeid.Symbol(s.Path, s.Qual, 1)
	m.tr.missing[id] = s
	for _, n := range m.byLine[fmt.Sprintf("%s:%d", s.Path, s.Line)] {
		if simpleName(n.ID) == s.Name {
			m.tr.renamed[id] = n.ID
		}
	}
	return id
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// loadTSTruth maps the checker's calls to edges between lgraph ids; files
// are the program's files (lgraph edges from other files are not scored).
func loadTSTruth(calls []tsCall, files []string, g *lgGraph) *tsTruth {
	tr := &tsTruth{files: map[string]bool{}, edges: map[edge]tsSite{}, calls: map[string][]tsCall{},
		missing: map[string]tsSym{}, renamed: map[string]string{}}
	for _, f := range files {
		if !strings.HasSuffix(f, ".d.ts") {
			tr.files[f] = true
		}
	}
	ids := newTSIDs(g, tr)
	for _, c := range calls {
		tr.nCalls++
		from := ids.id(c.From)
		tr.calls[from] = append(tr.calls[from], c)
		for _, to := range c.To {
			e := edge{from, ids.id(to)}
			if _, seen := tr.edges[e]; !seen {
				tr.edges[e] = tsSite{Pos: c.Pos, Shape: c.Shape, Desc: c.Desc, ToKind: to.Kind, Reexport: c.Reexport}
			}
		}
	}
	return tr
}
