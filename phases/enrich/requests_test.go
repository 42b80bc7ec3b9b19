package enrich_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	openai "github.com/sashabaranov/go-openai"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// smallFiles is a repository of n one-function Python files, each calling
// the next file's function, so every file has pieces and an edge.
func smallFiles(t *testing.T, n int) *gittest.Repo {
	t.Helper()
	r := gittest.New(t)
	files := map[string]string{}
	for i := range n {
		next := (i + 1) % n
		files[fmt.Sprintf("pkg/m%03d.py", i)] = fmt.Sprintf(
			"from pkg.m%03d import step_%d\n\n\ndef step_%d(x):\n    return step_%d(x) + %d\n", next, next, i, next, i)
	}
	r.Write(files)
	r.Commit("small files")
	return r
}

// indexer indexes dir with the OpenAI provider against srv.
func indexer(t *testing.T, dir string, srv *llmtest.Server, concurrency, retries int) *lgtest.Indexer {
	t.Helper()
	p, err := llm.NewOpenAI(llm.Config{
		BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: "sk-test-enrich-batch",
		Retries: retries, MaxConcurrency: concurrency, JSONSchema: true, Timeout: 5 * time.Second,
	}, llm.WithSleep(func(ctx context.Context, _ time.Duration) error { return ctx.Err() }))
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, dir)
	ix.LLM = p
	ix.Config.LLM.Provider = "openai"
	ix.Config.LLM.BaseURL = srv.BaseURL()
	ix.Config.LLM.MaxConcurrency = concurrency
	return ix
}

// kind says which enrich request a request is: "piece", "edge", or "" for
// any other (module docs).
func kind(q openai.ChatCompletionRequest) string {
	if len(q.Messages) == 0 {
		return ""
	}
	switch sys := q.Messages[0].Content; {
	case strings.Contains(sys, "Each item is one definition"):
		return "piece"
	case strings.Contains(sys, "depends on a target"):
		return "edge"
	}
	return ""
}

// sent is what one run's enrich requests carried: the requests of each
// kind, the items sent, and the system prompt's tokens.
type sent struct {
	requests map[string]int
	items    []string
	system   int
}

func sentSince(srv *llmtest.Server, from int) sent {
	s := sent{requests: map[string]int{}}
	for _, q := range srv.Requests()[from:] {
		k := kind(q.Chat)
		if k == "" {
			continue
		}
		s.requests[k]++
		s.system += llmtest.Tokens(q.Chat.Messages[0].Content)
		items, _ := llmtest.BatchItems(q.Chat)
		s.items = append(s.items, items...)
	}
	return s
}

func enrichPhase(t *testing.T, r *store.Run) store.Phase {
	t.Helper()
	for _, p := range r.Phases {
		if p.Name == "enrich" {
			return p
		}
	}
	t.Fatalf("run %d has no enrich phase", r.ID)
	return store.Phase{}
}

// TestPiecesOfManyFilesShareRequests: 200 one-function files are
// summarized in a handful of requests, not one per file; the ledger says
// how many requests and how many system-prompt tokens the phase paid; an
// update after a one-file change sends only that file's changed piece.
func TestPiecesOfManyFilesShareRequests(t *testing.T) {
	r := smallFiles(t, 200)
	srv := llmtest.NewServer(t)
	ix := indexer(t, r.Dir, srv, 4, 2)
	run := ix.MustRun(t, "init", false)
	got := sentSince(srv, 0)
	t.Logf("init: %v requests, %d items, %d system-prompt tokens", got.requests, len(got.items), got.system)
	if got.requests["piece"] == 0 || got.requests["piece"] > 10 {
		t.Errorf("init sent %d piece requests for 200 files; want a handful (at most 10)", got.requests["piece"])
	}
	if got.requests["edge"] == 0 || got.requests["edge"] > 5 {
		t.Errorf("init sent %d edge requests for 200 files; want a handful (at most 5)", got.requests["edge"])
	}
	if n := len(got.items); n < 400 {
		t.Errorf("init sent %d items; want every file's pieces and edge (at least 400)", n)
	}
	ph := enrichPhase(t, run)
	if want := got.requests["piece"] + got.requests["edge"]; ph.Calls != want {
		t.Errorf("ledger: enrich calls %d; the server saw %d enrich requests", ph.Calls, want)
	}
	if ph.Extra["llm_system_tokens"] != got.system || got.system == 0 {
		t.Errorf("ledger: enrich llm_system_tokens %d; the server saw %d", ph.Extra["llm_system_tokens"], got.system)
	}

	r.Write(map[string]string{"pkg/m007.py": "from pkg.m008 import step_8\n\n\ndef step_7(x):\n    return step_8(x) * 7\n"})
	r.Commit("one file changes")
	n := srv.Calls()
	ix.MustRun(t, "update", false)
	upd := sentSince(srv, n)
	var pieces []string
	for _, it := range upd.items {
		if strings.Contains(it, "Definition:") {
			pieces = append(pieces, it)
		}
	}
	if upd.requests["piece"] != 1 || len(pieces) != 1 || !strings.Contains(pieces[0], "step_8(x) * 7") {
		t.Errorf("update of one function sent %d piece requests with pieces %q; want one request with the changed function", upd.requests["piece"], pieces)
	}
}

