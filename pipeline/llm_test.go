package pipeline_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// testAPIKey is the key every test provider sends; it must never be stored.
const testAPIKey = "sk-test-SECRETKEY123456789"

// noSleep makes backoff and Retry-After waits instant.
func noSleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// newOpenAI is the openai provider pointed at srv, with instant backoff.
func newOpenAI(t testing.TB, srv *llmtest.Server, concurrency int, opts ...llm.Option) llm.Provider {
	t.Helper()
	opts = append([]llm.Option{llm.WithSleep(noSleep)}, opts...)
	p, err := llm.NewOpenAI(llm.Config{
		BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: testAPIKey,
		Retries: 4, MaxConcurrency: concurrency, JSONSchema: true, Timeout: 2 * time.Second,
	}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// llmIndexer is an in-process indexer with a fresh store using the openai
// provider against srv.
func llmIndexer(t testing.TB, dir string, srv *llmtest.Server, concurrency int) *lgtest.Indexer {
	t.Helper()
	ix := lgtest.New(t, dir)
	ix.LLM = newOpenAI(t, srv, concurrency)
	ix.Config.LLM.Provider = "openai"
	ix.Config.LLM.BaseURL = srv.BaseURL()
	ix.Config.LLM.MaxConcurrency = concurrency
	return ix
}

// freshLLMExport indexes dir from nothing: a fresh store and a fresh fake
// server (its replies are a pure function of the prompt).
func freshLLMExport(t testing.TB, dir, branch string) (string, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, dir, srv, 4)
	ix.MustRun(t, "init", false)
	return llmExport(t, ix, branch), srv
}

// meter snapshots a server's counters so a test can read what one run cost.
type meter struct {
	srv                               *llmtest.Server
	calls, billed, prompt, completion int
}

func mark(srv *llmtest.Server) meter {
	return meter{srv: srv, calls: srv.Calls(), billed: srv.Billed(), prompt: srv.PromptTokens(), completion: srv.CompletionTokens()}
}

// since is what the server saw after m was taken.
func (m meter) since() meter {
	return meter{calls: m.srv.Calls() - m.calls, billed: m.srv.Billed() - m.billed,
		prompt: m.srv.PromptTokens() - m.prompt, completion: m.srv.CompletionTokens() - m.completion}
}

func (m meter) String() string {
	return fmt.Sprintf("%d requests, %d billed, %d prompt + %d completion tokens", m.calls, m.billed, m.prompt, m.completion)
}

// enrichPhase returns the enrich phase report of a run.
func enrichPhase(t testing.TB, r *store.Run) store.Phase {
	t.Helper()
	for _, p := range r.Phases {
		if p.Name == "enrich" {
			return p
		}
	}
	t.Fatalf("run %d (%s) has no enrich phase: %+v", r.ID, r.Outcome, r.Phases)
	return store.Phase{}
}

// phaseTotals sums calls and tokens over a run's phases.
func phaseTotals(r *store.Run) (calls int, tok store.Tokens) {
	for _, p := range r.Phases {
		calls += p.Calls
		tok.Prompt += p.Tokens.Prompt
		tok.Completion += p.Tokens.Completion
	}
	return calls, tok
}

// checkRunAccounting checks that a run's ledger entry accounts exactly for
// what the server billed during it.
func checkRunAccounting(t testing.TB, r *store.Run, got meter) {
	t.Helper()
	if r.Tokens.Prompt != got.prompt || r.Tokens.Completion != got.completion {
		t.Errorf("run %d (%s %s): ledger tokens %d prompt + %d completion, server billed %d + %d",
			r.ID, r.Command, r.Outcome, r.Tokens.Prompt, r.Tokens.Completion, got.prompt, got.completion)
	}
	calls, tok := phaseTotals(r)
	if tok != r.Tokens {
		t.Errorf("run %d: phase tokens sum to %+v, run tokens are %+v", r.ID, tok, r.Tokens)
	}
	if calls != got.billed {
		t.Errorf("run %d (%s %s): phases report %d calls, server billed %d answers", r.ID, r.Command, r.Outcome, calls, got.billed)
	}
}

// runMetered runs ix and returns the run, its error and what the server saw.
func runMetered(t testing.TB, ix *lgtest.Indexer, srv *llmtest.Server, command string) (*store.Run, meter, error) {
	t.Helper()
	m := mark(srv)
	r, err := ix.Run(context.Background(), command, false)
	return r, m.since(), err
}

// mustRunMetered is runMetered that fails on error and checks accounting.
func mustRunMetered(t testing.TB, ix *lgtest.Indexer, srv *llmtest.Server, command string) (*store.Run, meter) {
	t.Helper()
	r, got, err := runMetered(t, ix, srv, command)
	if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	checkRunAccounting(t, r, got)
	return r, got
}

// llmExport is the jsonl export of a branch followed by every file's edge
// summaries read from the published snapshot, one line per (source, target)
// file pair, sorted. The edge summaries are listed from the snapshot because
// graph.Build looks them up by the edge's target node id ("file:P") while
// the enrich phase keys them by path ("P"), so the export never shows them
// (see TestLLMExportCarriesEdgeSummaries).
func llmExport(t testing.TB, ix *lgtest.Indexer, branch string) string {
	t.Helper()
	out := ix.Export(t, branch)
	snap := ix.Published(t, branch)
	defer snap.Close()
	var lines []string
	for _, p := range snap.Paths() {
		for tgt, sum := range snap.Files.Get(p).EdgeSummaries {
			b, _ := json.Marshal(map[string]string{"type": "edge_summary", "source": p, "target": tgt, "summary": sum})
			lines = append(lines, string(b))
		}
	}
	sort.Strings(lines)
	return out + strings.Join(lines, "\n") + "\n"
}

// requireSummaries checks that an llmExport carries LLM file and edge
// summaries, so an equal comparison is not vacuous.
func requireSummaries(t testing.TB, export string) {
	t.Helper()
	if !strings.Contains(export, `"type":"node"`) || !strings.Contains(export, `"summary":"summary of `) {
		t.Fatalf("export has no LLM file summaries:\n%.2000s", export)
	}
	for _, l := range strings.Split(export, "\n") {
		if strings.Contains(l, `"type":"edge_summary"`) && strings.Contains(l, `"summary":"summary of `) {
			return
		}
	}
	t.Fatalf("export has no LLM edge summaries:\n%.2000s", export)
}

// TestLLMExportCarriesEdgeSummaries checks that the graph export shows the
// edge summaries the enrich phase computed on the import edges they explain.
func TestLLMExportCarriesEdgeSummaries(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 4)
	mustRunMetered(t, ix, srv, "init")
	snap := ix.Published(t, "main")
	defer snap.Close()
	want := snap.Files.Get("web/index.ts").EdgeSummaries["web/util.ts"]
	if !strings.HasPrefix(want, "summary of ") {
		t.Fatalf("web/index.ts has no edge summary for web/util.ts: %v", snap.Files.Get("web/index.ts").EdgeSummaries)
	}
	line := `"source":"file:web/index.ts","target":"file:web/util.ts","kind":"imports"`
	export := ix.Export(t, "main")
	for _, l := range strings.Split(export, "\n") {
		if strings.Contains(l, line) {
			if !strings.Contains(l, `"summary":"`+want+`"`) {
				t.Errorf("the import edge lacks its edge summary %q: %s", want, l)
			}
			return
		}
	}
	t.Fatalf("no edge %s in the export:\n%s", line, export)
}

