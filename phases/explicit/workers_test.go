package explicit

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/goroutines"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestParseRunsOnItsWorkers: a full run parses every file, and a
// goroutine started per file grew its stack again through each parse and
// extraction (about 1.4 s of CPU at 100,000 files); the files must be
// read (and so parsed) on no more goroutines than the configured workers.
func TestParseRunsOnItsWorkers(t *testing.T) {
	ctx := context.Background()
	st := fullRunState(t)
	cfg := st.Config
	const files = 200
	for i := range files {
		st.Next.Files.Set(&snapshot.File{Path: fmt.Sprintf("pkg/f%03d.go", i), Lang: "go", Blob: fmt.Sprintf("blob%d", i)})
	}
	var mu sync.Mutex
	readers := map[string]bool{}
	read := func(id string) ([]byte, error) {
		mu.Lock()
		readers[goroutines.Current()] = true
		mu.Unlock()
		return []byte("package pkg\n\nfunc F" + id + "() int { return 1 }\n"), nil
	}
	rep, err := (Phase{Read: read}).Run(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Next.Files.Close()
	defer st.RefsAside.Close()
	if rep.Extra["parsed"] != files {
		t.Fatalf("parsed %d files, want %d", rep.Extra["parsed"], files)
	}
	if len(readers) > cfg.Concurrency {
		t.Errorf("%d files were parsed on %d goroutines, want at most %d (the workers)", files, len(readers), cfg.Concurrency)
	}
}

// fullRunState is the state of a full run on two workers, with a cache
// and parsers the test's cleanup closes.
func fullRunState(t *testing.T) *phase.State {
	t.Helper()
	c, err := cache.Open(context.Background(), t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	cfg := config.Default()
	cfg.Concurrency = 2
	parsers := lang.NewParsers()
	t.Cleanup(parsers.Close)
	return &phase.State{Cache: c, Config: &cfg, Langs: all.Registry(), Parsers: parsers, Full: true,
		Next: snapshot.New(), Scratch: t.TempDir(), Progress: phase.NoProgress{}}
}
