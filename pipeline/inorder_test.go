package pipeline

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/config"
)

// TestInOrderHandsResultsInOrder: whatever the worker and batch counts,
// every item's result reaches consume once, in index order, on the
// calling goroutine.
func TestInOrderHandsResultsInOrder(t *testing.T) {
	for _, c := range []struct{ n, workers, batch int }{{0, 4, 3}, {1, 4, 3}, {10, 1, 3}, {1000, 2, 7}, {1000, 8, 1}, {999, 3, 64}} {
		next := 0
		err := inOrder(context.Background(), c.n, c.workers, c.batch, func(i int) (string, error) { return fmt.Sprint(i * i), nil },
			func(i int, v string) error {
				if i != next || v != fmt.Sprint(i*i) {
					return fmt.Errorf("got item %d = %s, want item %d", i, v, next)
				}
				next++
				return nil
			})
		if err != nil || next != c.n {
			t.Fatalf("%+v: %v after %d items", c, err, next)
		}
	}
}

// TestInOrderStopsAtTheFirstError: an error from produce or consume is
// returned, no item after it is consumed, and nothing hangs.
func TestInOrderStopsAtTheFirstError(t *testing.T) {
	boom := errors.New("boom")
	for _, workers := range []int{1, 3} {
		last := -1
		err := inOrder(context.Background(), 5000, workers, 10, func(i int) (int, error) {
			if i == 1234 {
				return 0, boom
			}
			return i, nil
		}, func(i, _ int) error { last = i; return nil })
		if !errors.Is(err, boom) || last != 1233 {
			t.Fatalf("%d workers, produce fails: %v, last consumed %d", workers, err, last)
		}
		err = inOrder(context.Background(), 5000, workers, 10, func(i int) (int, error) { return i, nil }, func(i, _ int) error {
			if i == 77 {
				return boom
			}
			return nil
		})
		if !errors.Is(err, boom) {
			t.Fatalf("%d workers, consume fails: %v", workers, err)
		}
	}
}

// TestInOrderStopsOnCancel: once its context is cancelled, inOrder hands
// out no further batch, consumes nothing past the batch in hand and
// returns the context's error, on one worker or several.
func TestInOrderStopsOnCancel(t *testing.T) {
	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		produced, last := 0, -1
		var mu sync.Mutex
		err := inOrder(ctx, 5000, workers, 10, func(i int) (int, error) {
			mu.Lock()
			produced++
			mu.Unlock()
			return i, nil
		}, func(i, _ int) error {
			last = i
			if i == 123 {
				cancel()
			}
			return nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%d workers: got %v, want the context's error", workers, err)
		}
		if last != 129 {
			t.Fatalf("%d workers: consumed up to item %d after a cancel at 123, want the end of its batch (129)", workers, last)
		}
		// The workers may have run a few batches ahead of the consumer,
		// never the whole list.
		if mu.Lock(); produced > 130+10*4*workers {
			t.Fatalf("%d workers: produced %d items after a cancel at 123", workers, produced)
		}
		mu.Unlock()
	}
}

// TestPublishWorkersFollowConcurrency: publishing spreads over as many
// workers as the concurrency setting gives the phases, capped at eight.
func TestPublishWorkersFollowConcurrency(t *testing.T) {
	for _, c := range []struct{ set, want int }{{1, 1}, {3, 3}, {8, 8}, {20, 8}, {0, min(runtime.NumCPU(), 8)}} {
		if got := publishWorkers(&config.Config{Concurrency: c.set}); got != c.want {
			t.Errorf("concurrency %d: %d publishing workers, want %d", c.set, got, c.want)
		}
	}
}
