// Package membudget turns the configured memory budget of an indexing run
// (config memory_mb) into the settings that bound its peak: the Go
// runtime's soft memory limit and the sizes of the run's caches. Every
// size is derived from the budget here, so a repository's size does not
// choose them and one key moves them all.
package membudget

import (
	"runtime/debug"
)

// Budget is a memory budget in bytes.
type Budget int64

// FromMB returns the budget of mb mebibytes.
func FromMB(mb int) Budget { return Budget(mb) << 20 }

// Default sizes the caches of a run without a budget (config memory_mb 0,
// the default) and of callers that have no configuration (tests, tools):
// at 1024 MiB every size is the one measured before budgets existed.
const Default = Budget(1024 << 20)

// Unlimited is memory_mb 0: no Go memory limit, caches at Default's sizes.
// It is the default because the limit is a trade, not a bound: on a
// 100,000-file init a 1 GiB limit took the peak from 2.1 to 1.65 GB and the
// time from 151 to 362 s (docs/measurements.md, "A memory budget").
const Unlimited = Budget(0)

// Apply sets the Go runtime's soft memory limit to the budget, unless the
// user set GOMEMLIMIT (getenv reads the environment), whose value the
// runtime already applied and which then wins. It returns the limit in
// force afterwards.
//
// The limit is soft: when the live heap alone is larger the runtime lets
// it grow (collecting at most about half the CPU) rather than fail, so a
// budget too small for a repository costs time, not the run.
func (b Budget) Apply(getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") != "" || b == Unlimited {
		return debug.SetMemoryLimit(-1)
	}
	debug.SetMemoryLimit(int64(b))
	return int64(b)
}

// share returns b/div clamped to [lo, hi]; without a budget, Default's.
func (b Budget) share(div, lo, hi int64) int64 {
	if b == Unlimited {
		b = Default
	}
	return min(max(int64(b)/div, lo), hi)
}

// Cache is the sizing of the facts cache's badger database.
type Cache struct {
	// MemTable is the size of one memtable; badger keeps two, plus one
	// being flushed.
	MemTable int64
	// BlockCache and IndexCache are badger's caches of table blocks and
	// table indexes (bloom filters included).
	BlockCache, IndexCache int64
	// BatchBytes is how many bytes of batched writes the cache holds
	// before it commits them.
	BatchBytes int
}

// Cache sizes the facts cache: at the default budget (1024 MiB) 16 MiB
// memtables, a 16 MiB block cache, an 8 MiB index cache and 8 MiB of
// batched writes, the sizes measured before the budget existed
// (docs/measurements.md); smaller and larger budgets scale them.
func (b Budget) Cache() Cache {
	return Cache{
		MemTable:   b.share(64, 4<<20, 64<<20),
		BlockCache: b.share(64, 2<<20, 256<<20),
		IndexCache: b.share(128, 1<<20, 128<<20),
		BatchBytes: int(b.share(128, 1<<20, 64<<20)),
	}
}

// MemoBytes bounds the blob bytes a run keeps read (64 MiB at the
// default budget; see pipeline.memoize).
func (b Budget) MemoBytes() int { return int(b.share(16, 4<<20, 1<<30)) }

// IndexAnswers bounds the answers the explicit phase's definition index
// keeps (65,536 at the default budget): an answer costs about a few
// hundred bytes with its definitions.
func (b Budget) IndexAnswers() int {
	return int(b.share(16<<10, 4<<10, 1<<20))
}
