package accuracy

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/nodeid"
)

// pyImport is one module an import statement names, with the checkout
// file Python's import system finds for it (pytruth.py imports).
type pyImport struct {
	File    string
	Line    int
	Written string
	Module  string
	Kind    string // module, or submodule for "from pkg import mod"
	Target  *string
}

// importScore counts in-repository import units and statements lgraph links
// to the right file, and lgraph import edges that no truth unit names.
type importScore struct {
	units, unitsFound int
	stmts, stmtsFound int
	lgEdges, lgWrong  int
	// notIndexed counts units whose source or target file lgraph does not
	// index (over max_file_kb): not scored.
	notIndexed    int
	missed, wrong *breakdown
}

func (s importScore) String() string {
	return fmt.Sprintf("statements %.3f (%d/%d), modules %.3f (%d/%d), lgraph edges not in truth %d of %d, %d modules of files not indexed",
		ratio(s.stmtsFound, s.stmts), s.stmtsFound, s.stmts, ratio(s.unitsFound, s.units), s.unitsFound, s.units,
		s.lgWrong, s.lgEdges, s.notIndexed)
}

// measureImports scores lgraph's imports edges of Python files against the
// modules their import statements name. A statement counts when every
// in-repository module it names is linked to its file.
func measureImports(g *pyGraph, truth []pyImport, keep int) importScore {
	s := importScore{missed: newBreakdown(), wrong: newBreakdown()}
	type stmt struct {
		file string
		line int
	}
	stmtOK := map[stmt]bool{}
	want := map[edge]bool{}
	pyFiles := map[string]bool{}
	for _, u := range truth {
		pyFiles[u.File] = true
		if u.Target == nil || *u.Target == u.File {
			continue
		}
		if !g.files[u.File] || !g.files[*u.Target] {
			s.notIndexed++
			continue
		}
		e := edge{nodeid.File(u.File), nodeid.File(*u.Target)}
		want[e] = true
		s.units++
		k := stmt{u.File, u.Line}
		if _, seen := stmtOK[k]; !seen {
			stmtOK[k] = true
		}
		if g.imports[e] {
			s.unitsFound++
			continue
		}
		stmtOK[k] = false
		s.missed.add(importCategory(u), fmt.Sprintf("%s:%d %q -> %s", u.File, u.Line, u.Written, *u.Target), keep)
	}
	for _, ok := range stmtOK {
		s.stmts++
		if ok {
			s.stmtsFound++
		}
	}
	var edges []edge
	for e := range g.imports {
		if pyFiles[strings.TrimPrefix(e.From, "file:")] {
			edges = append(edges, e)
		}
	}
	sortEdges(edges)
	for _, e := range edges {
		s.lgEdges++
		if !want[e] {
			s.lgWrong++
			s.wrong.add("edge to a file no statement of the source names", short(e.From)+" -> "+short(e.To), keep)
		}
	}
	return s
}

// importCategory names the form of a missed import.
func importCategory(u pyImport) string {
	form := "absolute"
	if strings.HasPrefix(u.Written, ".") {
		form = "relative"
	}
	if u.Kind == "submodule" {
		form += ", submodule named in from-import"
	}
	root := "the repository root"
	mod := strings.ReplaceAll(u.Module, ".", "/")
	if i := strings.LastIndex(*u.Target, mod); i > 0 {
		root = strings.TrimSuffix((*u.Target)[:i], "/") + "/"
	}
	return form + " import, package root " + root
}

func loadImportTruth(t testing.TB, dir string, sysPath []string) []pyImport {
	t.Helper()
	var out []pyImport
	for _, l := range pyTruthRun(t, "imports", dir, sysPath) {
		var u pyImport
		if err := json.Unmarshal(l, &u); err != nil {
			t.Fatalf("pytruth line %s: %v", l, err)
		}
		out = append(out, u)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

func logImports(t testing.TB, s importScore) {
	t.Helper()
	t.Logf("  imports: %v", s)
	s.missed.log(t, "missed")
	s.wrong.log(t, "extra")
}

// TestPythonImportRoots measures how many in-repository import statements
// lgraph links to the file Python would load, on real packages laid out
// under a directory that only pyproject.toml names as the package root
// (as localstack's localstack-core/): rich under python/, with a test
// directory that imports it absolutely. Floors sit a few points under the
// measured values (in the comments).
func TestPythonImportRoots(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes real packages")
	}
	needPython(t, false)
	corpora := []struct {
		pkg                string
		stmtFloor, precise float64
	}{
		{"rich", 0.95, 0.95},  // measured 1.000 (434/434), no extra edge
		{"click", 0.95, 0.95}, // measured 1.000 (189/189), no extra edge
	}
	for _, c := range corpora {
		t.Run(c.pkg, func(t *testing.T) {
			extra := map[string]string{
				"pyproject.toml": "[project]\nname = \"" + c.pkg + "\"\n\n[tool.setuptools.packages.find]\nwhere = [\"python\"]\n",
				"tests/test_it.py": "import " + c.pkg + "\nfrom " + c.pkg + " import __init__ as init\n\n" +
					"def test_it():\n    return " + c.pkg + "\n",
			}
			r := copyDistPackage(t, c.pkg, "python", extra)
			dir, err := filepath.EvalSymlinks(r.Dir)
			if err != nil {
				t.Fatal(err)
			}
			g := indexPython(t, dir)
			s := measureImports(g, loadImportTruth(t, dir, []string{"python", "."}), examples())
			logImports(t, s)
			if got := ratio(s.stmtsFound, s.stmts); got < c.stmtFloor {
				t.Errorf("statements linked %.3f below floor %.2f", got, c.stmtFloor)
			}
			if got := ratio(s.lgEdges-s.lgWrong, s.lgEdges); got < c.precise {
				t.Errorf("import edge precision %.3f below floor %.2f", got, c.precise)
			}
		})
	}
}

// TestPythonImportsLocalstack measures the same on a localstack checkout
// named by $LGRAPH_PYACC_LOCALSTACK (a git clone of localstack/localstack),
// whose package root localstack-core/ is declared in pyproject.toml; its
// tests import from the repository root. It skips when the variable is unset.
func TestPythonImportsLocalstack(t *testing.T) {
	dir := os.Getenv("LGRAPH_PYACC_LOCALSTACK")
	if dir == "" {
		t.Skip("set LGRAPH_PYACC_LOCALSTACK to a localstack checkout to measure it")
	}
	needPython(t, false)
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := indexPython(t, dir)
	s := measureImports(g, loadImportTruth(t, dir, []string{"localstack-core", "."}), examples())
	logImports(t, s)
	if got := ratio(s.stmtsFound, s.stmts); got < 0.95 {
		t.Errorf("statements linked %.3f below floor 0.95", got)
	}
}
