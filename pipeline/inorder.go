package pipeline

import (
	"context"
	"sync"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/phases/phase"
)

// publishWorkers is how many goroutines publishing spreads its per-file
// work over: the phases' own number (the concurrency setting, one per CPU
// by default), so that a user who bounds the run bounds its publishing
// too, and no more than eight (past that the single writer they feed is
// the bound).
func publishWorkers(cfg *config.Config) int {
	configured := 0
	if cfg != nil {
		configured = cfg.Concurrency
	}
	return min(phase.Workers(configured), 8)
}

// inOrder computes items 0..n-1 with produce on workers goroutines, a
// batch of them at a time, and hands each result to consume on the
// calling goroutine in index order. The writer of a table takes its keys
// in order, but what goes under them (a record read back and encoded) is
// each file's own work: this lets that work use every core while the
// writer keeps its order. At most a few batches per worker are held at
// once. The first error stops the rest and is returned; so does ctx's
// cancellation, checked between batches, so that an interrupted publish
// stops within a batch rather than after every file.
func inOrder[T any](ctx context.Context, n, workers, batch int, produce func(i int) (T, error), consume func(i int, v T) error) error {
	if workers <= 1 || n <= batch {
		return inOrderHere(ctx, n, batch, produce, consume)
	}
	type job struct {
		lo, hi int
		out    []T
		err    error
		done   chan struct{}
	}
	jobs, order := make(chan *job), make(chan *job, 2*workers)
	stop := make(chan struct{})
	go func() { // hands out the batches in order, to the workers and to the consumer
		defer close(order)
		defer close(jobs)
		for lo := 0; lo < n; lo += batch {
			j := &job{lo: lo, hi: min(lo+batch, n), done: make(chan struct{})}
			select {
			case order <- j:
			case <-stop:
				return
			}
			select {
			case jobs <- j:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				j.out = make([]T, 0, j.hi-j.lo)
				j.err = ctx.Err()
				for i := j.lo; i < j.hi && j.err == nil; i++ {
					v, err := produce(i)
					if err != nil {
						j.err = err
						break
					}
					j.out = append(j.out, v)
				}
				close(j.done)
			}
		})
	}
	err := consumeInOrder(order, stop, func(j *job) error {
		<-j.done
		if err := ctx.Err(); err != nil {
			return err
		}
		for k, v := range j.out {
			if err := consume(j.lo+k, v); err != nil {
				return err
			}
		}
		return j.err
	})
	wg.Wait()
	return err
}

// inOrderHere is inOrder on the calling goroutine alone.
func inOrderHere[T any](ctx context.Context, n, batch int, produce func(i int) (T, error), consume func(i int, v T) error) error {
	for i := range n {
		if i%max(batch, 1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v, err := produce(i)
		if err == nil {
			err = consume(i, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// consumeInOrder calls use for each job in the order they come, until one
// fails; then it closes stop and drains order so the sender can finish.
func consumeInOrder[J any](order <-chan J, stop chan struct{}, use func(J) error) error {
	var err error
	for j := range order {
		if err == nil {
			err = use(j)
			if err != nil {
				close(stop)
			}
		}
	}
	if err == nil {
		close(stop)
	}
	return err
}
