package pipeline_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
	"github.com/lgraph/lgraph/pipeline"
	"github.com/lgraph/lgraph/store"
)

// explorerIndexer is llmIndexer with the model explorer on.
func explorerIndexer(t testing.TB, dir string, srv *llmtest.Server, concurrency int) *lgtest.Indexer {
	t.Helper()
	ix := llmIndexer(t, dir, srv, concurrency)
	ix.Config.Implicit.LLMExplorer = true
	return ix
}

// explorerExport is the jsonl export plus every file's proposals (lines,
// evidence, confidence) read from the published snapshot.
func explorerExport(t testing.TB, ix *lgtest.Indexer, branch string) string {
	t.Helper()
	out := ix.Export(t, branch)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	_, snap, err := s.LoadPublished(branch)
	if err != nil || snap == nil {
		t.Fatalf("load %s: %v", branch, err)
	}
	defer snap.Close()
	for _, p := range snap.Paths() {
		if cs := snap.Files.Get(p).Couplings; len(cs) > 0 {
			b, _ := json.Marshal(map[string]any{"type": "couplings", "path": p, "couplings": cs})
			out += string(b) + "\n"
		}
	}
	return out
}

// requireExplored checks that an export holds explorer edges.
func requireExplored(t testing.TB, export string) {
	t.Helper()
	if !strings.Contains(export, `"detected_by":"llm"`) || !strings.Contains(export, `"type":"couplings"`) {
		t.Fatalf("export has no explorer edges:\n%.3000s", export)
	}
}

// implicitPhase returns the implicit phase report of a run.
func implicitPhase(t testing.TB, r *store.Run) store.Phase {
	t.Helper()
	for _, p := range r.Phases {
		if p.Name == "implicit" {
			return p
		}
	}
	t.Fatalf("run %d has no implicit phase", r.ID)
	return store.Phase{}
}

// explorerKeys are the keys the generated files share: registry keys the
// fake model reads from register/lookup calls, and environment variables
// read by rule (os.getenv) in some files and only through a helper the
// model reads (env_var) in others.
var explorerKeys = []string{"pdf", "csv", "mailer", "auth.token", "cache"}

var explorerEnv = []string{"DB_URL", "QUEUE_HOST", "FEATURE_X"}

// explorerFile is a random Python file using a few shared keys.
func explorerFile(rnd *rand.Rand, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "import os\nfrom plugins import register, lookup, env_var\n\n\ndef %s():\n", name)
	for i, n := 0, 1+rnd.Intn(4); i < n; i++ {
		switch rnd.Intn(5) {
		case 0:
			fmt.Fprintf(&b, "    register(%q)\n", explorerKeys[rnd.Intn(len(explorerKeys))])
		case 1, 2:
			fmt.Fprintf(&b, "    h%d = lookup(%q)\n", i, explorerKeys[rnd.Intn(len(explorerKeys))])
		case 3:
			fmt.Fprintf(&b, "    v%d = os.getenv(%q)\n", i, explorerEnv[rnd.Intn(len(explorerEnv))])
		default:
			fmt.Fprintf(&b, "    w%d = env_var(%q)\n", i, explorerEnv[rnd.Intn(len(explorerEnv))])
		}
		if rnd.Intn(3) == 0 {
			b.WriteString("\n") // blank lines shift the evidence lines
		}
	}
	b.WriteString("    return None\n")
	return b.String()
}

// explorerRepo writes n random files and commits them.
func explorerRepo(t testing.TB, rnd *rand.Rand, n int) (*gittest.Repo, []string) {
	r := gittest.New(t)
	files := map[string]string{}
	var paths []string
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("%s/mod%d.py", []string{"app", "lib", "svc"}[i%3], i)
		files[p] = explorerFile(rnd, fmt.Sprintf("f%d", i))
		paths = append(paths, p)
	}
	r.Write(files)
	r.Commit("base")
	return r, paths
}

