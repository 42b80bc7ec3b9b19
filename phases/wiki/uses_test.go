package wiki

import (
	"context"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/enrich"
	"github.com/lgraph/lgraph/phases/phase"
)

// fullRun is the state of a full run over files, its records held packed
// as a full run holds them, the enrich phase run.
func fullRun(t *testing.T, files []*snapshot.File) *phase.State {
	t.Helper()
	next := snapshot.New()
	if err := next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { next.Files.Close() })
	for _, f := range files {
		f.Blob = "blob-" + f.Path
		next.Files.Set(f)
	}
	cfg := config.Default()
	st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
	read := func(id string) ([]byte, error) { return []byte("package x // " + id + "\n"), nil }
	if _, err := (enrich.Phase{Read: read}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestFullRunCountsUsesFromTheEnrichTable: a full run's wiki reads how its
// members are used from the counts the enrich phase took of every code
// file (a secret one's too), so its index holds no reverse edge (most of a
// full index's entries, each sorted and spilled), and the inputs are those
// counted from the reverse edges and those computed from every record.
func TestFullRunCountsUsesFromTheEnrichTable(t *testing.T) {
	var files []*snapshot.File
	for i := range 12 {
		files = append(files, moduleFile(fmt.Sprintf("lib%d/helper.go", i%3), fmt.Sprintf("core/c%d.go", i%2)))
		files = append(files, moduleFile(fmt.Sprintf("app/f%02d.go", i), fmt.Sprintf("lib%d/helper.go", i%3), "core/c0.go"))
	}
	files = append(files, moduleFile("core/c0.go"), moduleFile("core/c1.go", "core/c0.go"),
		moduleFile("core/credentials.go", "core/c1.go"), moduleFile("app/credentials.go", "core/credentials.go"))
	st := fullRun(t, files)
	if n := st.Uses.Len(); n != len(st.Next.Files.CodePaths()) {
		t.Fatalf("the enrich phase counted the uses of %d files, want every code file's (%d)", n, len(st.Next.Files.CodePaths()))
	}

	h := &history{touched: map[string]bool{}}
	idx, dirs, _ := Phase{}.dirs(st, true, h)
	revs := 0
	if err := idx.Scan([]byte{snapshot.KsRevEdge}, func(_, _ []byte) error { revs++; return nil }); err != nil {
		t.Fatal(err)
	}
	if revs > 0 {
		t.Errorf("the full run's wiki index holds %d reverse edges, want none: the uses are counted", revs)
	}
	got, err := moduleInputs(st, idx, dirs, h)
	if err != nil {
		t.Fatal(err)
	}

	st.Uses = nil // counted from the reverse edges instead
	idx, _, _ = Phase{}.dirs(st, true, h)
	counted, err := moduleInputs(st, idx, dirs, h)
	if err != nil {
		t.Fatal(err)
	}
	whole := allInputs(&snapshot.Snapshot{Files: snapshot.NewFileSet(*st.Next.Files.Flatten()), Modules: snapshot.NewModuleSet(nil)},
		nil, func(string) []snapshot.HistoryEntry { return nil })
	if len(got) != 5 || len(whole) != len(got) {
		t.Fatalf("inputs of %d modules, want 5 (and %d from the records)", len(got), len(whole))
	}
	for dir, in := range got {
		if g, c, w := in.key("offline"), counted[dir].key("offline"), whole[dir].key("offline"); g != c || g != w {
			t.Errorf("module %s: input from the table differs:\n%+v\n%+v\n%+v", dir, in.body, counted[dir].body, whole[dir].body)
		}
	}
}
