package pipeline

import (
	"errors"
	"fmt"
	"testing"
)

// TestInOrderHandsResultsInOrder: whatever the worker and batch counts,
// every item's result reaches consume once, in index order, on the
// calling goroutine.
func TestInOrderHandsResultsInOrder(t *testing.T) {
	for _, c := range []struct{ n, workers, batch int }{{0, 4, 3}, {1, 4, 3}, {10, 1, 3}, {1000, 2, 7}, {1000, 8, 1}, {999, 3, 64}} {
		next := 0
		err := inOrder(c.n, c.workers, c.batch, func(i int) (string, error) { return fmt.Sprint(i * i), nil },
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
		err := inOrder(5000, workers, 10, func(i int) (int, error) {
			if i == 1234 {
				return 0, boom
			}
			return i, nil
		}, func(i, _ int) error { last = i; return nil })
		if !errors.Is(err, boom) || last != 1233 {
			t.Fatalf("%d workers, produce fails: %v, last consumed %d", workers, err, last)
		}
		err = inOrder(5000, workers, 10, func(i int) (int, error) { return i, nil }, func(i, _ int) error {
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
