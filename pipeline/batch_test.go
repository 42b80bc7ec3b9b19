package pipeline_test

import (
	"fmt"
	"strings"
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

// TestLLMModuleDocsBatched: the narratives of many modules share requests,
// each module's doc is still written, a broken module batch falls back to
// one module per request, and an update asks only for the modules whose
// inputs changed.
func TestLLMModuleDocsBatched(t *testing.T) {
	const modules = 20
	files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.22\n"}
	for i := range modules {
		files[fmt.Sprintf("m%02d/m.go", i)] = fmt.Sprintf("// Package m%02d holds helper %d.\npackage m%02d\n\n// Helper%d does step %d.\nfunc Helper%d() int { return %d }\n", i, i, i, i, i, i, i)
	}
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	want, _ := freshLLMExport(t, r.Dir, "main")

	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 1)
	broken := false
	srv.SetHook(func(n int, q llmtest.Request) llmtest.Fault {
		if items, ok := llmtest.BatchItems(q.Chat); ok && len(items) > 1 && moduleRequest(q) && !broken {
			broken = true
			return llmtest.Malformed()
		}
		return llmtest.Fault{}
	})
	run, _ := mustRunMetered(t, ix, srv, "init")
	if !broken {
		t.Fatal("no module batch of several modules was sent")
	}
	requests, sent := moduleRequests(srv.Requests())
	wiki := phaseOf(run, "wiki")
	if wiki.Extra["narratives_written"] != modules {
		t.Errorf("narratives_written = %d, want %d", wiki.Extra["narratives_written"], modules)
	}
	// One broken batch of every module, resent once and then one by one,
	// would be 1 + 1 + 20 requests; any more means modules were not batched.
	if sent < modules || requests > 2+modules {
		t.Errorf("%d module requests carried %d modules", requests, sent)
	}
	if diff := cmp.Diff(want, llmExport(t, ix, "main")); diff != "" {
		t.Errorf("after a module batch fallback (-init +fallback):\n%s", diff)
	}

	before := len(srv.Requests())
	r.Write(map[string]string{"m03/m.go": "// Package m03 holds helper 3.\npackage m03\n\n// Helper3 does step three.\nfunc Helper3() int { return 3 }\n"})
	r.Commit("doc of m03")
	run, _ = mustRunMetered(t, ix, srv, "update")
	requests, sent = moduleRequests(srv.Requests()[before:])
	if requests != 1 || sent != 1 || phaseOf(run, "wiki").Extra["narratives_written"] != 1 {
		t.Errorf("a 1-module change sent %d module requests for %d modules", requests, sent)
	}
}

// moduleRequest reports whether a request asks for module narratives.
func moduleRequest(q llmtest.Request) bool {
	for _, m := range q.Chat.Messages {
		if strings.Contains(m.Content, "Each item is one module") {
			return true
		}
	}
	return false
}

// moduleRequests counts the module-narrative requests and the modules they
// carried.
func moduleRequests(qs []llmtest.Request) (requests, modules int) {
	for _, q := range qs {
		if items, ok := llmtest.BatchItems(q.Chat); ok && moduleRequest(q) {
			requests++
			modules += len(items)
		}
	}
	return requests, modules
}
