package repogen

import (
	"math/rand"
	"testing"
	"time"
)

// TestGenerationTime logs how long New takes for 2,000 and 20,000 files.
func TestGenerationTime(t *testing.T) {
	sizes := []int{2000, 20000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		start := time.Now()
		r := newRepo(t, Options{Files: n, Seed: 1})
		took := time.Since(start)
		t.Logf("generated %d files in %v", len(r.Files()), took.Round(time.Millisecond))
		if took > 2*time.Minute {
			t.Errorf("generating %d files took %v", n, took)
		}
	}
}

func benchmarkNew(b *testing.B, files int) {
	for i := 0; i < b.N; i++ {
		if _, err := New(b.TempDir(), Options{Files: files, Seed: int64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNew2000(b *testing.B)  { benchmarkNew(b, 2000) }
func BenchmarkNew20000(b *testing.B) { benchmarkNew(b, 20000) }

func BenchmarkRandomCommit(b *testing.B) {
	r := newRepo(b, Options{Files: 2000, Seed: 1, Languages: allLanguages})
	rnd := rand.New(rand.NewSource(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.RandomCommit(rnd); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTouchFiles10(b *testing.B) {
	r := newRepo(b, Options{Files: 2000, Seed: 1})
	rnd := rand.New(rand.NewSource(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.TouchFiles(10, rnd); err != nil {
			b.Fatal(err)
		}
	}
}