// --- 1. accounting ---------------------------------------------------------

// TestLLMTokenAccounting checks that the ledger accounts for exactly what
// the endpoint billed, over an init and updates, malformed (billed, retried)
// replies included.
func TestLLMTokenAccounting(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 4)

	var runs []*store.Run
	initRun, got := mustRunMetered(t, ix, srv, "init")
	runs = append(runs, initRun)
	if got.billed == 0 || got.prompt == 0 || got.completion == 0 {
		t.Fatalf("init billed nothing (%v): the openai provider is not in use", got)
	}
	// Enrich and wiki both call the model; together they account for every answer.
	if calls, tok := phaseTotals(initRun); calls != got.billed || tok != initRun.Tokens {
		t.Errorf("init: phases %d calls, tokens %+v; run tokens %+v; server billed %d", calls, tok, initRun.Tokens, got.billed)
	}
	if e := enrichPhase(t, initRun); e.Extra["llm_calls"] != e.Calls {
		t.Errorf("init: enrich phase %d calls, extra llm_calls %d", e.Calls, e.Extra["llm_calls"])
	}
	price := llm.PriceFor("gpt-4o-mini", llm.Price{Prompt: ix.Config.LLM.PricePer1K.Prompt, Completion: ix.Config.LLM.PricePer1K.Completion})
	wantCost := price.Cost(llm.Usage{PromptTokens: got.prompt, CompletionTokens: got.completion})
	if wantCost <= 0 || initRun.CostUSD != wantCost {
		t.Errorf("init cost %v, want %v for %v", initRun.CostUSD, wantCost, got)
	}

	// An update that edits two files and adds one.
	r.Write(map[string]string{
		"app/util.py": baseFiles["app/util.py"] + "\n\ndef extra():\n    return helper()\n",
		"svc/svc.go":  "package svc\n\n// Run runs twice.\nfunc Run() { Helper(); Helper() }\n",
		"app/new.py":  "from app.util import fmt\n\n\ndef show(v):\n    return fmt(v)\n",
	})
	r.Commit("edit")
	up, got := mustRunMetered(t, ix, srv, "update")
	runs = append(runs, up)
	if got.billed == 0 {
		t.Fatalf("update of three files billed nothing")
	}
	if calls, _ := phaseTotals(up); enrichPhase(t, up).Mode != "incremental" || calls != got.billed {
		t.Errorf("update: enrich mode %q, %d calls over all phases; server billed %d", enrichPhase(t, up).Mode, calls, got.billed)
	}

	// An update whose replies are sometimes malformed: each malformed reply
	// is billed and retried once, and must be counted.
	r.Write(map[string]string{"web/util.ts": "export function format(s: string): string { return s.trim() }\n"})
	r.Commit("edit ts")
	srv.Enqueue(llmtest.Malformed(), llmtest.Fault{}, llmtest.Malformed())
	up2, got := mustRunMetered(t, ix, srv, "update")
	runs = append(runs, up2)
	if got.billed < 3 {
		t.Fatalf("update with malformed replies: server billed %d answers, want at least 3", got.billed)
	}

	var sum store.Tokens
	for _, run := range runs {
		sum.Prompt += run.Tokens.Prompt
		sum.Completion += run.Tokens.Completion
	}
	if sum.Prompt != srv.PromptTokens() || sum.Completion != srv.CompletionTokens() {
		t.Errorf("runs account %d prompt + %d completion tokens, server billed %d + %d",
			sum.Prompt, sum.Completion, srv.PromptTokens(), srv.CompletionTokens())
	}
	// The ledger on disk says the same as the returned entries.
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range runs {
		disk, err := s.ReadRun(run.ID)
		if err != nil {
			t.Fatal(err)
		}
		if disk.Tokens != run.Tokens || disk.Outcome != store.OutcomePublished {
			t.Errorf("ledger run %d: tokens %+v outcome %s; returned %+v %s", run.ID, disk.Tokens, disk.Outcome, run.Tokens, run.Outcome)
		}
	}
}

