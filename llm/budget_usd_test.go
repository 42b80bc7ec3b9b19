package llm

import (
	"context"
	"errors"
	"testing"
)

// TestBudgetUSDStopsOnDollars: a dollar limit refuses batched and single
// calls before sending, like the token limit, and what was admitted never
// costs more than the limit.
func TestBudgetUSDStopsOnDollars(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	price := Price{Prompt: 0.01, Completion: 0.03} // per 1,000 tokens
	in := samplePieces()
	need := p.EstimatePieces(in) + ReplyReserve
	one := price.Cost(Usage{PromptTokens: need - ReplyReserve, CompletionTokens: ReplyReserve})
	limit := 2.5 * one
	b := NewBudget(p, 0, ReplyReserve).WithUSD(limit, price)
	ctx := context.Background()
	calls := 0
	for ; calls < 100; calls++ {
		if _, err := b.SummarizePieces(ctx, in); err != nil {
			if !errors.Is(err, ErrBudget) {
				t.Fatalf("call %d: %v", calls, err)
			}
			break
		}
	}
	if calls < 2 || calls == 100 {
		t.Fatalf("admitted %d calls under a limit of %.1f calls' reservations", calls, limit/one)
	}
	if srv.Billed() != calls {
		t.Errorf("server billed %d calls, budget admitted %d", srv.Billed(), calls)
	}
	if spent := price.Cost(b.Used()); spent > limit || b.Used().Calls != calls {
		t.Errorf("spent $%.5f over the $%.5f limit (usage %+v)", spent, limit, b.Used())
	}
	before := srv.Calls()
	if _, err := b.SummarizePieces(ctx, in); !errors.Is(err, ErrBudget) || srv.Calls() != before {
		t.Errorf("after exhaustion: err %v, %d new requests", err, srv.Calls()-before)
	}
}

// TestPriceOf: configured prices first (dated snapshots take the base
// name's), then one configured price for any model, then the built-in
// list; an unknown model has no price.
func TestPriceOf(t *testing.T) {
	table := map[string]Price{"llama3": {Prompt: 0.001}, "gpt-4o-mini": {Prompt: 9}}
	for _, tc := range []struct {
		model    string
		fallback Price
		want     Price
		ok       bool
	}{
		{"openai:llama3-70b", Price{}, Price{Prompt: 0.001}, true},
		{"gpt-4o-mini-2024-07-18", Price{}, Price{Prompt: 9}, true},
		{"gpt-4o", Price{}, DefaultPrices()["gpt-4o"], true},
		{"mistral", Price{}, Price{}, false},
		{"mistral", Price{Prompt: 2}, Price{Prompt: 2}, true},
	} {
		got, ok := PriceOf(tc.model, table, tc.fallback)
		if got != tc.want || ok != tc.ok {
			t.Errorf("PriceOf(%q) = %+v %v, want %+v %v", tc.model, got, ok, tc.want, tc.ok)
		}
	}
}
