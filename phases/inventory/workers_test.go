package inventory_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/goroutines"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestDescribeReadsOnItsWorkers: the inventory of a full run reads every
// blob, and a goroutine started per blob grew its stack again through
// each inflate (about 1 s of CPU at 100,000 files); the reads must come
// from no more goroutines than the configured workers.
func TestDescribeReadsOnItsWorkers(t *testing.T) {
	ctx := context.Background()
	c := scratchCache(t)
	cfg := config.Default()
	cfg.Concurrency = 2
	var entries []gitrepo.Entry
	for i := range 200 {
		entries = append(entries, gitrepo.Entry{Path: fmt.Sprintf("pkg/f%03d.go", i), Blob: fmt.Sprintf("%040x", i), Mode: filemode.Regular})
	}
	var mu sync.Mutex
	readers := map[string]bool{}
	p := inventory.Phase{
		Target: func(context.Context) ([]gitrepo.Entry, error) { return entries, nil },
		Read: func(id string) ([]byte, error) {
			mu.Lock()
			readers[goroutines.Current()] = true
			mu.Unlock()
			return []byte("package pkg\n"), nil
		},
	}
	st := &phase.State{Cache: c, Config: &cfg, Full: true, Next: snapshot.New(), Progress: phase.NoProgress{}}
	if _, err := p.Run(ctx, st); err != nil {
		t.Fatal(err)
	}
	if st.Next.Files.Len() != len(entries) {
		t.Fatalf("inventory listed %d files, want %d", st.Next.Files.Len(), len(entries))
	}
	if len(readers) > cfg.Concurrency {
		t.Errorf("%d blobs were read on %d goroutines, want at most %d (the workers)", len(entries), len(readers), cfg.Concurrency)
	}
}

// TestFullRunListsBesideTheAttributes: a full run lists the target tree
// whatever the git attributes say, and both walk every tree of the commit
// (0.3 and 0.2 s of CPU at 100,000 files), so the listing must run on a
// goroutine of its own while the run reads the attributes, not after them
// on the run's goroutine.
func TestFullRunListsBesideTheAttributes(t *testing.T) {
	ctx := context.Background()
	c := scratchCache(t)
	cfg := config.Default()
	entries := []gitrepo.Entry{{Path: "pkg/a.go", Blob: fmt.Sprintf("%040x", 1), Mode: filemode.Regular}}
	var lister string
	p := inventory.Phase{
		Target: func(context.Context) ([]gitrepo.Entry, error) { lister = goroutines.Current(); return entries, nil },
		Read:   func(string) ([]byte, error) { return []byte("package pkg\n"), nil },
	}
	st := &phase.State{Cache: c, Config: &cfg, Full: true, Next: snapshot.New(), Progress: phase.NoProgress{}}
	if _, err := p.Run(ctx, st); err != nil {
		t.Fatal(err)
	}
	if st.Next.Files.Len() != len(entries) {
		t.Fatalf("inventory listed %d files, want %d", st.Next.Files.Len(), len(entries))
	}
	if lister == "" || lister == goroutines.Current() {
		t.Errorf("the tree was listed on %q, the run's goroutine is %q: want a goroutine of its own", lister, goroutines.Current())
	}
}

// scratchCache opens a facts cache in a directory of the test's own,
// closed when the test ends.
func scratchCache(t *testing.T) *cache.Cache {
	t.Helper()
	c, err := cache.Open(context.Background(), t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}
