package explicit

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// resolveSites parses the files and resolves them against one index,
// returning each file's unresolved call sites.
func resolveSites(t *testing.T, project *lang.Project, files map[string]string) map[string][]snapshot.Site {
	t.Helper()
	langs := lang.Default()
	parsers := lang.NewParsers()
	snap := snapshot.MapSource{}
	for path, src := range files {
		spec := langs.ByExtension(path)
		ff, err := parsers.Extract(context.Background(), spec, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		snap[path] = &snapshot.File{Path: path, Lang: spec.Name, Facts: ff}
	}
	if project == nil {
		project = &lang.Project{}
	}
	idx := BuildIndex(snapshot.NewFileSet(snap), langs, project)
	out := map[string][]snapshot.Site{}
	for p, f := range snap {
		if sites := Resolve(idx, f).Sites; len(sites) > 0 {
			out[p] = sites
		}
	}
	return out
}

// TestUnresolvedSites: a call on a receiver whose type is unknown is
// recorded with its name, receiver, enclosing symbol and line; calls that
// resolve, calls on a typed receiver lacking the member, calls into an
// outside package and bare calls of unknown names are not.
func TestUnresolvedSites(t *testing.T) {
	got := resolveSites(t, nil, map[string]string{
		"lib/greet.py": "class Greeter:\n    def hello(self):\n        pass\n",
		"app/use.py": "import os\nfrom lib.greet import Greeter\n\n" +
			"def f(x):\n    x.hello()\n    Greeter().hello()\n    Greeter().bye()\n    os.getcwd()\n    print(x)\n    x.y.hello()\n",
	})
	want := map[string][]snapshot.Site{"app/use.py": {
		{Name: "hello", Receiver: "x", From: "f", Line: 5},
		{Name: "hello", Receiver: "x.y", From: "f", Line: 10},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sites (-want +got):\n%s", diff)
	}
}

// TestUnresolvedSitesGo: in Go, a method called on a value of a type
// outside the repository is typed, so not recorded.
func TestUnresolvedSitesGo(t *testing.T) {
	got := resolveSites(t, goMod, map[string]string{
		"a/a.go": "package a\n\nimport \"strings\"\n\ntype T struct{}\n\nfunc (T) Write() {}\n\n" +
			"func F() {\n\tvar b strings.Builder\n\tb.WriteString(\"x\")\n\tvar t T\n\tt.Write()\n}\n",
	})
	if len(got) != 0 {
		t.Errorf("sites %+v, want none", got)
	}
}
