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
// into runs of its own, cut (sorted) when it ends, to be read as one by
// Merged without being merged into a copy. Every key add puts must hold
// the path it was given, so no key is added by two workers and the entries
// read back are the same however the paths were split. On ctx's cancel the
// workers stop, the runs are closed and ctx's error is returned.
func RunsOnWorkers(ctx context.Context, paths []string, workers int, scratch string, add func(r *Runs, path string)) ([]*Runs, error) {
	runs := make([]*Runs, max(1, workers))
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range runs {
		r := NewRuns(DefaultRunBytes/len(runs), scratch)
		runs[i] = r
		wg.Go(func() {
			for ctx.Err() == nil {
				lo := int(next.Add(gatherBatch)) - gatherBatch
				if lo >= len(paths) {
					break
				}
				for _, p := range paths[lo:min(lo+gatherBatch, len(paths))] {
					add(r, p)
				}
			}
			r.Cut() // the last sort on this worker, not on the merge's
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
