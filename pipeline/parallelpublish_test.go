package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
)

// TestPublishSameBytesOnAnyCPUCount: a full run spreads publishing over
// the concurrency setting's workers (index runs of their own, records
// encoded ahead of the writer); the table it publishes, named by the hash
// of its bytes, is the one a single worker writes, for random
// repositories of every language.
func TestPublishSameBytesOnAnyCPUCount(t *testing.T) {
	for _, seed := range []int64{5, 6} {
		repo, err := repogen.New(t.TempDir(), repogen.Options{
			Files: 400, Seed: seed, Languages: []string{repogen.LangGo, repogen.LangPython, repogen.LangJavaScript, repogen.LangTypeScript, repogen.LangJava, repogen.LangRust, repogen.LangRuby, repogen.LangC},
		})
		if err != nil {
			t.Fatal(err)
		}
		var tables [][]string
		for _, workers := range []int{1, 2, 5} {
			ix := lgtest.New(t, repo.Dir())
			ix.Config.Concurrency = workers
			branch := ix.MustRun(t, "init", false).Branch
			ix.CheckIndex(t, branch)
			_, ref := ix.PublishedRef(t, branch)
			tables = append(tables, ref.Tables)
		}
		for i, ts := range tables[1:] {
			if len(ts) != 1 || len(tables[0]) != 1 || ts[0] != tables[0][0] {
				t.Fatalf("seed %d: %d workers published %v, one worker %v", seed, []int{2, 5}[i], ts, tables[0])
			}
		}
	}
}
