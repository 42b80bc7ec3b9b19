package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// damage overwrites a ledger file with bytes that are not its run.
func damage(t *testing.T, s *Store, id int, data string) string {
	t.Helper()
	name := filepath.Join(s.Dir, "runs", runFile(id))
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func ledgerIDs(runs []*Run) []int {
	var ids []int
	for _, r := range runs {
		ids = append(ids, r.ID)
	}
	return ids
}

// One unreadable ledger file is skipped and named, whatever is wrong with
// it; it neither hides the other entries nor fails the listing.
func TestRunsSkipDamagedEntries(t *testing.T) {
	for _, tc := range []struct{ name, data, cause string }{
		{"empty", "", "unexpected end of JSON input"},
		{"truncated", `{"run": 2, "comm`, "unexpected end of JSON input"},
		{"not a run", `[1,2]`, "cannot unmarshal"},
		{"null", `null`, "it holds run 0"},
		{"another run", `{"run": 7}`, "it holds run 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(t.TempDir(), true)
			if err != nil {
				t.Fatal(err)
			}
			for id := 1; id <= 3; id++ {
				if err := s.WriteRun(run(id, Delta{})); err != nil {
					t.Fatal(err)
				}
			}
			file := damage(t, s, 2, tc.data)
			runs, damaged, err := s.Runs(0)
			if err != nil {
				t.Fatal(err)
			}
			if !cmp.Equal(ledgerIDs(runs), []int{3, 1}) {
				t.Fatalf("runs %v, want 3 and 1", ledgerIDs(runs))
			}
			if len(damaged) != 1 || damaged[0].ID != 2 || damaged[0].File != file {
				t.Fatalf("damaged %+v, want run 2 in %s", damaged, file)
			}
			w := Warnings(damaged)[0]
			for _, want := range []string{file, tc.cause, "skipped", "delete it"} {
				if !strings.Contains(w, want) {
					t.Errorf("warning %q does not say %q", w, want)
				}
			}
			_, err = s.ReadRun(2)
			var d *DamagedRun
			if !errors.As(err, &d) || !strings.Contains(err.Error(), file) {
				t.Fatalf("ReadRun(2) = %v, want a DamagedRun naming %s", err, file)
			}
			// A limit counts readable entries: the damaged newest one does
			// not use it up.
			file3 := damage(t, s, 3, "")
			runs, damaged, err = s.Runs(1)
			if err != nil || !cmp.Equal(ledgerIDs(runs), []int{1}) || len(damaged) != 2 || damaged[0].File != file3 {
				t.Fatalf("Runs(1) = %v, %+v, %v; want run 1 and both damaged entries", ledgerIDs(runs), damaged, err)
			}
		})
	}
}

// Run numbers only go up: a damaged file keeps its number, and the refs
// and the prune mark keep the count when the newest files are deleted.
func TestNextRunIDIsMonotonic(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 4; id++ {
		if err := s.WriteRun(run(id, Delta{})); err != nil {
			t.Fatal(err)
		}
	}
	damage(t, s, 4, "")
	if next, err := s.NextRunID(); err != nil || next != 5 {
		t.Fatalf("next after a damaged newest entry: %d, %v; want 5", next, err)
	}
	if err := s.Publish(&Ref{Branch: "main", Run: 4, Published: time.Now()}, 16); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{3, 4} {
		if err := os.Remove(filepath.Join(s.Dir, "runs", runFile(id))); err != nil {
			t.Fatal(err)
		}
	}
	if next, err := s.NextRunID(); err != nil || next != 5 {
		t.Fatalf("next after the newest entries were deleted: %d, %v; want 5 (ref main names run 4)", next, err)
	}
	if err := s.RemoveRef("main"); err != nil {
		t.Fatal(err)
	}
	if next, _ := s.NextRunID(); next != 3 {
		t.Fatalf("next with nothing naming runs 3 and 4: %d, want 3", next)
	}
}

// gc prunes a damaged entry like any other; the prune mark then takes the
// file's time, no earlier than the run's start.
func TestPruneRunsPastADamagedEntry(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 5; id++ {
		if err := s.WriteRun(run(id, Delta{})); err != nil {
			t.Fatal(err)
		}
	}
	file := damage(t, s, 3, "")
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.PruneRuns(2, nil)
	if err != nil || f.Removed != 3 {
		t.Fatalf("prune: %+v, %v; want 3 removed", f, err)
	}
	p, err := s.LedgerPruned()
	if err != nil || p == nil || p.Run != 3 || !p.Started.Equal(fi.ModTime().UTC()) {
		t.Fatalf("ledger mark %+v (%v), want run 3 at the file's time", p, err)
	}
	if next, _ := s.NextRunID(); next != 6 {
		t.Fatalf("next run id %d, want 6", next)
	}
}

// WriteRun leaves no temporary file and a complete entry.
func TestWriteRunIsAtomic(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.WriteRun(run(1, Delta{})); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(s.Dir, "runs"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != runFile(1) {
		t.Fatalf("runs/ holds %v, want only %s", entries, runFile(1))
	}
	if r, err := s.ReadRun(1); err != nil || r.ID != 1 {
		t.Fatalf("read back: %+v, %v", r, err)
	}
}
