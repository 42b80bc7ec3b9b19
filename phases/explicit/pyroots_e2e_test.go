package explicit_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
)

const (
	toCore   = `"source":"file:app/main.py","target":"file:core/acme/util.py","kind":"imports"`
	toCopy   = `"source":"file:app/main.py","target":"file:copy/acme/util.py","kind":"imports"`
	callCore = `"source":"sym:app/main.py#run","target":"sym:core/acme/util.py#helper","kind":"calls"`
)

// TestPythonRootsFollowProjectFiles changes the project files that declare
// a Python package root and checks after each commit that update equals
// init and that imports land where the declarations say.
func TestPythonRootsFollowProjectFiles(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"pyproject.toml":        "[project]\nname = \"acme\"\n\n[tool.setuptools.packages.find]\nwhere = [\"core\"]\n",
		"core/acme/__init__.py": "",
		"core/acme/util.py":     "def helper():\n    return 1\n",
		"app/main.py":           "import acme.util\nfrom acme.util import helper\n\n\ndef run():\n    return helper()\n",
	})
	r.Commit("base")
	inc := lgtest.New(t, r.Dir)
	inc.MustRun(t, "init", false)
	steps := []struct {
		name        string
		change      func()
		want, avoid []string
	}{
		{"declared root", func() {}, []string{toCore, callCore}, nil},
		{"a second copy: the declaration still decides", func() {
			r.Write(map[string]string{"copy/acme/__init__.py": "", "copy/acme/util.py": "def helper():\n    return 2\n"})
		}, []string{toCore, callCore}, []string{toCopy}},
		{"no declaration and two copies: no guess", func() { r.Remove("pyproject.toml") }, nil, []string{toCore, toCopy}},
		{"setup.cfg names the root", func() {
			r.Write(map[string]string{"setup.cfg": "[options]\npackage_dir =\n    =core\n"})
		}, []string{toCore, callCore}, []string{toCopy}},
		{"setup.py names the other one", func() {
			r.Remove("setup.cfg")
			r.Write(map[string]string{"setup.py": "from setuptools import setup\n\nsetup(package_dir={\"\": \"copy\"})\n"})
		}, []string{toCopy}, []string{toCore}},
		{"the tree alone, once the copy is gone", func() {
			r.Remove("setup.py", "copy/acme/__init__.py", "copy/acme/util.py")
		}, []string{toCore, callCore}, nil},
	}
	for _, s := range steps {
		s.change()
		r.Commit(s.name)
		inc.MustRun(t, "update", false)
		got := inc.Export(t, "main")
		fresh := lgtest.New(t, r.Dir)
		fresh.MustRun(t, "init", false)
		if diff := cmp.Diff(fresh.Export(t, "main"), got); diff != "" {
			t.Fatalf("after %q: update differs from init (-init +update):\n%s", s.name, diff)
		}
		for _, w := range s.want {
			if !strings.Contains(got, w) {
				t.Errorf("after %q: export lacks %s", s.name, w)
			}
		}
		for _, a := range s.avoid {
			if strings.Contains(got, a) {
				t.Errorf("after %q: export has %s", s.name, a)
			}
		}
	}
}

// TestImportRootsConfig checks the import_roots key: it makes a directory
// a root where nothing in the repository says so.
func TestImportRootsConfig(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"core/acme/__init__.py": "",
		"core/acme/util.py":     "def helper():\n    return 1\n",
		"copy/acme/__init__.py": "",
		"copy/acme/util.py":     "def helper():\n    return 2\n",
		"app/main.py":           "import acme.util\n",
	})
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)
	if got := ix.Export(t, "main"); strings.Contains(got, toCore) || strings.Contains(got, toCopy) {
		t.Fatalf("without a root, an ambiguous package was guessed:\n%s", got)
	}
	ix.Config.ImportRoots = []string{"copy/"}
	ix.MustRun(t, "update", false)
	if got := ix.Export(t, "main"); !strings.Contains(got, toCopy) || strings.Contains(got, toCore) {
		t.Errorf("import_roots [copy/]: want only the edge to copy/acme/util.py:\n%s", got)
	}
}
