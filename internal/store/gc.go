package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"
)

// Freed counts what a collection removed.
type Freed struct {
	Removed int   `json:"removed"`
	Bytes   int64 `json:"bytes"`
}

func (f *Freed) add(fi os.FileInfo) {
	f.Removed++
	f.Bytes += fi.Size()
}

// SweepTables removes every table file no ref in live names, and the
// temporary files writers killed in flight left behind. Only a holder of
// the writer lock may call it (a writer's temporary files are its own while
// it runs). A reader that read a ref gc just removed and then finds its
// tables gone re-reads the ref (LoadPublished) and sees the branch gone.
func (s *Store) SweepTables(live map[string]bool) (Freed, error) {
	var f Freed
	entries, err := os.ReadDir(s.path("tables"))
	if err != nil {
		return f, fmt.Errorf("list tables: %w", err)
	}
	for _, e := range entries {
		if live[e.Name()] {
			continue
		}
		if err := s.removeFile(&f, "tables", e); err != nil {
			return f, err
		}
	}
	return f, s.sweepTemp(&f, "refs", "runs")
}

// sweepTemp removes what killed writers left in the writer-only directories.
func (s *Store) sweepTemp(f *Freed, dirs ...string) error {
	for _, dir := range dirs {
		entries, err := os.ReadDir(s.path(dir))
		if err != nil {
			return fmt.Errorf("list %s: %w", dir, err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tmp-") {
				if err := s.removeFile(f, dir, e); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (s *Store) removeFile(f *Freed, dir string, e os.DirEntry) error {
	fi, err := e.Info()
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("stat %s/%s: %w", dir, e.Name(), err)
	}
	if err := os.Remove(s.path(dir, e.Name())); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("remove %s/%s: %w", dir, e.Name(), err)
	}
	f.add(fi)
	return nil
}

// PruneRuns removes the ledger entries older than the keep newest, except
// the pinned ones (the runs that published a kept snapshot), and records
// the newest entry it removed, so a span reaching back past it is marked
// truncated rather than silently short.
func (s *Store) PruneRuns(keep int, pinned map[int]bool) (Freed, error) {
	var f Freed
	ids, err := s.runIDs()
	if err != nil {
		return f, err
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	var drop []int
	for i, id := range ids {
		if i >= keep && !pinned[id] {
			drop = append(drop, id)
		}
	}
	if len(drop) == 0 {
		return f, nil
	}
	if err := s.notePruned(drop[0]); err != nil {
		return f, err
	}
	for _, id := range drop {
		fi, err := os.Stat(s.path("runs", runFile(id)))
		if err == nil {
			err = os.Remove(s.path("runs", runFile(id)))
		}
		if err != nil && !os.IsNotExist(err) {
			return f, fmt.Errorf("prune run %d: %w", id, err)
		}
		if err == nil {
			f.add(fi)
		}
	}
	return f, nil
}

// Pruned is where the ledger's memory begins: the newest run gc removed.
type Pruned struct {
	Run     int       `json:"run"`
	Started time.Time `json:"started"`
}

const prunedFile = "pruned.json"

// notePruned records run id as the newest removed, before it is removed
// (a kill between the two leaves the mark one run early: still honest).
func (s *Store) notePruned(id int) error {
	started, err := s.runStarted(id)
	if err != nil {
		return err
	}
	if old, err := s.LedgerPruned(); err != nil || (old != nil && old.Run >= id) {
		return err
	}
	data, _ := json.Marshal(Pruned{Run: id, Started: started})
	return writeAtomic(s.path("runs", prunedFile), data)
}

// runStarted is when a run started. For a damaged entry it is the file's
// modification time, which is no earlier than the start: a span is then
// marked truncated when in doubt, never silently short.
func (s *Store) runStarted(id int) (time.Time, error) {
	r, err := s.ReadRun(id)
	var d *DamagedRun
	if errors.As(err, &d) {
		fi, serr := os.Stat(d.File)
		if serr != nil {
			return time.Time{}, fmt.Errorf("prune run %d: %w", id, serr)
		}
		return fi.ModTime().UTC(), nil
	}
	if err != nil {
		return time.Time{}, err
	}
	return r.Started, nil
}

// LedgerPruned returns the newest run gc removed, nil if none was.
func (s *Store) LedgerPruned() (*Pruned, error) {
	data, err := os.ReadFile(s.path("runs", prunedFile))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read ledger mark: %w", err)
	}
	var p Pruned
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("ledger mark %s is corrupt: %w", prunedFile, err)
	}
	return &p, nil
}