// explorerCommit changes one or two files (edit, add, delete or rename)
// and commits; it returns what it did.
func explorerCommit(t testing.TB, r *gittest.Repo, rnd *rand.Rand, paths []string, step int) ([]string, string) {
	var ops []string
	for k := 0; k < 1+rnd.Intn(2); k++ {
		i := rnd.Intn(len(paths))
		switch op := rnd.Intn(6); {
		case op < 3:
			r.Write(map[string]string{paths[i]: explorerFile(rnd, fmt.Sprintf("e%d", step))})
			ops = append(ops, "edit "+paths[i])
		case op == 3:
			p := fmt.Sprintf("new/n%d_%d.py", step, k)
			r.Write(map[string]string{p: explorerFile(rnd, fmt.Sprintf("n%d", step))})
			paths = append(paths, p)
			ops = append(ops, "add "+p)
		case op == 4 && len(paths) > 4:
			r.Remove(paths[i])
			ops = append(ops, "delete "+paths[i])
			paths = append(paths[:i], paths[i+1:]...)
		default:
			to := path.Join("moved", fmt.Sprintf("m%d_%d_%s", step, k, path.Base(paths[i])))
			r.Move(paths[i], to)
			ops = append(ops, "rename "+paths[i]+" -> "+to)
			paths[i] = to
		}
	}
	r.Commit(strings.Join(ops, "; "))
	return paths, strings.Join(ops, "; ")
}

// TestExplorerReplay: after every commit of a random history, a targeted
// update, an update that rescans every file (change_ratio 0) and an init
// on a fresh store publish the same graph and proposals, and the targeted
// update asks the model about the touched files only.
func TestExplorerReplay(t *testing.T) {
	commits := 12
	if testing.Short() {
		commits = 5
	}
	rnd := rand.New(rand.NewSource(7))
	r, paths := explorerRepo(t, rnd, 21)
	srv := llmtest.NewServer(t)
	targeted := explorerIndexer(t, r.Dir, srv, 4)
	full := explorerIndexer(t, r.Dir, srv, 4)
	full.Config.Implicit.ChangeRatio = 0
	mustRunMetered(t, targeted, srv, "init")
	mustRunMetered(t, full, srv, "init")
	incremental := 0
	for i := 1; i <= commits; i++ {
		var ops string
		paths, ops = explorerCommit(t, r, rnd, paths, i)
		dry := *targeted
		dry.DryRun = true
		dp := implicitPhase(t, dry.MustRun(t, "update", false))
		run, got := mustRunMetered(t, targeted, srv, "update")
		ph := implicitPhase(t, run)
		// A dry run makes the same explorer calls and knows their prompts.
		if dp.Calls != ph.Calls || dp.Tokens.Prompt != ph.Tokens.Prompt {
			t.Errorf("commit %d (%s): dry run estimates %d explorer calls, %d prompt tokens; the update made %d, %d",
				i, ops, dp.Calls, dp.Tokens.Prompt, ph.Calls, ph.Tokens.Prompt)
		}
		if ph.Mode == "incremental" {
			incremental++
			if touched := run.Changes.Added + run.Changes.Modified + run.Changes.Renamed; ph.Calls > touched {
				t.Errorf("commit %d (%s): a targeted update made %d explorer calls for %d touched files", i, ops, ph.Calls, touched)
			}
		}
		if got.billed == 0 && strings.Contains(ops, "edit") {
			t.Logf("commit %d (%s): nothing billed (contents seen before)", i, ops)
		}
		if fr := mustRun(t, full, srv); implicitPhase(t, fr).Mode != "full" {
			t.Fatalf("change_ratio 0: implicit phase mode %s, want full", implicitPhase(t, fr).Mode)
		}
		fresh := explorerIndexer(t, r.Dir, srv, 4)
		fresh.MustRun(t, "init", false)
		want := explorerExport(t, fresh, "main")
		requireExplored(t, want)
		if diff := cmp.Diff(want, explorerExport(t, targeted, "main")); diff != "" {
			t.Fatalf("commit %d (%s): targeted update differs from a fresh init (-init +update):\n%s", i, ops, diff)
		}
		if diff := cmp.Diff(want, explorerExport(t, full, "main")); diff != "" {
			t.Fatalf("commit %d (%s): full-scan update differs from a fresh init (-init +update):\n%s", i, ops, diff)
		}
		targeted.CheckIndex(t, "main")
	}
	if incremental == 0 {
		t.Errorf("no update was targeted")
	}
}

