package explicit

import (
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestProjectFilesFromIndex: an update finds the project files in the
// base's list of them (keyspace J) with its touched files applied, and
// lists what a walk over every path of the snapshot being built lists.
func TestProjectFilesFromIndex(t *testing.T) {
	files := snapshot.MapSource{}
	for _, p := range []string{"go.mod", "a/main.go", "sub/package.json", "sub/x.js", "py/setup.py", "py/pkg/mod.py", "tsconfig.base.json", "z/go.mod"} {
		l := lang.ProjectFile
		if s := lang.ByExtension(p); s != nil {
			l = s.Name
		}
		files[p] = &snapshot.File{Path: p, Lang: l, SHA256: strings.Repeat("ab", 32)}
	}
	var es []snapshot.Entry
	for _, f := range files {
		es = append(es, snapshot.GenericEntries(f)...)
	}
	base := snapshot.New()
	base.Files, base.Index = snapshot.NewFileSet(files), snapshot.NewMemKV(es)
	next := base.Clone()
	next.Files.Set(&snapshot.File{Path: "web/tsconfig.json", Lang: lang.ProjectFile})
	next.Files.Set(&snapshot.File{Path: "z/go.mod", Lang: lang.ProjectFile, Blob: "changed"})
	next.Files.Delete("sub/package.json")
	next.Files.Set(&snapshot.File{Path: "a/new.go", Lang: lang.Go})
	st := &phase.State{Base: base, Next: next, Touched: map[string]bool{"web/tsconfig.json": true, "z/go.mod": true, "sub/package.json": true, "a/new.go": true}}
	wanted := func(base string) bool { return lang.ProjectFamily(base) != "" }

	got, err := projectFiles(st, wanted, false)
	if err != nil {
		t.Fatal(err)
	}
	want, err := projectFiles(st, wanted, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) || !slices.Contains(got, "web/tsconfig.json") || slices.Contains(got, "sub/package.json") || !slices.Contains(got, "py/setup.py") {
		t.Errorf("from the listings %q, from every path %q", got, want)
	}
}
