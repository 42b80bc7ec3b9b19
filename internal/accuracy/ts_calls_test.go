package accuracy

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// tsCorpora are npm packages that ship their TypeScript sources, measured
// against the checker of typescript@tsVersion, with floors on precision
// and recall set about 3 points under what was measured (in the
// comments). History: 0.874/0.614 and 0.820/0.390 at first; 0.879/0.645
// and 0.980/0.836 with the extractor's parse repair, typed function
// members and local bindings; the figures below with type chains
// (receiver and member types), calls landing on consts and properties,
// and type aliases followed; rxjs 0.943/0.828 and effect 0.992/0.960
// before callback parameters took the types their callee declares
// (operate((source, subscriber) => ...)); rxjs 0.989/0.929 and
// @trpc/server 0.942/0.984 before functions in object literals took their
// parameters' types from the object's contextual type, functions passed
// to new C(...) from C's constructor, and for-of variables from an array's
// declared elements (rxjs 0.990/0.954, effect 0.993/0.969 and
// @trpc/server 0.979/0.992 before arrays wrapped their elements' type and
// inline object types typed their properties; rxjs 0.990/0.966 and
// effect 0.994/0.970 before a call on a union alias's value reached every
// member's method; effect 0.994/0.980 before a callback passed to a call
// with explicit type arguments, dual<DataLast, DataFirst>(2, (self, f) =>
// ...), took its parameters' types from them). Raise them when the
// extractor or resolver improves.
var tsCorpora = []struct {
	pkg, version      string
	precision, recall float64
}{
	{"rxjs", "7.8.1", 0.96, 0.94},          // 0.991 (1262/1274), 0.979 (1262/1289)
	{"effect", "3.10.0", 0.97, 0.96},       // 0.997 (17583/17639), 0.988 (17583/17788)
	{"@trpc/server", "11.0.0", 0.95, 0.96}, // 0.984 (378/384), 0.995 (378/380): a framework of callback handlers
}

// TestTSCallAccuracy measures lgraph's TypeScript calls edges against the
// TypeScript checker: every call and new expression inside a declaration
// lgraph makes a symbol, its callee resolved with aliases followed. Only
// edges between declarations of the corpus count; calls in anonymous
// functions belong to the enclosing symbol, as in lgraph.
func TestTSCallAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the TypeScript checker on real packages")
	}
	npm := tsRequire(t)
	for _, c := range tsCorpora {
		t.Run(c.pkg, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(npm, "node_modules", c.pkg)
			if v := npmVersion(npm, c.pkg); v != c.version {
				t.Skipf("%s@%s is not installed in %s (found %q): run `%s`", c.pkg, c.version, npm, v, tsInstallHint(npm))
			}
			start := time.Now()
			repo, files := copyTSTree(t, dir, "src")
			m := measureTSRepo(t, npm, repo.Dir, files, "")
			t.Logf("%s@%s: %d files, %v", c.pkg, c.version, len(files), time.Since(start).Round(time.Millisecond))
			if p := m.score.precision(); p < c.precision {
				t.Errorf("precision %.3f below floor %.2f", p, c.precision)
			}
			if r := m.score.recall(); r < c.recall {
				t.Errorf("recall %.3f below floor %.2f", r, c.recall)
			}
		})
	}
}

// TestTSCallAccuracyRepo measures a TypeScript repository checked out at
// $LGRAPH_ACCURACY_TSREPO (a git work tree, indexed as committed; its
// tsconfig.json supplies paths). Nothing is asserted: it reports.
func TestTSCallAccuracyRepo(t *testing.T) {
	dir := os.Getenv("LGRAPH_ACCURACY_TSREPO")
	if dir == "" || testing.Short() {
		t.Skip("set LGRAPH_ACCURACY_TSREPO to a TypeScript git checkout to measure it")
	}
	npm := tsRequire(t)
	start := time.Now()
	files := trackedTSFiles(t, dir)
	tsconfig := ""
	if _, err := os.Stat(filepath.Join(dir, "tsconfig.json")); err == nil {
		tsconfig = "tsconfig.json"
	}
	measureTSRepo(t, npm, dir, files, tsconfig)
	t.Logf("%s: %d files, %v", dir, len(files), time.Since(start).Round(time.Millisecond))
}

// measureTSRepo indexes the committed repository at dir with lgraph, runs
// the checker over files and logs the comparison.
func measureTSRepo(t *testing.T, npm, dir string, files []string, tsconfig string) *tsMeasurement {
	t.Helper()
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	wait := startTruth(t, npm, dir, files, tsconfig)
	start := time.Now()
	g := indexWithLgraph(t, dir)
	t.Logf("lgraph: indexed in %v", time.Since(start).Round(time.Millisecond))
	calls, paths := wait()
	tr := loadTSTruth(calls, paths, g)
	m := measureTS(g, tr)
	logTSDiff(t, g, tr, m, examples())
	return m
}
