package explicit

import (
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// resolveBatch is how many files resolveParallel resolves between two
// settings of their records: the workers read records while the batch
// runs, and a set may not run beside a read.
const resolveBatch = 512

// resolveParallel gives each of paths its resolution on up to workers
// goroutines. A full run resolves every file, and on one core that was
// most of its wall time after the parse. Each worker resolves a
// contiguous run of each batch through a view of idx with its own answer
// cache (files next to each other share most answers), and stages the
// records it changed; the records are then set in path order, so the
// result is the serial loop's.
func resolveParallel(ctx context.Context, st *phase.State, idx *Index, paths []string, workers int) error {
	views := idx.views(max(1, workers))
	for start := 0; start < len(paths); start += resolveBatch {
		batch := paths[start:min(start+resolveBatch, len(paths))]
		staged := make([]*snapshot.Staged, len(batch))
		g, _ := errgroup.WithContext(ctx)
		per := (len(batch) + len(views) - 1) / len(views)
		for w, view := range views {
			lo, hi := min(w*per, len(batch)), min((w+1)*per, len(batch))
			g.Go(func() error { return resolveRange(st, view, batch[lo:hi], staged[lo:hi]) })
		}
		if err := g.Wait(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, s := range staged {
			if s != nil {
				st.Next.Files.SetStaged(*s)
			}
		}
	}
	return nil
}

// resolveRange resolves each of paths through idx and stages, in out, the
// records whose resolution changed.
func resolveRange(st *phase.State, idx *Index, paths []string, out []*snapshot.Staged) error {
	for i, path := range paths {
		idx.trimCache() // between files: see trimCache
		old := st.Next.Files.Get(path)
		res, err := resolveRecord(idx, st.RefsAside, old)
		if err != nil {
			return err
		}
		if res.Equal(old.Res) {
			continue
		}
		nf := *old
		nf.Res = res
		s := st.Next.Files.Stage(&nf)
		out[i] = &s
	}
	return nil
}

// views returns n indexes answering from idx's definitions, each with an
// answer cache of its own (an Index is not safe for concurrent use; its
// KV is) of an nth of idx's bound, so that n of them hold what one did.
// With n 1 it is idx itself.
func (idx *Index) views(n int) []*Index {
	if n == 1 {
		return []*Index{idx}
	}
	out := make([]*Index, n)
	for i := range out {
		v := newIndex(idx.langs, idx.project, idx.kv)
		v.cacheLimit = max(1, idx.cacheLimit/n)
		out[i] = v
	}
	return out
}
