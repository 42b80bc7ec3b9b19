package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/llm/llmtest"
	"github.com/lgraph/lgraph/store"
)

// TestLLMDryRun: update --dry-run sends nothing, publishes nothing and
// estimates the calls the real update then makes.
func TestLLMDryRun(t *testing.T) {
	r := gittest.New(t)
	r.Write(baseFiles)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, r.Dir, srv, 2)
	ix.MustRun(t, "init", false)
	r.Write(map[string]string{"app/util.py": "def helper():\n    return 42\n", "app/new.py": "from app.util import helper\n\n\ndef n():\n    helper()\n"})
	head := r.Commit("change")

	before := srv.Calls()
	ix.DryRun = true
	dry := ix.MustRun(t, "update", false)
	ix.DryRun = false
	if dry.Outcome != "dry_run" {
		t.Fatalf("dry run outcome %q", dry.Outcome)
	}
	if srv.Calls() != before {
		t.Fatalf("dry run sent %d requests", srv.Calls()-before)
	}
	est := enrichPhase(t, dry)
	if est.Calls == 0 || est.Tokens.Prompt == 0 {
		t.Fatalf("dry run estimated %d calls, %d prompt tokens; want both > 0", est.Calls, est.Tokens.Prompt)
	}
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	if ref, _ := s.ReadRef("main"); ref == nil || ref.Commit == head {
		t.Fatalf("dry run moved the baseline: %+v", ref)
	}

	real := ix.MustRun(t, "update", false)
	paid := enrichPhase(t, real)
	if paid.Calls != est.Calls {
		t.Errorf("dry run estimated %d calls, the update made %d", est.Calls, paid.Calls)
	}
	t.Logf("estimated %d calls / %d prompt tokens; paid %d calls / %d prompt tokens", est.Calls, est.Tokens.Prompt, paid.Calls, paid.Tokens.Prompt)
}