// --- 2. replay convergence -------------------------------------------------

// TestLLMScenariosConverge folds the scripted scenario commits in with
// update using the openai provider and checks after each that the export
// (summaries and edge summaries included) equals init on a fresh store
// against a fresh server.
func TestLLMScenariosConverge(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	inc := llmIndexer(t, r.Dir, srv, 4)
	mustRunMetered(t, inc, srv, "init")
	for _, s := range scenarioSteps() {
		s.change(r)
		r.Commit(s.name)
		mustRunMetered(t, inc, srv, "update")
		got := llmExport(t, inc, "main")
		want, _ := freshLLMExport(t, r.Dir, "main")
		requireSummaries(t, want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("after %q: update export differs from a fresh init (-init +update):\n%s", s.name, diff)
		}
	}
}

// TestLLMRandomReplay is the same over a short seeded random history.
func TestLLMRandomReplay(t *testing.T) {
	commits := 20
	if testing.Short() {
		commits = 8
	}
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 80, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewSource(11))
	srv := llmtest.NewServer(t)
	inc := llmIndexer(t, repo.Dir(), srv, 4)
	mustRunMetered(t, inc, srv, "init")
	for i := 1; i <= commits; i++ {
		c, err := repo.RandomCommit(rnd)
		if err != nil {
			t.Fatalf("commit %d: generate: %v", i, err)
		}
		run, _ := mustRunMetered(t, inc, srv, "update")
		got := llmExport(t, inc, run.Branch)
		want, _ := freshLLMExport(t, repo.Dir(), run.Branch)
		requireSummaries(t, want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("commit %d (%s) %s: update export differs from a fresh init (-init +update):\n%s",
				i, c.Hash, strings.Join(c.Ops, "; "), diff)
		}
	}
}

func repoBranch(t testing.TB, repo *repogen.Repo) string {
	t.Helper()
	b, err := repo.Branch()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// --- 3. budget ---------------------------------------------------------------

// TestLLMBudgetStop stops init on its token budget, checks that nothing is
// published and the ledger says so, then completes the work with a rerun
// that pays only for what the first run did not: over both runs the
// endpoint bills exactly what one uninterrupted init bills.
func TestLLMBudgetStop(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 60, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	branch := repoBranch(t, repo)
	// One uninterrupted init: the reference cost and graph.
	want, ref := freshLLMExport(t, repo.Dir(), branch)
	full := meter{calls: ref.Calls(), billed: ref.Billed(), prompt: ref.PromptTokens(), completion: ref.CompletionTokens()}
	// Enough requests for half the budget to stop the run between them
	// (summaries and module docs are batched across files and modules).
	if full.billed < 6 {
		t.Fatalf("reference init billed only %d calls", full.billed)
	}
	t.Run("sequential", func(t *testing.T) { budgetStop(t, repo.Dir(), branch, want, full, 1, true) })
	// With calls in flight when the budget refuses one, their answers must
	// still be kept: the endpoint bills them. The race is timing-dependent,
	// so the scenario is repeated.
	t.Run("concurrent", func(t *testing.T) {
		for i := 0; i < 5; i++ {
			if budgetStop(t, repo.Dir(), branch, want, full, 4, i == 0) {
				break
			}
		}
	})
}

// budgetStop runs one budget-stopped init and its rerun; it reports whether
// anything was paid twice. check enables the ledger accounting checks.
func budgetStop(t *testing.T, dir, branch, want string, full meter, concurrency int, check bool) (paidTwice bool) {
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, dir, srv, concurrency)
	ix.Config.LLM.BudgetTokens = (full.prompt + full.completion) / 2
	stopped, first, err := runMetered(t, ix, srv, "init")
	if err == nil {
		t.Fatalf("init with a budget of %d tokens (half of %d) succeeded", ix.Config.LLM.BudgetTokens, full.prompt+full.completion)
	}
	if !errors.Is(err, llm.ErrBudget) || stopped == nil || stopped.Outcome != store.OutcomeBudgetStopped {
		t.Fatalf("budget stop: err %v, run %+v; want ErrBudget and outcome %s", err, stopped, store.OutcomeBudgetStopped)
	}
	if first.billed == 0 || first.billed >= full.billed {
		t.Fatalf("the stopped run billed %d calls of %d", first.billed, full.billed)
	}
	if used := first.prompt + first.completion; used > ix.Config.LLM.BudgetTokens {
		t.Errorf("the stopped run used %d tokens, over its %d-token budget", used, ix.Config.LLM.BudgetTokens)
	}
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	if r, snap, err := s.LoadPublished(branch); err != nil || r != nil || snap != nil {
		t.Fatalf("a budget-stopped init published: ref %+v, err %v", r, err)
	}
	if refs, err := s.Refs(); err != nil || len(refs) != 0 {
		t.Fatalf("a budget-stopped init left refs %v (err %v)", refs, err)
	}
	disk, err := s.ReadRun(stopped.ID)
	if err != nil || disk.Outcome != store.OutcomeBudgetStopped || disk.Error == "" {
		t.Fatalf("ledger entry of the stopped run: %+v (err %v); want budget_stopped with its error", disk, err)
	}
	// The stopped run's ledger entry accounts for what it paid.
	if check {
		checkRunAccounting(t, disk, first)
	}

	ix.Config.LLM.BudgetTokens = 0
	done, second := mustRunMetered(t, ix, srv, "update")
	if done.Outcome != store.OutcomePublished {
		t.Fatalf("rerun: outcome %s", done.Outcome)
	}
	if first.billed+second.billed != full.billed {
		paidTwice = true
		t.Errorf("paid twice (concurrency %d): the stopped run billed %d calls and the rerun %d, one uninterrupted init bills %d; asked in both runs: %v",
			concurrency, first.billed, second.billed, full.billed, askedTwice(srv))
	}
	if first.prompt+second.prompt != full.prompt || first.completion+second.completion != full.completion {
		t.Errorf("tokens over both runs %d+%d prompt, %d+%d completion; one init %d, %d",
			first.prompt, second.prompt, first.completion, second.completion, full.prompt, full.completion)
	}
	if diff := cmp.Diff(want, llmExport(t, ix, branch)); diff != "" {
		t.Errorf("after a budget stop and a rerun the export differs from one init (-init +rerun):\n%s", diff)
	}
	return paidTwice
}

