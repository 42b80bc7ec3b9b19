package pipeline_test

import (
	"runtime"
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
)

// TestPublishSameBytesOnAnyCPUCount: a full run spreads publishing over
// one worker per CPU (index runs of their own, records encoded ahead of
// the writer); the table it publishes, named by the hash of its bytes, is
// the one a single CPU writes, for random repositories of every language.
func TestPublishSameBytesOnAnyCPUCount(t *testing.T) {
	for _, seed := range []int64{5, 6} {
		repo, err := repogen.New(t.TempDir(), repogen.Options{
			Files: 400, Seed: seed, Languages: []string{repogen.LangGo, repogen.LangPython, repogen.LangJavaScript, repogen.LangTypeScript, repogen.LangJava, repogen.LangRust, repogen.LangRuby, repogen.LangC},
		})
		if err != nil {
			t.Fatal(err)
		}
		var tables [][]string
		for _, cpus := range []int{1, 2, 5} {
			prev := runtime.GOMAXPROCS(cpus)
			ix := lgtest.New(t, repo.Dir())
			branch := ix.MustRun(t, "init", false).Branch
			runtime.GOMAXPROCS(prev)
			ix.CheckIndex(t, branch)
			_, ref := ix.PublishedRef(t, branch)
			tables = append(tables, ref.Tables)
		}
		for i, ts := range tables[1:] {
			if len(ts) != 1 || len(tables[0]) != 1 || ts[0] != tables[0][0] {
				t.Fatalf("seed %d: %d CPUs published %v, one CPU %v", seed, []int{2, 5}[i], ts, tables[0])
			}
		}
	}
}