func mustRun(t testing.TB, ix *lgtest.Indexer, srv *llmtest.Server) *store.Run {
	t.Helper()
	r, _ := mustRunMetered(t, ix, srv, "update")
	return r
}

// TestExplorerBudgetResume stops init on its budget inside the explorer;
// the ledger's implicit phase accounts what was paid, and a rerun pays
// only the rest and publishes what one uninterrupted init does.
func TestExplorerBudgetResume(t *testing.T) {
	r, _ := explorerRepo(t, rand.New(rand.NewSource(3)), 18)
	ref := llmtest.NewServer(t)
	one := explorerIndexer(t, r.Dir, ref, 1)
	run, whole := mustRunMetered(t, one, ref, "init")
	want := explorerExport(t, one, "main")
	requireExplored(t, want)
	ph := implicitPhase(t, run)
	if ph.Calls != 18 || ph.Tokens.Prompt == 0 {
		t.Fatalf("implicit phase of init: %d calls, %+v tokens; want one call per file", ph.Calls, ph.Tokens)
	}

	srv := llmtest.NewServer(t)
	ix := explorerIndexer(t, r.Dir, srv, 1)
	ix.Config.LLM.BudgetTokens = (ph.Tokens.Prompt+ph.Tokens.Completion)/2 + llm.ReplyReserve
	stopped, first, err := runMetered(t, ix, srv, "init")
	if !errors.Is(err, llm.ErrBudget) || stopped == nil || stopped.Outcome != pipeline.BudgetStopped {
		t.Fatalf("budget stop: err %v, run %+v", err, stopped)
	}
	checkRunAccounting(t, stopped, first)
	sp := implicitPhase(t, stopped)
	if sp.Calls == 0 || sp.Calls >= 18 || sp.Calls != first.billed {
		t.Errorf("stopped run: implicit phase %d calls, server billed %d; want some but not all 18", sp.Calls, first.billed)
	}
	ix.Config.LLM.BudgetTokens = 0
	_, second := mustRunMetered(t, ix, srv, "update")
	if first.billed+second.billed != whole.billed || first.prompt+second.prompt != whole.prompt {
		t.Errorf("paid %d+%d calls, %d+%d prompt tokens; one init pays %d, %d", first.billed, second.billed,
			first.prompt, second.prompt, whole.billed, whole.prompt)
	}
	if diff := cmp.Diff(want, explorerExport(t, ix, "main")); diff != "" {
		t.Errorf("after a budget stop and a rerun (-init +rerun):\n%s", diff)
	}
}

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
	if err == nil || failed == nil || failed.Outcome != pipeline.Failed {
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
	m := mark(srv)
	run = on.MustRun(t, "update", false)
	if ph := implicitPhase(t, run); !strings.Contains(ph.Note, "implicit.llm_explorer") || m.since().calls != 0 && ph.Calls != 0 {
		t.Errorf("switched off: implicit phase %+v", ph)
	}
	got := explorerExport(t, on, "main")
	off := llmIndexer(t, r.Dir, srv, 2)
	off.MustRun(t, "init", false)
	if diff := cmp.Diff(explorerExport(t, off, "main"), got); diff != "" {
		t.Errorf("switching the explorer off differs from an init without it:\n%s", diff)
	}
	keys := []string{}
	for _, l := range strings.Split(got, "\n") {
		if strings.Contains(l, `"detected_by":"llm"`) {
			keys = append(keys, l)
		}
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		t.Errorf("explorer edges left after switching off: %v", keys)
	}
}