// askedTwice lists the request numbers of prompts the server received more
// than once, with the start of the prompt's user message.
func askedTwice(srv *llmtest.Server) []string {
	seen := map[string][]int{}
	var order []string
	for i, q := range srv.Requests() {
		k := llmtest.PromptText(q.Chat)
		if seen[k] == nil {
			order = append(order, k)
		}
		seen[k] = append(seen[k], i+1)
	}
	var out []string
	for _, k := range order {
		if v := seen[k]; len(v) > 1 {
			user := k
			if i := strings.Index(k, "Path:"); i >= 0 {
				user = k[i:]
			} else if i := strings.Index(k, "Source:"); i >= 0 {
				user = k[i:]
			}
			if len(user) > 120 {
				user = user[:120]
			}
			out = append(out, fmt.Sprintf("requests %v: %q", v, user))
		}
	}
	return out
}

// --- 4. zero calls -----------------------------------------------------------

// TestLLMZeroCalls checks that commits whose content the cache has already
// seen cost no request at all.
func TestLLMZeroCalls(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 4)
	mustRunMetered(t, ix, srv, "init")

	zero := func(what string) *store.Run {
		t.Helper()
		run, got := mustRunMetered(t, ix, srv, "update")
		if run.Outcome != store.OutcomePublished && run.Outcome != store.OutcomeUpToDate {
			t.Fatalf("%s: outcome %s", what, run.Outcome)
		}
		if got.calls != 0 {
			t.Errorf("%s: %v; want no request", what, got)
			for _, q := range srv.Requests()[srv.Calls()-got.calls:] {
				t.Logf("  request: %.300s", llmtest.PromptText(q.Chat))
			}
		}
		want, _ := freshLLMExport(t, r.Dir, run.Branch)
		if diff := cmp.Diff(want, llmExport(t, ix, run.Branch)); diff != "" {
			t.Errorf("%s: export differs from a fresh init (-init +update):\n%s", what, diff)
		}
		return run
	}

	// Trailing whitespace, CRLF line ends and extra blank lines.
	r.Write(map[string]string{
		"app/util.py":  strings.ReplaceAll(baseFiles["app/util.py"], "\n", "\r\n"),
		"svc/svc.go":   strings.ReplaceAll(baseFiles["svc/svc.go"], "\n", "  \n"),
		"app/main.py":  strings.ReplaceAll(baseFiles["app/main.py"], "\n\n", "\n\n\n\n"),
		"web/index.ts": strings.ReplaceAll(baseFiles["web/index.ts"], "\n", " \t\r\n"),
	})
	r.Commit("whitespace only")
	if run := zero("whitespace/CRLF-only commit"); run.Changes.Modified != 4 {
		t.Errorf("whitespace commit: changes %+v, want 4 modified", run.Changes)
	}

	// A rename of a file no other file names, content unchanged.
	r.Move("app/models.py", "app/entities.py")
	r.Commit("rename leaf")
	if run := zero("pure rename of a leaf file"); run.Changes.Renamed != 1 {
		t.Errorf("rename: changes %+v, want 1 renamed", run.Changes)
	}

	// Branches: index a feature branch, switch back, fast-forward main to
	// it, and start a new branch from content seen on both.
	r.Git("checkout", "-q", "-b", "feature")
	r.Write(map[string]string{"app/feature.py": "from app.util import helper\n\n\ndef feature():\n    return helper()\n"})
	r.Write(map[string]string{"svc/helper.go": "package svc\n\n// Helper helps.\nfunc Helper() {}\n"})
	r.Commit("feature")
	if _, got := mustRunMetered(t, ix, srv, "update"); got.billed == 0 {
		t.Fatalf("first index of a feature branch with new content billed nothing")
	}
	r.Git("checkout", "-q", "main")
	zero("switching back to the indexed main")
	r.Git("checkout", "-q", "feature")
	zero("switching to the indexed feature branch")
	r.Git("checkout", "-q", "main")
	r.Git("merge", "-q", "--ff-only", "feature")
	zero("fast-forwarding main to content indexed on feature")
	r.Git("checkout", "-q", "-b", "copy", "HEAD~1")
	zero("a new branch whose files were all seen on other branches")
}

