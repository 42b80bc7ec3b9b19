package membudget

import (
	"math"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"
)

// restoreCollector puts back the process's GOGC and memory limit after a
// test that changes them.
func restoreCollector(t *testing.T) {
	restoreLimit(t)
	percent := gcPercent()
	t.Cleanup(func() { debug.SetGCPercent(percent) })
}

// gcPercent reads the runtime's GOGC without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestRaisedLimit: the limit moves only once 8/5 of the live heap passes
// it, and then to 8/5 of the live heap.
func TestRaisedLimit(t *testing.T) {
	for _, c := range []struct{ limit, live, want int64 }{
		{1000, 0, 1000},
		{1000, 500, 1000},
		{1000, 625, 1000},
		{1000, 630, 1008},
		{1000, 1000, 1600},
		{1000, 5000, 8000},
	} {
		if got := raisedLimit(c.limit, c.live); got != c.want {
			t.Errorf("raisedLimit(%d, %d) = %d, want %d", c.limit, c.live, got, c.want)
		}
	}
}

// TestHeadroomFollowsAGrowingHeap: as the live heap grows past 5/8 of the
// limit the limit follows it, and it never comes back down.
func TestHeadroomFollowsAGrowingHeap(t *testing.T) {
	live := int64(100)
	h := NewHeadroom(1000, func() int64 { return live })
	steps := []struct {
		live  int64
		moved bool
		limit int64
	}{
		{100, false, 1000}, {750, true, 1200}, {750, false, 1200}, {1000, true, 1600}, {50, false, 1600},
	}
	for _, s := range steps {
		live = s.live
		if moved := h.Check(); moved != s.moved || h.Limit() != s.limit {
			t.Errorf("live %d: moved %v, limit %d; want %v, %d", s.live, moved, h.Limit(), s.moved, s.limit)
		}
	}
}

// TestWatchSetsTheRuntimeLimit: Watch sets its limit at once, raises the
// runtime's limit when the heap grows, and stops when told.
func TestWatchSetsTheRuntimeLimit(t *testing.T) {
	restoreCollector(t)
	var live atomic.Int64
	const start = 1 << 40 // far above anything this test holds
	stop := NewHeadroom(start, live.Load).Watch(time.Millisecond)
	if got := debug.SetMemoryLimit(-1); got != start {
		t.Errorf("limit after Watch = %d, want %d", got, int64(start))
	}
	live.Store(start)
	const raised = start / 5 * 8
	deadline := time.Now().Add(10 * time.Second)
	for debug.SetMemoryLimit(-1) != raised && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	if got := debug.SetMemoryLimit(-1); got != raised {
		t.Fatalf("limit with the live heap at the limit = %d, want %d", got, int64(raised))
	}
	live.Store(4 * start)
	time.Sleep(20 * time.Millisecond)
	if got := debug.SetMemoryLimit(-1); got != raised {
		t.Errorf("limit moved to %d after stop", got)
	}
}

// TestTuneFullRunSets: without the user's settings a full run collects
// at FullRunGCPercent under FullRunLimit, which stays after the watch
// stops.
func TestTuneFullRunSets(t *testing.T) {
	restoreCollector(t)
	debug.SetGCPercent(70)
	debug.SetMemoryLimit(math.MaxInt64)
	stop := Unlimited.TuneFullRun(func(string) string { return "" })
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	stop()
	if percent != FullRunGCPercent || limit != int64(FullRunLimit) {
		t.Errorf("during the run GOGC %d, limit %d; want %d, %d", percent, limit, FullRunGCPercent, int64(FullRunLimit))
	}
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != FullRunGCPercent || l != int64(FullRunLimit) {
		t.Errorf("after the watch stopped GOGC %d, limit %d; want them kept", p, l)
	}
}

// TestTuneFullRunLeavesTheUsersSettings: GOGC and GOMEMLIMIT in the
// environment (which the runtime applied at start) win, and a configured
// budget is the limit instead of FullRunLimit.
func TestTuneFullRunLeavesTheUsersSettings(t *testing.T) {
	restoreCollector(t)
	debug.SetGCPercent(30)          // what the runtime made of GOGC=30
	debug.SetMemoryLimit(300 << 20) // and of GOMEMLIMIT=300MiB
	env := map[string]string{"GOGC": "30", "GOMEMLIMIT": "300MiB"}
	Unlimited.TuneFullRun(func(k string) string { return env[k] })()
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != 30 || l != 300<<20 {
		t.Errorf("with the user's GOGC and GOMEMLIMIT: %d, %d; want 30, %d", p, l, 300<<20)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	FromMB(512).TuneFullRun(func(string) string { return "" })()
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != FullRunGCPercent || l != 512<<20 {
		t.Errorf("with a 512 MiB budget: GOGC %d, limit %d; want %d, %d", p, l, FullRunGCPercent, 512<<20)
	}
}
