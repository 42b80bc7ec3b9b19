package enrich

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// scanCounter counts the scans of an index; safe for concurrent use.
type scanCounter struct {
	snapshot.KV
	scans atomic.Int64
}

func (s *scanCounter) Scan(prefix []byte, fn func(k, v []byte) error) error {
	s.scans.Add(1)
	return s.KV.Scan(prefix, fn)
}

// TestFullRunCountsUsesInOnePass: a full run summarizes every code file,
// and reads the reverse edges into them in one ordered pass, not one
// scan per file (a full run's index is many runs, each seek a block of
// every run); the summaries and the use counts kept for the wiki are
// those the per-file scans of an update give.
func TestFullRunCountsUsesInOnePass(t *testing.T) {
	var files []*snapshot.File
	for i := range 20 {
		files = append(files, goFile(fmt.Sprintf("lib/l%02d.go", i), []string{"A", "B"}, [2]string{fmt.Sprintf("lib/l%02d.go", (i+1)%20), "A"}),
			goFile(fmt.Sprintf("app/a%02d.go", i), []string{"Main"}, [2]string{fmt.Sprintf("lib/l%02d.go", i%3), "B"}, [2]string{"app/a00.go", "Main"}))
	}
	files = append(files, goFile("app/credentials.go", []string{"Key"}, [2]string{"lib/l00.go", "A"}))
	summarize := func(full bool) ([]*snapshot.File, *phase.UseTable, int64) {
		next := snapshotOf(t, files, true)
		cfg := config.Default()
		st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir(), Uses: phase.NewUseTable()}
		idx := &scanCounter{KV: st.NextIndex(snapshot.KsRevEdge)}
		w := &work{st: st, read: readBlob, rep: &store.Phase{Extra: map[string]int{}}, patterns: cfg.LLM.SecretPatterns, edges: idx}
		todo := w.summarySet(true)
		results := make([]*snapshot.File, len(todo))
		if err := w.wholeFiles(context.Background(), todo, results, full); err != nil {
			t.Fatal(err)
		}
		return results, st.Uses, idx.scans.Load()
	}
	got, gotUses, scans := summarize(true)
	want, wantUses, perFile := summarize(false)
	if scans != 1 || perFile != int64(len(files)) {
		t.Errorf("a full run scanned the reverse edges %d times, want once (%d scans file by file, for %d files)", scans, perFile, len(files))
	}
	if gotUses.Len() != len(files) {
		t.Errorf("the uses of %d files kept for the wiki, want %d", gotUses.Len(), len(files))
	}
	for i, f := range want {
		g := got[i]
		gu, _ := gotUses.Get(f.Path)
		wu, _ := wantUses.Get(f.Path)
		if g.Path != f.Path || g.Summary != f.Summary || g.SummaryKey != f.SummaryKey || fmt.Sprint(gu) != fmt.Sprint(wu) {
			t.Errorf("%s: summary %q (%s), uses %v; file by file %q (%s), uses %v", f.Path, g.Summary, g.SummaryKey, gu, f.Summary, f.SummaryKey, wu)
		}
	}
	if u, _ := gotUses.Get("lib/l00.go"); u.Users < 3 || u.PerSymbol[0] == 0 {
		t.Errorf("lib/l00.go used %+v: want its A called from several files", u)
	}
}

// TestOfflineSummariesReadNoBlob: the offline summary is written from a
// file's doc, definitions and imports, so a full run summarizes every
// file without reading its content (every blob of the repository).
func TestOfflineSummariesReadNoBlob(t *testing.T) {
	files := []*snapshot.File{goFile("lib/l.go", []string{"A"}), goFile("app/a.go", []string{"Main"}, [2]string{"lib/l.go", "A"})}
	next := snapshot.New()
	for _, f := range files {
		next.Files.Set(f)
	}
	var reads atomic.Int64
	read := func(id string) ([]byte, error) { reads.Add(1); return readBlob(id) }
	cfg := config.Default()
	st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
	if _, err := (Phase{Read: read}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	if n := reads.Load(); n != 0 {
		t.Errorf("the offline summaries read %d blobs, want none", n)
	}
	if s := next.Files.Get("lib/l.go").Summary; s == "" {
		t.Error("lib/l.go has no summary")
	}
}