// TestLLMRenameWithDependents renames a Go file inside its package: every
// reference still resolves, only a path changes, so no request is due: file
// summaries are keyed by content, and edge summaries by the two summaries,
// the edge kinds and names (docs/design.md §2). It fails while the edge prompt and
// key (llm.edgePrompt, enrich.edgeKey) include the source and target paths.
func TestLLMRenameWithDependents(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 4)
	mustRunMetered(t, ix, srv, "init")
	r.Move("svc/helper.go", "svc/helpers.go")
	r.Commit("rename")
	run, got := mustRunMetered(t, ix, srv, "update")
	var kinds []string
	for _, q := range srv.Requests()[srv.Calls()-got.calls:] {
		kinds = append(kinds, requestKind(q))
	}
	t.Logf("pure rename of svc/helper.go (called from svc/svc.go): %v, changes %+v, requests %v", got, run.Changes, kinds)
	for _, k := range kinds {
		if k == "file" {
			t.Errorf("a pure rename re-asked a file summary")
		}
	}
	if got.calls != 0 {
		t.Errorf("pure rename with a dependent: %v; want no request (docs/design.md §2 keys edge summaries on the two summaries and edge kinds, not paths)", got)
	}
}

// requestKind tells file-summary requests from edge-summary ones by their
// system prompt.
func requestKind(q llmtest.Request) string {
	if len(q.Chat.Messages) == 0 {
		return "?"
	}
	sys := q.Chat.Messages[0].Content
	switch {
	case strings.Contains(sys, "Given one file"), strings.Contains(sys, "Each item is one definition"):
		return "file"
	case strings.Contains(sys, "how the first depends on the second"), strings.Contains(sys, "depends on a target"):
		return "edge"
	case strings.Contains(sys, "modules (directories)"):
		return "module"
	}
	return "?"
}

// --- 5. faults ---------------------------------------------------------------

// TestLLMFaultsStillPublishCorrectGraph injects 429s with Retry-After, 500s,
// malformed replies and dropped connections into the first attempt of a
// share of the calls; the run must still publish the fault-free graph.
func TestLLMFaultsStillPublishCorrectGraph(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 60, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	branch := repoBranch(t, repo)
	want, clean := freshLLMExport(t, repo.Dir(), branch)
	requireSummaries(t, want)

	srv := llmtest.NewServer(t)
	var mu sync.Mutex
	seen := map[string]bool{}
	injected := map[string]int{}
	turn := 0
	faults := []struct {
		name string
		f    llmtest.Fault
	}{
		{"429", llmtest.RateLimit("7")},
		{"500", llmtest.ServerError()},
		{"malformed", llmtest.Malformed()},
		{"drop", llmtest.Drop()},
		{"503", llmtest.Status(503, "overloaded")},
	}
	srv.SetHook(func(_ int, q llmtest.Request) llmtest.Fault {
		sum := sha256.Sum256([]byte(llmtest.PromptText(q.Chat)))
		key := hex.EncodeToString(sum[:])
		mu.Lock()
		defer mu.Unlock()
		if seen[key] || sum[0]%2 != 0 { // half the calls, first attempt only
			seen[key] = true
			return llmtest.Fault{}
		}
		seen[key] = true
		// In turn, so each kind is injected even into the few requests
		// of an init whose items share requests across files.
		f := faults[turn%len(faults)]
		turn++
		injected[f.name]++
		return f.f
	})
	var sleeps []time.Duration
	var smu sync.Mutex
	record := func(ctx context.Context, d time.Duration) error {
		smu.Lock()
		sleeps = append(sleeps, d)
		smu.Unlock()
		return ctx.Err()
	}
	ix := lgtest.New(t, repo.Dir())
	ix.LLM = newOpenAI(t, srv, 4, llm.WithSleep(record))
	ix.Config.LLM.Provider = "openai"
	run, got := mustRunMetered(t, ix, srv, "init")
	t.Logf("faults injected: %v; %v (fault-free init: %d requests)", injected, got, clean.Calls())
	for _, f := range faults {
		if injected[f.name] == 0 {
			t.Fatalf("no %s fault was injected (%v)", f.name, injected)
		}
	}
	if run.Outcome != store.OutcomePublished {
		t.Fatalf("outcome %s", run.Outcome)
	}
	retryAfter := false
	for _, d := range sleeps {
		if d == 7*time.Second {
			retryAfter = true
		}
	}
	if !retryAfter {
		t.Errorf("no backoff honoured the 429's Retry-After of 7s: %v", sleeps)
	}
	if diff := cmp.Diff(want, llmExport(t, ix, branch)); diff != "" {
		t.Errorf("init under faults differs from a fault-free init (-clean +faults):\n%s", diff)
	}
	// Malformed replies are billed; everything else faulty is not.
	if got.billed != clean.Billed()+injected["malformed"] {
		t.Errorf("billed %d answers under faults, want %d (fault-free) + %d (malformed)", got.billed, clean.Billed(), injected["malformed"])
	}

	// Updates under the same faults converge too.
	rnd := rand.New(rand.NewSource(3))
	for i := 1; i <= 3; i++ {
		before := len(sleeps)
		c, err := repo.RandomCommit(rnd)
		if err != nil {
			t.Fatal(err)
		}
		run, _ := mustRunMetered(t, ix, srv, "update")
		want, _ := freshLLMExport(t, repo.Dir(), run.Branch)
		if diff := cmp.Diff(want, llmExport(t, ix, run.Branch)); diff != "" {
			t.Fatalf("update %d (%s) under faults differs from a fresh init (-init +update):\n%s", i, strings.Join(c.Ops, "; "), diff)
		}
		t.Logf("update %d (%s): %d retries", i, strings.Join(c.Ops, "; "), len(sleeps)-before)
	}
}

