// Package gc collects what no live branch needs from an lgraph store: the
// refs of deleted branches, table files no kept ref names, ledger entries
// past the newest N, and cache entries no kept snapshot was built from.
// It runs as a writer (it takes the writer lock, so it refuses beside an
// update) and beside any number of readers.
package gc

import (
	"context"
	"fmt"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/store"
)

// Options configure one collection.
type Options struct {
	Store *store.Store
	// Live reports whether a ref's branch still exists; the others are
	// dropped with their snapshots.
	Live func(ref *store.Ref) bool
	// KeepRuns is how many of the newest ledger entries to keep.
	KeepRuns int
	// Wait waits for a running writer instead of failing with store.ErrBusy.
	Wait bool
	// Failpoint is called at named points (tests kill gc there).
	Failpoint func(name string)
}

// Report is what a collection did.
type Report struct {
	RefsKept    []string    `json:"refs_kept"`
	RefsRemoved []string    `json:"refs_removed"`
	Tables      store.Freed `json:"tables"`
	Runs        store.Freed `json:"runs"`
	Cache       CacheFreed  `json:"cache"`
	BytesBefore int64       `json:"bytes_before"`
	BytesAfter  int64       `json:"bytes_after"`
	BytesFreed  int64       `json:"bytes_freed"`
}

// CacheFreed counts the cache entries removed and kept.
type CacheFreed struct {
	Removed int `json:"removed"`
	Kept    int `json:"kept"`
	// Bytes is what the removed entries held (keys and values); the disk
	// space comes back when the cache is compacted, which gc does.
	Bytes int64 `json:"bytes"`
	// PaidKept counts model results kept although no kept snapshot uses
	// them, because a branch's last run stopped before publishing and the
	// next one will want them (invariant 2: never pay twice).
	PaidKept       int    `json:"paid_kept,omitempty"`
	PaidKeptReason string `json:"paid_kept_reason,omitempty"`
}

// Run collects the store. Every step can be stopped at any point: what it
// removed was dead, and what it left the next gc removes.
func Run(ctx context.Context, o Options) (*Report, error) {
	// Measured before badger opens (and preallocates its write-ahead files).
	rep := &Report{BytesBefore: o.Store.Size(), RefsKept: []string{}, RefsRemoved: []string{}}
	c, err := cache.Open(ctx, o.Store.CacheDir(), o.Wait)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	kept, err := dropDeadRefs(o, rep)
	if err != nil {
		return nil, err
	}
	hit(o, "gc-refs-removed")
	live, pinned := map[string]bool{}, map[int]bool{}
	for _, r := range kept {
		pinned[r.Run] = true
		for _, t := range r.Tables {
			live[t] = true
		}
	}
	if rep.Tables, err = o.Store.SweepTables(live); err != nil {
		return nil, err
	}
	hit(o, "gc-tables-removed")
	pending, err := pendingBranches(o, kept)
	if err != nil {
		return nil, err
	}
	if rep.Runs, err = o.Store.PruneRuns(max(o.KeepRuns, 1), pinned); err != nil {
		return nil, err
	}
	hit(o, "gc-runs-pruned")
	if err := collectCache(ctx, o, c, kept, pending, rep); err != nil {
		return nil, err
	}
	if err := c.Close(); err != nil {
		return nil, err
	}
	rep.BytesAfter = o.Store.Size()
	rep.BytesFreed = max(rep.BytesBefore-rep.BytesAfter, 0)
	return rep, nil
}

func hit(o Options, name string) {
	if o.Failpoint != nil {
		o.Failpoint(name)
	}
}

// dropDeadRefs removes the refs whose branch is gone and returns the rest.
func dropDeadRefs(o Options, rep *Report) ([]*store.Ref, error) {
	refs, err := o.Store.Refs()
	if err != nil {
		return nil, err
	}
	var kept []*store.Ref
	for _, r := range refs {
		if o.Live(r) {
			kept = append(kept, r)
			rep.RefsKept = append(rep.RefsKept, r.Branch)
			continue
		}
		if err := o.Store.RemoveRef(r.Branch); err != nil {
			return nil, err
		}
		rep.RefsRemoved = append(rep.RefsRemoved, r.Branch)
	}
	return kept, nil
}

// pendingBranches names the kept branches whose newest run stopped before
// publishing (budget, failure, kill): the model results that run paid for
// are in the cache, not yet in any snapshot.
func pendingBranches(o Options, kept []*store.Ref) ([]string, error) {
	runs, err := o.Store.Runs(0)
	if err != nil {
		return nil, fmt.Errorf("read the ledger: %w", err)
	}
	live := map[string]bool{}
	for _, r := range kept {
		live[r.Branch] = true
	}
	newest := map[string]*store.Run{}
	for _, r := range runs { // newest first
		if newest[r.Branch] == nil {
			newest[r.Branch] = r
		}
	}
	var out []string
	for b, r := range newest {
		if r.Outcome == store.OutcomePublished || r.Outcome == store.OutcomeUpToDate {
			continue
		}
		if live[b] || o.Live(&store.Ref{Branch: b, Commit: r.To}) {
			out = append(out, b)
		}
	}
	return out, nil
}
