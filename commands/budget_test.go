package commands

import (
	"bytes"
	"context"
	"math"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/membudget"
)

// keepRuntime puts back, after the test, the runtime settings an init
// changes.
func keepRuntime(t *testing.T) {
	limit, gogc := debug.SetMemoryLimit(-1), debug.SetGCPercent(100)
	debug.SetGCPercent(gogc)
	t.Cleanup(func() {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(gogc)
	})
}

// runInit runs `lgraph init` in this process with environ.
func runInit(t *testing.T, environ []string) {
	t.Helper()
	r := gittest.New(t)
	r.Write(map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	r.Git("add", "-A")
	r.Git("commit", "-qm", "one")
	var out bytes.Buffer
	g := NewGlobals(&out, &out, append(environ, "HOME="+r.Home))
	args := []string{"lgraph", "--repo", r.Dir, "--store", filepath.Join(t.TempDir(), "store"), "init", "-q"}
	if err := g.Run(context.Background(), args); err != nil {
		t.Fatalf("init: %v\n%s", err, out.String())
	}
}

// TestInitAppliesTheMemoryBudget: the configured memory_mb becomes the Go
// runtime's memory limit of an init.
func TestInitAppliesTheMemoryBudget(t *testing.T) {
	keepRuntime(t)
	debug.SetMemoryLimit(1 << 40)
	runInit(t, []string{"LGRAPH_MEMORY_MB=200"})
	if got := debug.SetMemoryLimit(-1); got != 200<<20 {
		t.Errorf("memory limit after init with memory_mb 200: %d, want %d", got, 200<<20)
	}
}

// TestInitKeepsTheUsersGOMEMLIMIT: with GOMEMLIMIT set, the runtime's
// limit (which it took from that variable) is left alone.
func TestInitKeepsTheUsersGOMEMLIMIT(t *testing.T) {
	keepRuntime(t)
	debug.SetMemoryLimit(300 << 20) // what the runtime made of GOMEMLIMIT=300MiB
	runInit(t, []string{"LGRAPH_MEMORY_MB=200", "GOMEMLIMIT=300MiB"})
	if got := debug.SetMemoryLimit(-1); got != 300<<20 {
		t.Errorf("memory limit after init under GOMEMLIMIT: %d, want the user's %d", got, 300<<20)
	}
}

// TestInitTunesTheCollector: without a budget or the user's settings, an
// init collects at membudget.FullRunGCPercent under membudget.FullRunLimit;
// with GOGC set, the user's value stays.
func TestInitTunesTheCollector(t *testing.T) {
	keepRuntime(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	runInit(t, nil)
	gogc := debug.SetGCPercent(100)
	if limit := debug.SetMemoryLimit(-1); gogc != membudget.FullRunGCPercent || limit != int64(membudget.FullRunLimit) {
		t.Errorf("after init GOGC %d, limit %d; want %d, %d", gogc, limit, membudget.FullRunGCPercent, int64(membudget.FullRunLimit))
	}

	debug.SetGCPercent(80) // what the runtime made of GOGC=80
	runInit(t, []string{"GOGC=80"})
	if gogc := debug.SetGCPercent(100); gogc != 80 {
		t.Errorf("after init under GOGC=80: GOGC %d", gogc)
	}
}
