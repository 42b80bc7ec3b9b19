package pipeline_test

import (
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/lgtest"
)

// BenchmarkInitPeakHeap reports the largest heap in use during a cold init
// (peak-heap-MB: HeapInuse sampled every 20 ms, no collection forced, so
// garbage not yet collected counts too) and the same per file: issue 27's
// memory aim, measured in-process.
// go test ./pipeline -run '^$' -bench InitPeakHeap -benchtime 1x [-bench.large]
func BenchmarkInitPeakHeap(b *testing.B) {
	for _, n := range sizes() {
		b.Run("files="+strconv.Itoa(n), func(b *testing.B) {
			repo := benchRepo(b, n)
			var peak uint64
			for i := 0; i < b.N; i++ {
				runtime.GC()
				stop := sampleHeap(&peak)
				lgtest.New(b, repo.Dir()).MustRun(b, "init", false)
				stop()
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(len(repo.Files()))/1024, "peak-heap-KB/file")
		})
	}
}

// sampleHeap raises *peak to the largest HeapInuse seen until the returned
// function is called.
func sampleHeap(peak *uint64) func() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			*peak = max(*peak, ms.HeapInuse)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
