package phase

import (
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// restageBatch is how many records Restage changes between two settings:
// its workers read records while a batch runs, and a set may not run
// beside a read.
const restageBatch = 512

// Restage replaces records of the snapshot being built: for each of paths
// (whose record must exist) change returns the record to set in its
// place, or nil to leave it. A set holding its records packed (a full run)
// runs change on every worker, each on a contiguous run of a batch, with
// the new records packed where they were made; the records are then set
// in path order, so the set ends as a loop would leave it. change must be
// safe for concurrent use then; i is the path's index in paths. Other sets
// are changed in turn.
func (st *State) Restage(ctx context.Context, paths []string, change func(i int, f *snapshot.File) (*snapshot.File, error)) error {
	files := st.Next.Files
	if !files.Packed() {
		for i, p := range paths {
			nf, err := change(i, files.Get(p))
			if err != nil {
				return err
			}
			if nf != nil {
				files.Set(nf)
			}
		}
		return nil
	}
	workers := 1
	if st.Config != nil {
		workers = Workers(st.Config.Concurrency)
	}
	for start := 0; start < len(paths); start += restageBatch {
		batch := paths[start:min(start+restageBatch, len(paths))]
		staged := make([]*snapshot.Staged, len(batch))
		g, _ := errgroup.WithContext(ctx)
		per := (len(batch) + workers - 1) / workers
		for lo := 0; lo < len(batch); lo += per {
			hi := min(lo+per, len(batch))
			g.Go(func() error {
				for i := lo; i < hi; i++ {
					nf, err := change(start+i, files.Get(batch[i]))
					if err != nil {
						return err
					}
					if nf != nil {
						s := files.Stage(nf)
						staged[i] = &s
					}
				}
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, s := range staged {
			if s != nil {
				files.SetStaged(*s)
			}
		}
	}
	return nil
}
