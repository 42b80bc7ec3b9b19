package pipeline_test

import (
	"flag"
	"math/rand"
	"strconv"
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
)

var benchLarge = flag.Bool("bench.large", false, "also benchmark a 20,000-file repository")

func sizes() []int {
	if *benchLarge {
		return []int{200, 2000, 20000}
	}
	return []int{200, 2000}
}

func benchRepo(b *testing.B, files int) *repogen.Repo {
	b.Helper()
	repo, err := repogen.New(b.TempDir(), repogen.Options{Files: files, Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	return repo
}

func codeBytes(repo *repogen.Repo) int64 {
	var n int64
	for _, p := range repo.Files() {
		n += int64(len(repo.Read(p)))
	}
	return n
}

// BenchmarkInit indexes a generated repository from a cold store.
func BenchmarkInit(b *testing.B) {
	for _, n := range sizes() {
		b.Run("files="+strconv.Itoa(n), func(b *testing.B) {
			repo := benchRepo(b, n)
			b.SetBytes(codeBytes(repo))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				lgtest.New(b, repo.Dir()).MustRun(b, "init", false)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(len(repo.Files())), "ms/file")
		})
	}
}

// BenchmarkUpdate folds in a commit of k modified files.
func BenchmarkUpdate(b *testing.B) {
	for _, n := range sizes() {
		for _, k := range []int{0, 1, 10} {
			b.Run("files="+strconv.Itoa(n)+"/touched="+strconv.Itoa(k), func(b *testing.B) {
				repo := benchRepo(b, n)
				ix := lgtest.New(b, repo.Dir())
				ix.MustRun(b, "init", false)
				rnd := rand.New(rand.NewSource(1))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if k > 0 {
						b.StopTimer()
						if _, err := repo.TouchFiles(k, rnd); err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
					}
					ix.MustRun(b, "update", false)
				}
				b.ReportMetric(float64(k), "files/op")
			})
		}
	}
}
