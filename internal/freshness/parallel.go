package freshness

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach runs fn for 0..n-1 on up to 8 goroutines (no more than the
// CPUs), which claim chunk indexes at a time; with a single chunk's work
// or a single CPU it runs on the caller's goroutine.
func forEach(n, chunk int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), 8, (n+chunk-1)/chunk)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Go(func() {
			for {
				start := int(next.Add(int64(chunk))) - chunk
				if start >= n {
					return
				}
				for i := start; i < min(start+chunk, n); i++ {
					fn(i)
				}
			}
		})
	}
	wg.Wait()
}
