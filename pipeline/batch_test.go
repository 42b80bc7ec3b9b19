package pipeline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// TestLLMBatchFallback: a batch whose replies break the schema twice (too
// few summaries, then not JSON) is retried one item per request; the run
// publishes the graph a fault-free init publishes, and every billed
// attempt is in the ledger.
func TestLLMBatchFallback(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	want, _ := freshLLMExport(t, r.Dir, "main")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 1)
	broken := 0
	var brokenItems int
	var first []string // the items of the broken batch
	srv.SetHook(func(n int, q llmtest.Request) llmtest.Fault {
		items, ok := llmtest.BatchItems(q.Chat)
		if !ok || len(items) < 2 || (broken > 0 && len(items) != brokenItems) || broken == 2 {
			return llmtest.Fault{}
		}
		broken++
		brokenItems, first = len(items), items
		if broken == 1 {
			return llmtest.Reply(`{"summaries": ["only one"]}`)
		}
		return llmtest.Malformed()
	})
	mustRunMetered(t, ix, srv, "init")
	if broken != 2 {
		t.Fatalf("broke %d batches; the test needs a batch of several items", broken)
	}
	single := map[string]bool{}
	for _, q := range srv.Requests() {
		if items, ok := llmtest.BatchItems(q.Chat); ok && len(items) == 1 {
			single[items[0]] = true
		}
	}
	for _, it := range first {
		if !single[it] {
			t.Errorf("item of the broken batch never sent alone: %.200q", it)
		}
	}
	if diff := cmp.Diff(want, llmExport(t, ix, "main")); diff != "" {
		t.Errorf("after a batch fallback (-init +fallback):\n%s", diff)
	}
}
