package store

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPruneRuns(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 10; id++ {
		if err := s.WriteRun(run(id, Delta{})); err != nil {
			t.Fatal(err)
		}
	}
	f, err := s.PruneRuns(3, map[int]bool{2: true})
	if err != nil || f.Removed != 6 || f.Bytes == 0 {
		t.Fatalf("prune: %+v, %v; want 6 removed", f, err)
	}
	runs, _, err := s.Runs(0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, r := range runs {
		ids = append(ids, r.ID)
	}
	if !cmp.Equal(ids, []int{10, 9, 8, 2}) {
		t.Fatalf("kept runs %v, want the 3 newest and the pinned 2", ids)
	}
	p, err := s.LedgerPruned()
	if err != nil || p == nil || p.Run != 7 || !p.Started.Equal(run(7, Delta{}).Started) {
		t.Fatalf("ledger mark %+v (%v), want run 7", p, err)
	}
	if next, _ := s.NextRunID(); next != 11 {
		t.Fatalf("next run id %d after pruning, want 11", next)
	}
}

func TestSweepTables(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"tables/live.tbl", "tables/dead.tbl", "tables/.tmp-killed", "runs/.tmp-00000003.json-1", "refs/.tmp-main.json-2", "worktree-stat"} {
		if err := os.WriteFile(filepath.Join(dir, rel), []byte("0123456789"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := s.SweepTables(map[string]bool{"live.tbl": true})
	if err != nil || f.Removed != 4 || f.Bytes != 40 {
		t.Fatalf("sweep: %+v, %v; want the dead table and three temporary files", f, err)
	}
	for _, rel := range []string{"tables/live.tbl", "worktree-stat"} {
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil {
			t.Errorf("%s was removed: %v", rel, err)
		}
	}
}
