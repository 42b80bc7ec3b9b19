package snapshot

import (
	"context"
	"sync"
	"sync/atomic"
)

// gatherBatch is how many paths a worker of RunsOnWorkers takes at a time:
// enough that handing them out costs nothing, few enough that the workers
// finish together.
const gatherBatch = 64

// RunsOnWorkers gathers the index entries of every path on workers: each
// takes the next batch of paths and, through add, puts each path's entries
// into runs of its own, merged into one table when it ends (Runs.Compact),
// to be read as one by Merged without being merged into a copy. The index
// it makes is read by lookups, each a seek in every table: at 100,000
// files a worker cuts a dozen runs, and every prefix scan of the enrich
// and wiki phases sought in all of them. Every key add puts must hold the
// path it was given, so no key is added by two workers and the entries
// read back are the same however the paths were split. On ctx's cancel
// the workers stop, the runs are closed and ctx's error is returned.
func RunsOnWorkers(ctx context.Context, paths []string, workers int, scratch string, add func(r *Runs, path string)) ([]*Runs, error) {
	return gatherRuns(ctx, paths, workers, func(limit int) *Runs { return NewRuns(limit, scratch) }, (*Runs).Compact, func(r *Runs, _ int, p string) { add(r, p) })
}

// RunsOnWorkersToMerge is RunsOnWorkers for a caller that merges every
// worker's runs into one table at once (MergedOne): each worker only cuts
// its last run, as merging its runs into one table first (Compact) wrote
// each entry once more for nothing: 136 MB of the definition index's at
// 100,000 files.
func RunsOnWorkersToMerge(ctx context.Context, paths []string, workers int, scratch string, add func(r *Runs, path string)) ([]*Runs, error) {
	return gatherRuns(ctx, paths, workers, func(limit int) *Runs { return NewRuns(limit, scratch) }, (*Runs).Cut, func(r *Runs, _ int, p string) { add(r, p) })
}

// SpillOnWorkers gathers the index entries of every path on workers into
// collections read once, in key order (publishing copies a full run's
// index out): each worker fills an IndexSpill of its own, whose runs stay
// apart, as MergeSpills' heap reads a dozen runs as cheaply as one, and
// merging them first would write and read every entry once more for
// nothing. As with RunsOnWorkers, every key add puts must hold the path it
// was given. add is given each path's place in paths besides it; a
// worker is given its paths in increasing order of their places, as
// WordLists.AddFile needs them.
func SpillOnWorkers(ctx context.Context, paths []string, workers int, scratch string, add func(s IndexSpill, i int, path string)) ([]IndexSpill, error) {
	return gatherRuns(ctx, paths, workers, func(limit int) IndexSpill {
		return IndexSpill{Entries: NewSpillSort(limit, scratch), Words: NewWordLists(limit, scratch)}
	}, IndexSpill.cut, add)
}

// SortOnWorkers is SpillOnWorkers for entries that hold no word postings
// (a phase's own index read once in key order): each worker fills a
// SpillSort of its own, for MergeSpills, and reserves no word lists.
func SortOnWorkers(ctx context.Context, paths []string, workers int, scratch string, add func(s *SpillSort, i int, path string)) ([]*SpillSort, error) {
	return gatherRuns(ctx, paths, workers, func(limit int) *SpillSort { return NewSpillSort(limit, scratch) }, (*SpillSort).Cut, add)
}

// IndexSpill is what a worker of SpillOnWorkers fills: the word postings of
// its files, and the other index entries.
type IndexSpill struct {
	Entries *SpillSort
	Words   *WordLists
}

func (s IndexSpill) cut() {
	s.Entries.Cut()
	s.Words.Cut()
}

// Close drops both unread.
func (s IndexSpill) Close() {
	s.Entries.Close()
	s.Words.Close()
}

// gatherRuns runs the workers, each filling a collection that cuts a run
// every DefaultRunBytes/workers bytes of pending entries and calling
// finish on it when done, so that it pays for its last sort (and merge)
// itself rather than the goroutine that reads them.
func gatherRuns[C interface{ Close() }](ctx context.Context, paths []string, workers int, newRuns func(limit int) C, finish func(C), add func(r C, i int, path string)) ([]C, error) {
	runs := make([]C, max(1, workers))
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range runs {
		r := newRuns(DefaultRunBytes / len(runs))
		runs[i] = r
		wg.Go(func() {
			for ctx.Err() == nil {
				lo := int(next.Add(gatherBatch)) - gatherBatch
				if lo >= len(paths) {
					break
				}
				for i := lo; i < min(lo+gatherBatch, len(paths)); i++ {
					add(r, i, paths[i])
				}
			}
			if ctx.Err() == nil { // else the runs are closed unread
				finish(r)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		for _, r := range runs {
			r.Close()
		}
		return nil, err
	}
	return runs, nil
}
