package pipeline_test

import (
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
	"github.com/lgraph/lgraph/pipeline"
)

// TestLLMCostInDollars: with a configured price the run and each phase
// carry their dollar cost; without one the cost is unknown, not guessed,
// and a dollar budget refuses to start.
func TestLLMCostInDollars(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 30, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("priced", func(t *testing.T) {
		srv := llmtest.NewServer(t)
		ix := llmIndexer(t, repo.Dir(), srv, 2)
		ix.Config.LLM.Prices = map[string]config.ModelPrice{"gpt-4o-mini": {PromptPerMTok: 2, CompletionPerMTok: 8}}
		run, got := mustRunMetered(t, ix, srv, "init")
		want := float64(got.prompt)*2/1e6 + float64(got.completion)*8/1e6
		if math.Abs(run.CostUSD-want) > 1e-12 || run.CostUnknown || want == 0 {
			t.Errorf("run cost $%v unknown=%v, want $%v for %v", run.CostUSD, run.CostUnknown, want, got)
		}
		sum := 0.0
		for _, p := range run.Phases {
			sum += p.CostUSD
		}
		if math.Abs(sum-run.CostUSD) > 1e-12 {
			t.Errorf("phase costs sum to $%v, run cost $%v", sum, run.CostUSD)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		srv := llmtest.NewServer(t)
		ix := llmIndexer(t, repo.Dir(), srv, 2)
		ix.LLM = newOpenAIModel(t, srv, "local-model-7b")
		ix.Config.LLM.Model = "local-model-7b"
		ix.Config.LLM.BudgetUSD = 1
		if _, _, err := runMetered(t, ix, srv, "init"); err == nil || srv.Calls() != 0 {
			t.Fatalf("a dollar budget without a price: err %v, %d requests; want an error before any", err, srv.Calls())
		}
		ix.Config.LLM.BudgetUSD = 0
		run, _ := mustRunMetered(t, ix, srv, "init")
		if !run.CostUnknown || run.CostUSD != 0 {
			t.Errorf("unpriced model: cost $%v unknown=%v; want unknown", run.CostUSD, run.CostUnknown)
		}
	})
}

// newOpenAIModel is newOpenAI for another model name.
func newOpenAIModel(t testing.TB, srv *llmtest.Server, model string) llm.Provider {
	t.Helper()
	p, err := llm.NewOpenAI(llm.Config{BaseURL: srv.BaseURL(), Model: model, APIKey: testAPIKey, Retries: 4,
		MaxConcurrency: 2, JSONSchema: true}, llm.WithSleep(noSleep))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLLMBudgetUSDStop stops init on a dollar budget of half its cost:
// nothing is published, the ledger says budget_stopped, the spend stays
// under the budget, and the rerun pays only the rest.
func TestLLMBudgetUSDStop(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 60, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	branch := repoBranch(t, repo)
	want, ref := freshLLMExport(t, repo.Dir(), branch)
	def := config.Default()
	price, ok := pipeline.Price(&def.LLM)
	if !ok {
		t.Fatal("no default price for gpt-4o-mini")
	}
	full := price.Cost(llm.Usage{PromptTokens: ref.PromptTokens(), CompletionTokens: ref.CompletionTokens()})
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, repo.Dir(), srv, 1)
	ix.Config.LLM.BudgetUSD = full / 2
	stopped, first, err := runMetered(t, ix, srv, "init")
	if !errors.Is(err, llm.ErrBudget) || stopped == nil || stopped.Outcome != store.OutcomeBudgetStopped {
		t.Fatalf("dollar budget: err %v, run %+v; want ErrBudget and %s", err, stopped, store.OutcomeBudgetStopped)
	}
	spent := price.Cost(llm.Usage{PromptTokens: first.prompt, CompletionTokens: first.completion})
	if spent > full/2 || first.billed == 0 || math.Abs(stopped.CostUSD-spent) > 1e-12 {
		t.Errorf("stopped run spent $%v (ledger $%v) of a $%v budget over %d calls", spent, stopped.CostUSD, full/2, first.billed)
	}
	ix.Config.LLM.BudgetUSD = 0
	done, second := mustRunMetered(t, ix, srv, "update")
	if done.Outcome != store.OutcomePublished {
		t.Fatalf("rerun: %s", done.Outcome)
	}
	if first.prompt+second.prompt != ref.PromptTokens() || first.completion+second.completion != ref.CompletionTokens() {
		t.Errorf("both runs paid %d+%d prompt, %d+%d completion tokens; one init pays %d, %d",
			first.prompt, second.prompt, first.completion, second.completion, ref.PromptTokens(), ref.CompletionTokens())
	}
	if diff := cmp.Diff(want, llmExport(t, ix, branch)); diff != "" {
		t.Errorf("after a dollar-budget stop and a rerun (-init +rerun):\n%s", diff)
	}
}