// TestLLMExhaustedRetriesPublishNothing fails every attempt: the run fails
// and publishes nothing, and a failing update leaves the published graph.
func TestLLMExhaustedRetriesPublishNothing(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	// The first file in path order has two pieces, for the malformed case.
	r.Write(map[string]string{"app/aa.py": "def one():\n    return 1\n\n\ndef two():\n    return 2\n"})
	r.Commit("base")

	for _, tc := range []struct {
		name  string
		fault llmtest.Fault
		want  int // requests of the first failing call
	}{
		{"500", llmtest.ServerError(), 5},
		{"429", llmtest.RateLimit("1"), 5},
		{"drop", llmtest.Drop(), 5},
		// A batch of several items broken twice is retried one item per
		// request; the first of those broken twice stops the run.
		{"malformed", llmtest.Malformed(), 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t)
			srv.SetHook(func(int, llmtest.Request) llmtest.Fault { return tc.fault })
			ix := llmIndexer(t, r.Dir, srv, 1)
			run, got, err := runMetered(t, ix, srv, "init")
			if err == nil || run == nil || run.Outcome != store.OutcomeFailed {
				t.Fatalf("init against an endpoint failing with %s: err %v, run %+v; want outcome failed", tc.name, err, run)
			}
			if got.calls != tc.want {
				t.Errorf("%d requests, want %d (one call, retries exhausted, then the run stops)", got.calls, tc.want)
			}
			checkRunAccounting(t, run, got)
			s, err := store.Open(ix.StoreDir, false)
			if err != nil {
				t.Fatal(err)
			}
			if ref, _, err := s.LoadPublished("main"); err != nil || ref != nil {
				t.Errorf("a failed init published %+v (err %v)", ref, err)
			}
			disk, err := s.ReadRun(run.ID)
			if err != nil || disk.Outcome != store.OutcomeFailed || disk.Error == "" {
				t.Errorf("ledger: %+v, %v; want failed with an error", disk, err)
			}
		})
	}

	t.Run("update", func(t *testing.T) {
		r := gittest.New(t)
		r.Write(baseFiles)
		r.Commit("base")
		srv := llmtest.NewServer(t)
		ix := llmIndexer(t, r.Dir, srv, 2)
		mustRunMetered(t, ix, srv, "init")
		before := llmExport(t, ix, "main")
		s, err := store.Open(ix.StoreDir, false)
		if err != nil {
			t.Fatal(err)
		}
		ref0, err := s.ReadRef("main")
		if err != nil || ref0 == nil {
			t.Fatal(err)
		}
		r.Write(map[string]string{"app/util.py": baseFiles["app/util.py"] + "\n\ndef more():\n    return 2\n"})
		r.Commit("edit")
		srv.SetHook(func(int, llmtest.Request) llmtest.Fault { return llmtest.ServerError() })
		run, _, err := runMetered(t, ix, srv, "update")
		if err == nil || run.Outcome != store.OutcomeFailed {
			t.Fatalf("update: err %v outcome %s; want failed", err, run.Outcome)
		}
		ref1, err := s.ReadRef("main")
		if err != nil || ref1 == nil || ref1.Commit != ref0.Commit || !slices.Equal(ref1.Tables, ref0.Tables) {
			t.Fatalf("a failed update moved the ref: %+v -> %+v (%v)", ref0, ref1, err)
		}
		if got := llmExport(t, ix, "main"); got != before {
			t.Errorf("a failed update changed the published graph")
		}
		// The endpoint recovers: the update completes and converges.
		srv.SetHook(nil)
		mustRunMetered(t, ix, srv, "update")
		want, _ := freshLLMExport(t, r.Dir, "main")
		if diff := cmp.Diff(want, llmExport(t, ix, "main")); diff != "" {
			t.Errorf("after recovery (-init +update):\n%s", diff)
		}
	})
}

// --- 6. privacy --------------------------------------------------------------

const (
	secretFileMarker = "CREDENTIALS_FILE_BODY_7f3a9c"
	envFileMarker    = "ENV_FILE_BODY_51be02"
	rsaFileMarker    = "RSA_FILE_BODY_c0ffee"
	inlineKey        = "sk-proj-Zq8yW3nR5tV7xB2mK9pL4sD6"
	pemBody          = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"
)