// TestServerErrorMidRunResendsOnlyTheRest: a request that keeps failing
// with 500 fails the run, but what the other requests brought back is
// cached, and the rerun sends only the items no answer came back for.
func TestServerErrorMidRunResendsOnlyTheRest(t *testing.T) {
	r := smallFiles(t, 200)
	srv := llmtest.NewServer(t)
	var failing atomic.Bool
	failing.Store(true)
	srv.SetHook(func(n int, q llmtest.Request) llmtest.Fault {
		if failing.Load() && kind(q.Chat) == "piece" && strings.Contains(q.Chat.Messages[1].Content, "def step_100(") {
			return llmtest.ServerError()
		}
		if n%3 == 0 {
			return llmtest.RateLimit("1") // retried: costs nothing, loses nothing
		}
		return llmtest.Fault{}
	})
	ix := indexer(t, r.Dir, srv, 2, 2)
	if _, err := ix.Run(context.Background(), "init", false); err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("init with a failing request: err %v; want the 500", err)
	}
	answered, failed := map[string]bool{}, map[string]bool{}
	for _, q := range srv.Requests() {
		items, ok := llmtest.BatchItems(q.Chat)
		if !ok || kind(q.Chat) != "piece" {
			continue
		}
		for _, it := range items {
			if strings.Contains(q.Chat.Messages[1].Content, "def step_100(") {
				failed[it] = true
			} else {
				answered[it] = true
			}
		}
	}
	if len(answered) == 0 || len(failed) == 0 {
		t.Fatalf("first run: %d items answered, %d failed; want both", len(answered), len(failed))
	}

	failing.Store(false)
	n := srv.Calls()
	ix.MustRun(t, "init", false)
	again := sentSince(srv, n)
	var paidTwice []string
	for _, it := range again.items {
		if answered[it] {
			paidTwice = append(paidTwice, it)
		}
	}
	if len(paidTwice) > 0 {
		t.Errorf("the rerun resent %d items already answered, first: %q", len(paidTwice), paidTwice[0])
	}
	for it := range failed {
		if !slices.Contains(again.items, it) {
			t.Errorf("the rerun did not send the failed item %q", it)
		}
	}
}

// TestMalformedItemFallsBackPerItem: a request whose replies keep breaking
// the schema while it holds one confusing item is resent one item per
// request; its neighbours are answered and the graph equals a clean run's.
func TestMalformedItemFallsBackPerItem(t *testing.T) {
	r := smallFiles(t, 60)
	clean := llmtest.NewServer(t)
	ref := indexer(t, r.Dir, clean, 1, 2)
	ref.MustRun(t, "init", false)
	want := ref.Export(t, "main")

	srv := llmtest.NewServer(t)
	srv.SetHook(func(_ int, q llmtest.Request) llmtest.Fault {
		items, ok := llmtest.BatchItems(q.Chat)
		if ok && kind(q.Chat) == "piece" && len(items) > 1 && strings.Contains(q.Chat.Messages[1].Content, "def step_30(") {
			return llmtest.Malformed()
		}
		return llmtest.Fault{}
	})
	ix := indexer(t, r.Dir, srv, 1, 2)
	run := ix.MustRun(t, "init", false)
	ph := enrichPhase(t, run)
	if ph.Extra["batch_fallbacks"] != 1 {
		t.Errorf("batch_fallbacks %d; want 1", ph.Extra["batch_fallbacks"])
	}
	singles := 0
	for _, q := range srv.Requests() {
		if items, ok := llmtest.BatchItems(q.Chat); ok && kind(q.Chat) == "piece" && len(items) == 1 {
			singles++
		}
	}
	if singles < 2 {
		t.Errorf("%d one-item piece requests; want the malformed request's items sent one each", singles)
	}
	if diff := cmp.Diff(want, ix.Export(t, "main")); diff != "" {
		t.Errorf("export after the per-item fallback differs from a clean run (-clean +fallback):\n%s", diff)
	}
}
