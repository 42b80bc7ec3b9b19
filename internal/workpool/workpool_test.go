package workpool

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	const n = 1000
	var seen [n]atomic.Int32
	if err := Each(context.Background(), n, 4, func(_ context.Context, i int) error {
		seen[i].Add(1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i := range seen {
		if got := seen[i].Load(); got != 1 {
			t.Fatalf("index %d called %d times", i, got)
		}
	}
}

// The point of the package: items share a few goroutines instead of one
// each.
func TestEachUsesAtMostWorkersGoroutines(t *testing.T) {
	var mu sync.Mutex
	ids := map[uint64]bool{}
	if err := Each(context.Background(), 500, 3, func(_ context.Context, _ int) error {
		mu.Lock()
		ids[goid()] = true
		mu.Unlock()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(ids) > 3 {
		t.Fatalf("500 items ran on %d goroutines, want at most 3", len(ids))
	}
}

func TestEachStopsAtFirstError(t *testing.T) {
	boom := errors.New("boom")
	var calls atomic.Int32
	err := Each(context.Background(), 1000, 1, func(_ context.Context, i int) error {
		calls.Add(1)
		if i == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if got := calls.Load(); got != 11 {
		t.Fatalf("%d calls after an error at the 11th, want 11", got)
	}
}

func TestEachReturnsParentCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Each(ctx, 10, 2, func(context.Context, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// goid reads the calling goroutine's id from its stack header (tests only).
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	var id uint64
	for _, c := range b[len("goroutine "):] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uint64(c-'0')
	}
	return id
}
