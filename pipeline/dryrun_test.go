package pipeline_test

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// dryRunSteps are changes a dry run must estimate: a one-line edit, a new
// file with callers of its own, a deletion, a rename with an edit, a
// change of a file many others call.
var dryRunSteps = []struct {
	name   string
	change func(r *gittest.Repo)
}{
	{"one-line edit", func(r *gittest.Repo) {
		r.Write(map[string]string{"svc/helper.go": "package svc\n\nfunc Helper() { _ = 1 }\n"})
	}},
	{"new file", func(r *gittest.Repo) {
		r.Write(map[string]string{"app/new.py": "from app.util import helper\n\n\ndef n():\n    helper()\n"})
	}},
	{"callers", func(r *gittest.Repo) {
		// Distinct contents: identical files summarized at once may both
		// miss the cache, which makes the real count racy.
		files := map[string]string{}
		for i := range 12 {
			files[fmt.Sprintf("app/d%d.py", i)] = fmt.Sprintf("from app.util import helper\n\n\ndef use%d():\n    return helper()\n", i)
		}
		r.Write(files)
	}},
	{"widely used file changes", func(r *gittest.Repo) {
		r.Write(map[string]string{"app/util.py": "def helper():\n    return 2\n\n\ndef fmt(x):\n    return repr(x)\n"})
	}},
	{"delete", func(r *gittest.Repo) { r.Remove("web/legacy.js") }},
	{"rename with edit", func(r *gittest.Repo) {
		r.Move("web/api.ts", "web/client.ts")
		r.Write(map[string]string{"web/client.ts": "import * as u from './util'\n\nexport function call2() { u.format('w') }\n"})
	}},
}

// TestLLMDryRun: update --dry-run sends nothing, writes nothing, moves no
// baseline, and its calls and tokens are within 10% of what the real
// update then pays, change after change.
func TestLLMDryRun(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 2)
	ix.MustRun(t, "init", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range dryRunSteps {
		step.change(r)
		head := r.Commit(step.name)
		before, runsBefore := srv.Calls(), ledgerLen(t, s)
		dry := dryRun(t, ix)
		if srv.Calls() != before {
			t.Fatalf("%s: dry run sent %d requests", step.name, srv.Calls()-before)
		}
		if ref, _ := s.ReadRef("main"); ref == nil || ref.Commit == head {
			t.Fatalf("%s: dry run moved the baseline: %+v", step.name, ref)
		}
		if n := ledgerLen(t, s); n != runsBefore {
			t.Fatalf("%s: dry run wrote %d ledger entries", step.name, n-runsBefore)
		}
		real := ix.MustRun(t, "update", false)
		estCalls, estTok := phaseTotals(dry)
		calls, tok := phaseTotals(real)
		t.Logf("%s: estimated %d calls, %d+%d tokens; paid %d calls, %d+%d tokens", step.name,
			estCalls, estTok.Prompt, estTok.Completion, calls, tok.Prompt, tok.Completion)
		if calls == 0 {
			t.Fatalf("%s: the real update made no call: the step tests nothing", step.name)
		}
		within(t, step.name+" calls", estCalls, calls)
		within(t, step.name+" tokens", estTok.Prompt+estTok.Completion, tok.Prompt+tok.Completion)
	}
}

// TestOfflineDryRun: with the offline provider a dry run reports the 0
// calls and 0 tokens the real update makes, and the same phase modes.
func TestOfflineDryRun(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Write(callers(30))
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)
	for _, step := range dryRunSteps {
		step.change(r)
		r.Commit(step.name)
		dry := dryRun(t, ix)
		real := ix.MustRun(t, "update", false)
		for i, p := range dry.Phases {
			if p.Calls != 0 || p.Tokens != (store.Tokens{}) || p.Extra["llm_calls"] != 0 {
				t.Errorf("%s: offline dry run estimates %d calls, %+v tokens in %s", step.name, p.Calls, p.Tokens, p.Name)
			}
			if i >= len(real.Phases) || real.Phases[i].Mode != p.Mode || real.Phases[i].Files != p.Files {
				t.Errorf("%s: dry run phase %+v, real run %+v", step.name, p, real.Phases)
			}
		}
	}
}

func dryRun(t *testing.T, ix *lgtest.Indexer) *store.Run {
	t.Helper()
	ix.DryRun = true
	defer func() { ix.DryRun = false }()
	dry := ix.MustRun(t, "update", false)
	if dry.Outcome != "dry_run" {
		t.Fatalf("dry run outcome %q", dry.Outcome)
	}
	return dry
}

func ledgerLen(t *testing.T, s *store.Store) int {
	t.Helper()
	runs, _, err := s.Runs(0)
	if err != nil {
		t.Fatal(err)
	}
	return len(runs)
}

// within fails unless an estimate is within 10% of the real value.
func within(t *testing.T, what string, est, real int) {
	t.Helper()
	if d := est - real; d*10 > real || -d*10 > real {
		t.Errorf("%s: estimated %d, real %d: off by more than 10%%", what, est, real)
	}
}
