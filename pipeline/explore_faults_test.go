package pipeline_test

import (
	"context"
	"crypto/sha256"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// TestExplorerFaults injects 429 with Retry-After, 500, timeouts, dropped
// connections and malformed JSON into the first attempt of half the
// explorer's calls: init still publishes the fault-free graph. Then every
// attempt of one file's exploration fails: the update fails and the
// published graph stays.
func TestExplorerFaults(t *testing.T) {
	r, _ := explorerRepo(t, rand.New(rand.NewSource(5)), 15)
	clean := llmtest.NewServer(t)
	ref := explorerIndexer(t, r.Dir, clean, 4)
	mustRunMetered(t, ref, clean, "init")
	want := explorerExport(t, ref, "main")
	requireExplored(t, want)

	srv := llmtest.NewServer(t)
	faults := []llmtest.Fault{llmtest.RateLimit("9"), llmtest.ServerError(), llmtest.Slow(3 * time.Second), llmtest.Drop(),
		llmtest.Reply(`{"couplings": [{"kind": "env"`)}
	var mu sync.Mutex
	seen, injected := map[string]bool{}, map[int]int{}
	srv.SetHook(func(_ int, q llmtest.Request) llmtest.Fault {
		if requestKind(q) != "?" || !strings.Contains(q.Chat.Messages[0].Content, "couplings") {
			return llmtest.Fault{}
		}
		sum := sha256.Sum256([]byte(llmtest.PromptText(q.Chat)))
		mu.Lock()
		defer mu.Unlock()
		if seen[string(sum[:])] || sum[0]%2 == 0 {
			seen[string(sum[:])] = true
			return llmtest.Fault{}
		}
		seen[string(sum[:])] = true
		k := int(sum[1]) % len(faults)
		injected[k]++
		return faults[k]
	})
	var smu sync.Mutex
	var sleeps []time.Duration
	ix := lgtest.New(t, r.Dir)
	ix.LLM = newOpenAI(t, srv, 4, llm.WithSleep(func(ctx context.Context, d time.Duration) error {
		smu.Lock()
		sleeps = append(sleeps, d)
		smu.Unlock()
		return ctx.Err()
	}))
	ix.Config.LLM.Provider = "openai"
	ix.Config.Implicit.LLMExplorer = true
	mustRunMetered(t, ix, srv, "init")
	t.Logf("faults injected (by index): %v", injected)
	if len(injected) < 3 {
		t.Fatalf("too few kinds of fault injected: %v", injected)
	}
	if diff := cmp.Diff(want, explorerExport(t, ix, "main")); diff != "" {
		t.Errorf("init under explorer faults differs from a fault-free init (-clean +faults):\n%s", diff)
	}
	if injected[0] > 0 && !slices.Contains(sleeps, 9*time.Second) {
		t.Errorf("no wait honoured the 429's Retry-After of 9s: %v", sleeps)
	}

	// An exploration that fails on every attempt fails the update.
	r.Write(map[string]string{"app/late.py": "def late():\n    register(\"late\")\n"})
	r.Commit("late")
	srv.SetHook(func(_ int, q llmtest.Request) llmtest.Fault {
		if strings.Contains(llmtest.PromptText(q.Chat), `register("late")`) && strings.Contains(q.Chat.Messages[0].Content, "couplings") {
			return llmtest.ServerError()
		}
		return llmtest.Fault{}
	})
	failed, _, err := runMetered(t, ix, srv, "update")
	if err == nil || failed == nil || failed.Outcome != store.OutcomeFailed {
		t.Fatalf("update with a failing exploration: err %v, run %+v", err, failed)
	}
	if diff := cmp.Diff(want, explorerExport(t, ix, "main")); diff != "" {
		t.Errorf("a failed update changed the published graph:\n%s", diff)
	}
}

// TestExplorerPrivacy: a file matching a secret pattern is never explored
// (nothing of it reaches the endpoint) and proposes nothing; likely
// secrets inside explored files are redacted.
func TestExplorerPrivacy(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"app/credentials.py": "def creds():\n    register(\"PRIVATE_MARKER_7731\")\n    return lookup(\"pdf\")\n",
		"app/a.py":           "def a():\n    register(\"pdf\")\n    api_key = \"sk-live-abcdefghijklmnopqrstuvwxyz123456\"\n",
		"app/b.py":           "def b():\n    return lookup(\"pdf\")\n",
	})
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := explorerIndexer(t, r.Dir, srv, 2)
	mustRunMetered(t, ix, srv, "init")
	for _, q := range srv.Seen() {
		body := string(q.Body)
		if strings.Contains(body, "PRIVATE_MARKER_7731") || strings.Contains(body, "sk-live-abcdef") {
			t.Fatalf("a secret reached the endpoint: %.500s", body)
		}
	}
	export := explorerExport(t, ix, "main")
	requireExplored(t, export)
	if strings.Contains(export, "credentials.py\",\"couplings") || strings.Contains(export, `"target":"file:app/credentials.py","kind":"implicit"`) {
		t.Errorf("the secret file has explorer proposals or edges:\n%s", export)
	}
}

// TestExplorerOffline: with the offline provider the explorer does
// nothing and the run says so; switched off, it says that instead.
func TestExplorerOffline(t *testing.T) {
	r, _ := explorerRepo(t, rand.New(rand.NewSource(9)), 6)
	ix := lgtest.New(t, r.Dir)
	ix.Config.Implicit.LLMExplorer = true
	run := ix.MustRun(t, "init", false)
	if ph := implicitPhase(t, run); ph.Calls != 0 || !strings.Contains(ph.Note, "offline") {
		t.Errorf("offline: implicit phase %+v, want no calls and a note naming the offline provider", ph)
	}
	if export := explorerExport(t, ix, "main"); strings.Contains(export, `"detected_by":"llm"`) {
		t.Errorf("offline run has explorer edges")
	}

	srv := llmtest.NewServer(t)
	on := explorerIndexer(t, r.Dir, srv, 2)
	mustRunMetered(t, on, srv, "init")
	requireExplored(t, explorerExport(t, on, "main"))
	// Switching it off removes every proposal at the next update, as an
	// init with it off would have none.
	on.Config.Implicit.LLMExplorer = false
	run = on.MustRun(t, "update", false)
	if ph := implicitPhase(t, run); !strings.Contains(ph.Note, "implicit.llm_explorer") || ph.Calls != 0 {
		t.Errorf("switched off: implicit phase %+v, want no calls and a note naming the switch", ph)
	}
	got := explorerExport(t, on, "main")
	if strings.Contains(got, `"detected_by":"llm"`) || strings.Contains(got, `"type":"couplings"`) {
		t.Errorf("explorer edges or proposals left after switching off")
	}
	off := llmIndexer(t, r.Dir, srv, 2)
	off.MustRun(t, "init", false)
	if diff := cmp.Diff(explorerExport(t, off, "main"), got); diff != "" {
		t.Errorf("switching the explorer off differs from an init without it:\n%s", diff)
	}
}
