package phase

import (
	"context"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestRestageEndsAsALoop: Restage changes a packed set's records on
// several workers, batch by batch, and must leave the set as a loop over
// the same paths would (the records it changed, and only those, in the
// same order of sets), with the index each change is given its path's.
func TestRestageEndsAsALoop(t *testing.T) {
	n := 2*restageBatch + 41
	build := func(packed bool) *State {
		files := snapshot.NewFileSet(nil)
		if packed {
			if err := files.Pack(t.TempDir()); err != nil {
				t.Fatal(err)
			}
		}
		for i := range n {
			files.Set(&snapshot.File{Path: fmt.Sprintf("f%05d.go", i), Lang: "go", Blob: fmt.Sprint(i)})
		}
		return &State{Next: &snapshot.Snapshot{Files: files}, Config: &config.Config{Concurrency: 3}}
	}
	var paths []string
	for i := 0; i < n; i += 2 {
		paths = append(paths, fmt.Sprintf("f%05d.go", i))
	}
	change := func(i int, f *snapshot.File) (*snapshot.File, error) {
		if f.Path != paths[i] {
			return nil, fmt.Errorf("change %d got %s, want %s", i, f.Path, paths[i])
		}
		if i%3 == 0 {
			return nil, nil
		}
		nf := *f
		nf.Summary = fmt.Sprint("changed ", i)
		return &nf, nil
	}
	serial, parallel := build(false), build(true)
	for _, st := range []*State{serial, parallel} {
		if err := st.Restage(context.Background(), paths, change); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := parallel.Next.Files.Changed(), serial.Next.Files.Changed(); !reflect.DeepEqual(got, want) {
		t.Fatalf("changed paths differ: %d packed, %d as structs", len(got), len(want))
	}
	for p, want := range serial.Next.Files.All() {
		if got := parallel.Next.Files.Get(p); got == nil || got.Summary != want.Summary || got.Blob != want.Blob {
			t.Errorf("%s: packed %+v, want %+v", p, got, want)
		}
	}
	if err := parallel.Next.Files.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRestageShareIsNotFixed: a worker held up by one slow record does
// not keep the rest of its share from the others: while the first path's
// change waits, the other worker changes every path of the batch but the
// few the held one took with it (restageRun). The wait has a bound only
// so that a broken share fails rather than hangs.
func TestRestageShareIsNotFixed(t *testing.T) {
	files := snapshot.NewFileSet(nil)
	if err := files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	var paths []string
	for i := range restageBatch {
		paths = append(paths, fmt.Sprintf("f%05d.go", i))
		files.Set(&snapshot.File{Path: paths[i], Lang: "go", Blob: fmt.Sprint(i)})
	}
	st := &State{Next: &snapshot.Snapshot{Files: files}, Config: &config.Config{Concurrency: 2}}
	var done atomic.Int64
	others := make(chan struct{})
	err := st.Restage(context.Background(), paths, func(i int, f *snapshot.File) (*snapshot.File, error) {
		if i > 0 {
			if done.Add(1) == int64(len(paths)-restageRun) {
				close(others)
			}
			return nil, nil
		}
		select {
		case <-others:
			return nil, nil
		case <-time.After(time.Minute):
			return nil, fmt.Errorf("%d paths changed while the first waited, want %d", done.Load(), len(paths)-restageRun)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
