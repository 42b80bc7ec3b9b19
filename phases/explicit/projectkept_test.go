package explicit

import (
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestImportEditKeepsProject: a commit that moves a Python file's import
// from one package to another (a 10-file benchmark commit's new call)
// changes its directory's tally, but no root the tree rule finds reads the
// heads it brings or takes: the update keeps its base's project settings,
// which at 100,000 files it otherwise derived anew from every directory's
// tally (10-20 ms of a 10-file update, none at 2,000 files). With a
// directory named after the head below the top, the heads matter and the
// settings are derived again. Either way they are what a full run derives.
func TestImportEditKeepsProject(t *testing.T) {
	py := func(p string, imports ...string) *snapshot.File {
		f := &snapshot.File{Path: p, Lang: "python", Blob: p, Facts: &facts.File{}}
		for _, imp := range imports {
			f.Facts.Imports = append(f.Facts.Imports, facts.Import{Path: imp, Names: []string{"X"}})
		}
		return f
	}
	cfg := config.Default()
	langs := all.Registry()
	for _, tc := range []struct {
		name  string
		extra []*snapshot.File
		want  bool
	}{
		{"no directory named app below the top", nil, true},
		{"a directory lib/app", []*snapshot.File{py("lib/app/z.py")}, false},
	} {
		base := snapshot.New()
		files := append([]*snapshot.File{
			py("app/x/a.py", "app.event28.mod", "app.core.util"), py("app/x/b.py", "app.core.util"),
			py("app/core/util.py"), py("app/event28/mod.py"), py("app/event29/mod2.py"),
		}, tc.extra...)
		tallies := NewTallies()
		for _, f := range files {
			base.Files.Set(f)
			tallies.Add(langs, f)
		}
		base.Project = fullProject(t, &cfg, base)
		index := &tallyReads{KV: snapshot.NewMemKV(tallies.Entries())}
		base.Index = index
		st := &phase.State{Config: &cfg, Langs: langs, Base: base, Next: base.Clone(),
			Touched: map[string]bool{"app/x/a.py": true}}
		st.Next.Files.Set(py("app/x/a.py", "app.event29.mod2", "app.core.util"))
		if got := projectUnchanged(st); got != tc.want {
			t.Errorf("%s: projectUnchanged %t, want %t", tc.name, got, tc.want)
		}
		// The touched directory's tally, and one scan for the names of
		// the directories (a token moved).
		if index.gets != 1 || index.scans != 1 {
			t.Errorf("%s: %d tallies got, %d scans; want 1 and 1", tc.name, index.gets, index.scans)
		}
		if tc.want && ProjectKey(&base.Project) != ProjectKey(ptr(fullProject(t, &cfg, st.Next))) {
			t.Errorf("%s: the project kept differs from a full run's", tc.name)
		}
	}
}

func fullProject(t *testing.T, cfg *config.Config, s *snapshot.Snapshot) (pr lang.Project) {
	t.Helper()
	st := &phase.State{Config: cfg, Langs: all.Registry(), Full: true, Next: s}
	pr, err := projectOf(st, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func ptr[T any](v T) *T { return &v }

// tallyReads counts Gets and Scans of a base index.
type tallyReads struct {
	snapshot.KV
	gets, scans int
}

func (c *tallyReads) Get(k []byte) ([]byte, bool, error) {
	c.gets++
	return c.KV.Get(k)
}

func (c *tallyReads) Scan(prefix []byte, fn func(k, v []byte) error) error {
	c.scans++
	return c.KV.Scan(prefix, fn)
}
