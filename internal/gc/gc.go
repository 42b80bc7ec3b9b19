// Package gc collects what no live branch needs from an lgraph store: the
// refs of deleted branches, table files no kept ref names, ledger entries
// past the newest N, and cache entries no kept snapshot was built from.
// It runs as a writer (it takes the writer lock, so it refuses beside an
// update) and beside any number of readers.
package gc

import (
	"context"
	"fmt"
	"sort"
	"strings"

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
	// Warn receives what the collection notices and reports among its
	// warnings (a damaged ledger entry); nil: they are only reported.
	Warn func(string)
	// Light is the automatic gc after a run, which must not cost that run
	// seconds: it collects the cache only once the cache grew by half
	// since its last collection, and leaves the disk space of what it
	// deletes to badger's own compaction instead of flattening the cache.
	Light bool
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
	// Warnings are what the collection noticed and worked around.
	Warnings []string `json:"warnings,omitempty"`
}

// CacheFreed counts the cache entries removed and kept.
type CacheFreed struct {
	Removed int `json:"removed"`
	Kept    int `json:"kept"`
	// Bytes is what the removed entries held (keys and values); the disk
	// space comes back when the cache is compacted, which gc does.
	Bytes int64 `json:"bytes"`
	// Deferred says why a light gc left the cache alone ("": it did not).
	Deferred string `json:"deferred,omitempty"`
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
	warnReplaced(o, c, rep)
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
	keepPaid, err := paidKeptReason(o, kept, rep)
	if err != nil {
		return nil, err
	}
	if rep.Runs, err = o.Store.PruneRuns(max(o.KeepRuns, 1), pinned); err != nil {
		return nil, err
	}
	hit(o, "gc-runs-pruned")
	if err := collectCache(ctx, o, c, kept, keepPaid, rep); err != nil {
		return nil, err
	}
	warnReplaced(o, c, rep)
	if err := c.Close(); err != nil {
		return nil, err
	}
	rep.BytesAfter = o.Store.Size()
	rep.BytesFreed = max(rep.BytesBefore-rep.BytesAfter, 0)
	return rep, nil
}

// warn reports notes among the report's warnings and passes them on.
func warn(o Options, rep *Report, notes ...string) {
	for _, n := range notes {
		rep.Warnings = append(rep.Warnings, n)
		if o.Warn != nil {
			o.Warn(n)
		}
	}
}

// warnReplaced warns of the damaged caches c replaced: what they held,
// model results included, is no longer kept.
func warnReplaced(o Options, c *cache.Cache, rep *Report) {
	for _, r := range c.Unreported() {
		warn(o, rep, r.Warning())
	}
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

// paidKeptReason says why model results no kept snapshot uses must stay
// (invariant 2: never pay twice), or "" when nothing needs them: a kept
// branch whose newest run stopped before publishing (budget, failure,
// kill) paid for results that are in the cache, not yet in any snapshot. A
// damaged ledger entry is skipped with a warning; if it is newer than some
// kept branch's newest readable run, it may be that branch's unfinished
// run, and its results are kept too.
func paidKeptReason(o Options, kept []*store.Ref, rep *Report) (string, error) {
	runs, damaged, err := o.Store.Runs(0)
	if err != nil {
		return "", fmt.Errorf("read the ledger: %w", err)
	}
	warn(o, rep, store.Warnings(damaged)...)
	newest := map[string]*store.Run{}
	for _, r := range runs { // newest first
		if newest[r.Branch] == nil {
			newest[r.Branch] = r
		}
	}
	var pending []string
	for b, r := range newest {
		if r.Outcome == store.OutcomePublished || r.Outcome == store.OutcomeUpToDate {
			continue
		}
		if keptBranch(kept, b) || o.Live(&store.Ref{Branch: b, Commit: r.To}) {
			pending = append(pending, b)
		}
	}
	var why []string
	if len(pending) > 0 {
		sort.Strings(pending)
		why = append(why, fmt.Sprintf("the last run of %s stopped before publishing; the next update uses what it paid for", strings.Join(pending, ", ")))
	}
	if d := unsettled(damaged, kept, newest); d != nil {
		why = append(why, fmt.Sprintf("ledger entry %s is unreadable and may be a branch's unfinished last run; they are kept until it is deleted or restored", d.File))
	}
	return strings.Join(why, "; "), nil
}

func keptBranch(kept []*store.Ref, branch string) bool {
	for _, r := range kept {
		if r.Branch == branch {
			return true
		}
	}
	return false
}

// unsettled returns a damaged entry newer than some kept branch's newest
// readable run, nil if there is none.
func unsettled(damaged []*store.DamagedRun, kept []*store.Ref, newest map[string]*store.Run) *store.DamagedRun {
	for _, d := range damaged {
		for _, r := range kept {
			if n := newest[r.Branch]; n == nil || d.ID > n.ID {
				return d
			}
		}
	}
	return nil
}