// TestLLMPrivacy checks that files matching the secret patterns and
// secret-looking strings in other files never reach the endpoint, and that
// the API key is written nowhere in the store.
func TestLLMPrivacy(t *testing.T) {
	r := gittest.New(t)
	files := map[string]string{}
	for p, c := range baseFiles {
		files[p] = c
	}
	files["app/credentials.py"] = "from app.util import fmt\n\nDB_PASSWORD = '" + secretFileMarker + "'\n\n\ndef get_password():\n    return fmt(DB_PASSWORD)\n"
	files["app/.env.py"] = "TOKEN = '" + envFileMarker + "'\n\n\ndef token():\n    return TOKEN\n"
	files["app/id_rsa_loader.py"] = "KEY = '" + rsaFileMarker + "'\n\n\ndef load():\n    return KEY\n"
	files["deploy/server.pem"] = "-----BEGIN PRIVATE KEY-----\n" + pemBody + "\n-----END PRIVATE KEY-----\n"
	files["deploy/id_rsa"] = "-----BEGIN RSA PRIVATE KEY-----\n" + pemBody + "\n-----END RSA PRIVATE KEY-----\n"
	files["deploy/.env"] = "OPENAI_API_KEY=" + inlineKey + "\n"
	files["app/client.py"] = "from app.credentials import get_password\nfrom app.util import helper\n\n" +
		"OPENAI_KEY = \"" + inlineKey + "\"\n" +
		"PRIVATE = \"\"\"-----BEGIN PRIVATE KEY-----\n" + pemBody + "\n-----END PRIVATE KEY-----\"\"\"\n\n\n" +
		"def connect():\n    helper()\n    return get_password()\n"
	r.Write(files)
	r.Commit("base")

	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 4)
	mustRunMetered(t, ix, srv, "init")
	export := ix.Export(t, "main")
	for _, p := range []string{"app/credentials.py", "app/.env.py", "app/id_rsa_loader.py", "app/client.py"} {
		if !strings.Contains(export, `"id":"file:`+p+`"`) {
			t.Fatalf("%s is not indexed, so the test proves nothing about it", p)
		}
	}
	if !strings.Contains(export, `"source":"sym:app/client.py#connect","target":"sym:app/credentials.py#get_password"`) {
		t.Errorf("client.py's call into credentials.py did not resolve; the edge-summary path is untested")
	}

	// A later failing update whose error echoes the key, so the ledger holds
	// an endpoint error message.
	r.Write(map[string]string{"app/util.py": baseFiles["app/util.py"] + "\n\ndef later():\n    return 3\n"})
	r.Commit("edit")
	srv.Enqueue(llmtest.Status(401, "Incorrect API key provided: "+testAPIKey+". You can find your API key at ..."))
	if run, _, err := runMetered(t, ix, srv, "update"); err == nil || run.Outcome != store.OutcomeFailed {
		t.Fatalf("update against a 401: err %v, outcome %v; want failed", err, run.Outcome)
	} else if strings.Contains(err.Error(), testAPIKey) || strings.Contains(run.Error, testAPIKey) {
		t.Errorf("the run's error shows the API key: %v", err)
	}
	mustRunMetered(t, ix, srv, "update")

	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("no requests")
	}
	forbidden := []string{secretFileMarker, envFileMarker, rsaFileMarker, inlineKey, pemBody, "return fmt(DB_PASSWORD)"}
	for i, q := range reqs {
		if q.Authorization != "Bearer "+testAPIKey {
			t.Fatalf("request %d: Authorization %q; want the test key", i, q.Authorization)
		}
		for _, f := range forbidden {
			if bytes.Contains(q.Body, []byte(f)) {
				t.Errorf("request %d sent %q:\n%.1500s", i, f, q.Body)
			}
		}
	}
	// client.py itself was summarized (redacted), so the filter was not
	// simply refusing everything.
	summarizedClient := false
	for _, q := range reqs {
		if requestKind(q) == "file" && bytes.Contains(q.Body, []byte("def connect()")) {
			summarizedClient = true
			if !bytes.Contains(q.Body, []byte(llm.Redacted)) {
				t.Errorf("client.py was sent without redaction marks:\n%.1500s", q.Body)
			}
		}
	}
	if !summarizedClient {
		t.Errorf("client.py was never summarized")
	}

	// Nothing under the store holds the API key: ledger, refs, snapshots,
	// badger tables and logs.
	scanned := 0
	err := filepath.WalkDir(ix.StoreDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		scanned++
		for _, needle := range []string{testAPIKey, "SECRETKEY123456789"} {
			if bytes.Contains(data, []byte(needle)) {
				t.Errorf("store file %s contains %q", p, needle)
			}
		}
		for _, f := range []string{secretFileMarker, envFileMarker, rsaFileMarker} {
			if bytes.Contains(data, []byte(f)) {
				t.Logf("note: store file %s holds secret-file content %q (cached facts, never sent)", p, f)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 3 {
		t.Fatalf("scanned only %d store files", scanned)
	}
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	runs, _, err := s.Runs(100)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(runs)
	if bytes.Contains(b, []byte(testAPIKey)) {
		t.Errorf("the ledger holds the API key")
	}
	if !bytes.Contains(b, []byte("401")) && !bytes.Contains(b, []byte("API key")) {
		t.Logf("note: the failed run's ledger error does not mention the 401: %s", b)
	}
}

// --- 7. measurement ----------------------------------------------------------

// promptField returns the rest of the line after prefix in a prompt.
func promptField(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimPrefix(l, prefix)
		}
	}
	return ""
}

