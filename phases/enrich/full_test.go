package enrich

import (
	"context"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestEveryFileGivesWhatTheStepsGive: a full run holding its records
// packed summarizes and explains every file in one pass (everyFile), its
// reverse edges sorted runs read once; it must give every record the
// summary, key and edge summaries, and the wiki the use counts, that the
// steps one after the other give (a run of decoded records): with a
// secret file, edges into it and out of it, an edge to a path with no
// record, an implicit edge and a file used by many.
func TestEveryFileGivesWhatTheStepsGive(t *testing.T) {
	var files []*snapshot.File
	for i := range 30 {
		files = append(files,
			goFile(fmt.Sprintf("lib/l%02d.go", i), []string{"A", "B", "A"}, [2]string{fmt.Sprintf("lib/l%02d.go", (i+1)%30), "A"}),
			goFile(fmt.Sprintf("app/a%02d.go", i), []string{"Main"}, [2]string{fmt.Sprintf("lib/l%02d.go", i%4), "B"},
				[2]string{"app/a00.go", "Main"}, [2]string{"app/credentials.go", "Key"}, [2]string{"vendor/gone.go", "X"}))
	}
	files = append(files, goFile("app/credentials.go", []string{"Key"}, [2]string{"lib/l00.go", "A"}))
	files[1].Implicit = append(files[1].Implicit, snapshot.Edge{Source: nodeid.File(files[1].Path), Target: nodeid.File("lib/l03.go"),
		Kind: edgekind.Implicit, Via: "CONFIG_KEY"})
	run := func(packed bool) (*snapshot.Snapshot, *phase.UseTable) {
		next := snapshotOf(t, files, packed)
		cfg := config.Default()
		cfg.Concurrency = 3
		st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
		if _, err := (Phase{Read: readBlob}).Run(context.Background(), st); err != nil {
			t.Fatal(err)
		}
		return next, st.Uses
	}
	got, gotUses := run(true)
	want, wantUses := run(false)
	sameEnrichment(t, "one pass", got, want)
	if gotUses.Len() != len(files) || wantUses.Len() != len(files) {
		t.Fatalf("uses of %d files kept, %d by the steps; want %d", gotUses.Len(), wantUses.Len(), len(files))
	}
	for _, f := range files {
		g, _ := gotUses.Get(f.Path)
		w, _ := wantUses.Get(f.Path)
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("%s: uses %+v, want %+v", f.Path, g, w)
		}
	}
	if u, _ := gotUses.Get("lib/l03.go"); len(u.In) < 2 || u.Users < 2 {
		t.Errorf("lib/l03.go used %+v: want uses from app/ and lib/ by several kinds", u)
	}
	if f := got.Files.Get("app/a01.go"); len(f.EdgeSummaries) != 2 || f.EdgeSummaries["lib/l01.go"] == "" {
		t.Errorf("app/a01.go edge summaries %q: want two, none into the secret file or the missing one", f.EdgeSummaries)
	}
}
