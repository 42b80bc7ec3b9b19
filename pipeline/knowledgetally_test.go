package pipeline_test

import (
	"encoding/json"
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/pipeline"
)

// TestFirstIndexKnowledgeFromTheIndexPass: a first index counts its tally
// of what changed (symbols, edges by kind, summaries, whether the lists
// were cut) as the publishing workers read each record for its index
// entries, not in a pass of its own; the tally is the one knowledgeDelta
// reads back from the published records, for a repository small enough
// to list and one past store.MaxDeltaSymbols.
func TestFirstIndexKnowledgeFromTheIndexPass(t *testing.T) {
	for _, files := range []int{6, 300} {
		repo, err := repogen.New(t.TempDir(), repogen.Options{
			Files: files, Seed: 11, Languages: []string{repogen.LangGo, repogen.LangPython, repogen.LangTypeScript, repogen.LangJava},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			ix := lgtest.New(t, repo.Dir())
			ix.Config.Concurrency = workers
			run := ix.MustRun(t, "init", false)
			want := pipeline.KnowledgeOfFirstIndex(ix.Published(t, run.Branch))
			// The published snapshot's module docs read as unchanged.
			want.ModuleDocs = run.Knowledge.ModuleDocs
			got, _ := json.Marshal(run.Knowledge)
			wantJSON, _ := json.Marshal(want)
			if string(got) != string(wantJSON) {
				t.Errorf("%d files, %d workers: the run's tally\n%s\nwant\n%s", files, workers, got, wantJSON)
			}
			if want.Added == 0 || len(want.EdgesAdded) == 0 {
				t.Errorf("%d files: the repository has no symbols or edges: the test checks nothing", files)
			}
		}
	}
}