// tokenSplit sums what requests cost by kind, the way the fake bills.
func tokenSplit(reqs []llmtest.Request) map[string][3]int {
	out := map[string][3]int{}
	for _, q := range reqs {
		k := requestKind(q)
		prompt := llmtest.Tokens(llmtest.PromptText(q.Chat))
		reply, _ := llmtest.Content(q.Chat)
		v := out[k]
		v[0]++
		v[1] += prompt
		v[2] += llmtest.Tokens(reply)
		out[k] = v
	}
	return out
}

func formatSplit(m map[string][3]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		v := m[k]
		parts = append(parts, fmt.Sprintf("%s: %d calls, %d prompt + %d completion = %d tokens", k, v[0], v[1], v[2], v[1]+v[2]))
	}
	return strings.Join(parts, "; ")
}

// TestLLMCostFollowsDiff measures, on a 2,000-file repository, the tokens of
// an update after a 10-file commit as a share of init's, and checks that a
// whitespace-only commit and a pure rename cost no request.
func TestLLMCostFollowsDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000-file measurement")
	}
	start := time.Now()
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 2000, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, repo.Dir(), srv, 8)
	n0 := srv.Calls()
	initRun, initCost := mustRunMetered(t, ix, srv, "init")
	initSplit := tokenSplit(srv.Requests()[n0:])
	initTok := initCost.prompt + initCost.completion
	t.Logf("init of %d files: %v in %v; %s", len(repo.Files()), initCost, time.Duration(initRun.MS)*time.Millisecond, formatSplit(initSplit))

	c, err := repo.TouchFiles(10, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	n1 := srv.Calls()
	upRun, upCost := mustRunMetered(t, ix, srv, "update")
	upSplit := tokenSplit(srv.Requests()[n1:])
	upTok := upCost.prompt + upCost.completion
	e := enrichPhase(t, upRun)
	t.Logf("update after touching 10 files (%s): %v = %.3f%% of init's tokens; %s; enrich: mode %s, %d files, extra %v",
		strings.Join(c.Ops, "; "), upCost, 100*float64(upTok)/float64(initTok), formatSplit(upSplit), e.Mode, e.Files, e.Extra)
	items := 0
	for _, q := range srv.Requests()[n1:] {
		if its, ok := llmtest.BatchItems(q.Chat); ok {
			items += len(its)
		}
	}
	t.Logf("update: %d items in %d batched requests", items, upCost.calls)
	// The aim (issue 13) is 0.4%; measured in docs/measurements.md. It fails on a
	// return to whole-file prompts (0.90%), per-edge calls, or narratives
	// redone for edits inside bodies (0.79%).
	if upTok == 0 || upTok*1000 > initTok*4 {
		t.Errorf("a 10-file update cost %d tokens, %.3f%% of init's %d; want at most 0.4%%", upTok, 100*float64(upTok)/float64(initTok), initTok)
	}
	// Batched: at most one piece request per touched file and one edge
	// request per source file whose edges changed.
	if f := upSplit["file"][0]; f > 10 {
		t.Errorf("%d piece requests for 10 touched files", f)
	}
	if e := upSplit["edge"][0]; e > enrichPhase(t, upRun).Extra["edge_sources"] {
		t.Errorf("%d edge requests for %d edge sources", e, enrichPhase(t, upRun).Extra["edge_sources"])
	}

	// Whitespace only: trailing blanks and CRLF in five files.
	files := repo.Files()
	var ops []repogen.Op
	for _, p := range files {
		if len(ops) == 5 {
			break
		}
		switch filepath.Ext(p) {
		case ".go", ".py", ".ts", ".js", ".java", ".rs", ".rb", ".c":
			if c := repo.Read(p); strings.Contains(c, "\n") {
				ops = append(ops, repogen.WriteFile(p, strings.ReplaceAll(c, "\n", "  \r\n")))
			}
		}
	}
	if _, err := repo.Commit("whitespace", ops...); err != nil {
		t.Fatal(err)
	}
	ws, wsCost := mustRunMetered(t, ix, srv, "update")
	t.Logf("whitespace/CRLF-only commit of 5 files: %v (changes %+v)", wsCost, ws.Changes)
	if ws.Changes.Modified != 5 {
		t.Errorf("whitespace commit: changes %+v, want 5 modified", ws.Changes)
	}
	if wsCost.calls != 0 {
		t.Errorf("a whitespace-only commit made %v", wsCost)
	}

	// Pure rename of a Go file inside its package: every name still
	// resolves, only the path changes.
	from := ""
	for _, p := range files {
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			from = p
			break
		}
	}
	if from == "" {
		t.Fatal("no Go file")
	}
	to := strings.TrimSuffix(from, ".go") + "_renamed.go"
	if _, err := repo.Commit("rename", repogen.Rename(from, to)); err != nil {
		t.Fatal(err)
	}
	n2 := srv.Calls()
	rn, rnCost := mustRunMetered(t, ix, srv, "update")
	t.Logf("pure rename %s -> %s: %v (changes %+v); %s", from, to, rnCost, rn.Changes, formatSplit(tokenSplit(srv.Requests()[n2:])))
	if rnCost.calls != 0 {
		t.Errorf("a pure rename made %v", rnCost)
	}
	t.Logf("total %v", time.Since(start))
}
