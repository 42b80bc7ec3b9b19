package membudget

import (
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/lgraph/lgraph/internal/periodic"
)

// FullRunGCPercent is the collector's GOGC for a run that indexes every
// file (init, update --full). The 60 full runs had before collected so
// often on a 100,000-file init (a live heap of 200-300 MB) that its parse
// step ran slower than the same parse alone; 150 under FullRunLimit
// took that init's median from 62.8 to 54.6 s over seven alternated runs
// each (docs/measurements.md, "Stop 46"). The soft limit keeps what the
// larger target costs in memory bounded.
const FullRunGCPercent = 150

// FullRunLimit is the soft heap limit of a full run without a budget:
// five eighths of the default budget, which kept the whole process (heap,
// mapped files, the parsers' C memory) at 830-950 MB at 100,000 generated
// files with FullRunGCPercent. A repository whose live heap nears it gets
// more room (see Headroom), so it never makes the collector run without
// pause.
const FullRunLimit = Default / 8 * 5

// headroomEvery is how often Headroom looks at the live heap: a full
// run's heap grows over seconds, not milliseconds.
const headroomEvery = 250 * time.Millisecond

// TuneFullRun sets the collector for a full run: GOGC FullRunGCPercent
// unless the user set GOGC, and, unless the user set GOMEMLIMIT, the
// budget's limit (Apply) or, without a budget, FullRunLimit kept above
// the live heap by Headroom. getenv reads the environment. The returned
// function stops the headroom watch; the settings stay, as Apply's do
// (the process ends with its run).
func (b Budget) TuneFullRun(getenv func(string) string) (stop func()) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(FullRunGCPercent)
	}
	if getenv("GOMEMLIMIT") != "" || b != Unlimited {
		b.Apply(getenv)
		return func() {}
	}
	return NewHeadroom(int64(FullRunLimit), liveHeap).Watch(headroomEvery)
}

// Headroom keeps a soft memory limit at least 8/5 of the live heap. A
// soft limit below what a run must hold makes the collector run back to
// back (Go caps it at half the CPU, which still halves the run's speed);
// a limit 8/5 of the live heap collects as the GOGC 60 of earlier full
// runs did, so a run whose live heap outgrows the fixed limit runs and
// holds what it did then.
type Headroom struct {
	limit atomic.Int64 // set by Check, read by Limit from any goroutine
	live  func() int64
}

// NewHeadroom returns a Headroom starting at limit, which sets it as the
// runtime's limit on Watch; live reports the live heap in bytes.
func NewHeadroom(limit int64, live func() int64) *Headroom {
	h := &Headroom{live: live}
	h.limit.Store(limit)
	return h
}

// Limit is the limit Headroom last chose.
func (h *Headroom) Limit() int64 { return h.limit.Load() }

// Check raises the limit to 8/5 of the live heap when that has passed
// it, and reports whether it did.
func (h *Headroom) Check() bool {
	limit := h.limit.Load()
	next := raisedLimit(limit, h.live())
	if next == limit {
		return false
	}
	h.limit.Store(next)
	return true
}

// headroomNum/headroomDen is the least limit Headroom keeps over the
// live heap: 8/5, Go's heap target at GOGC 60.
const headroomNum, headroomDen = 8, 5

// raisedLimit is limit, or 8/5 of the live heap when that is larger.
func raisedLimit(limit, live int64) int64 {
	return max(limit, live/headroomDen*headroomNum)
}

// Watch sets the runtime's limit and checks it every interval on a
// goroutine of its own until the returned function is called.
func (h *Headroom) Watch(interval time.Duration) (stop func()) {
	debug.SetMemoryLimit(h.Limit())
	return periodic.Run(interval, func() bool {
		if h.Check() {
			debug.SetMemoryLimit(h.Limit())
		}
		return true
	})
}

// liveHeap is the heap the last collection found live (0 if this Go
// does not say).
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
