// Package workpool runs one function over many items on a few long-lived
// goroutines.
//
// errgroup with SetLimit starts a goroutine per item; each starts on a
// small stack and grows it again (a copy each time it doubles) through
// the same deep calls as the last: inflating a git object, a tree-sitter
// parse. At 100,000 files that growth cost about 2.4 s of CPU in an init.
// A worker here grows its stack once and keeps it for every item it takes.
package workpool

import (
	"context"
	"sync"
	"sync/atomic"
)

// Each calls fn(ctx, i) for every i in [0, n) on at most workers
// goroutines (at least one), handing out indexes in increasing order. The
// first error cancels the context fn gets, stops handing out indexes and
// is returned; a cancelled parent stops the handing out too and its error
// is returned.
func Each(ctx context.Context, n, workers int, fn func(ctx context.Context, i int) error) error {
	if n <= 0 {
		return ctx.Err()
	}
	workers = max(1, min(workers, n))
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := fn(ctx, i); err != nil {
					cancel(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return context.Cause(ctx)
}
