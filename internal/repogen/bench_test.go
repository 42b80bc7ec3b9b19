package repogen

import (
	"math/rand"
	"testing"
)

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
