package llm

import (
	"math"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMeterConcurrent(t *testing.T) {
	var m Meter
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Go(func() {
			phase := []string{"enrich", "wiki"}[i%2]
			m.Add(phase, Usage{PromptTokens: 10, CompletionTokens: 2, Calls: 1})
		})
	}
	wg.Wait()
	if diff := cmp.Diff([]string{"enrich", "wiki"}, m.Phases()); diff != "" {
		t.Errorf("phases: %s", diff)
	}
	if got, want := m.Phase("wiki"), (Usage{PromptTokens: 500, CompletionTokens: 100, Calls: 50}); got != want {
		t.Errorf("wiki = %+v, want %+v", got, want)
	}
	if got, want := m.Total(), (Usage{PromptTokens: 1000, CompletionTokens: 200, Calls: 100}); got != want {
		t.Errorf("total = %+v, want %+v", got, want)
	}
}

func TestPrice(t *testing.T) {
	configured := Price{Prompt: 1, Completion: 2}
	tests := []struct {
		model string
		want  Price
	}{
		{"gpt-4o-mini", Price{0.00015, 0.0006}},
		{"openai:gpt-4o-mini-2024-07-18", Price{0.00015, 0.0006}},
		{"gpt-4o", Price{0.0025, 0.01}},
		{"gpt-4o-2024-08-06", Price{0.0025, 0.01}},
		{"gpt-4.1-mini", Price{0.0004, 0.0016}},
		{"llama3:8b", configured},
		{"gpt-4omini", configured},
	}
	for _, tt := range tests {
		if got := PriceFor(tt.model, configured); got != tt.want {
			t.Errorf("PriceFor(%q) = %+v, want %+v", tt.model, got, tt.want)
		}
	}
	cost := Price{Prompt: 0.00015, Completion: 0.0006}.Cost(Usage{PromptTokens: 2000, CompletionTokens: 500})
	if math.Abs(cost-0.0006) > 1e-12 {
		t.Errorf("cost = %v, want 0.0006", cost)
	}
}
