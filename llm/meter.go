package llm

import (
	"context"
	"sort"
	"strings"
	"sync"
)

// Meter sums Usage per phase ("enrich", "wiki", ...). The zero value is
// ready to use and it is safe for concurrent use.
type Meter struct {
	mu     sync.Mutex
	phases map[string]Usage
}

// Add adds u to phase.
func (m *Meter) Add(phase string, u Usage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.phases == nil {
		m.phases = map[string]Usage{}
	}
	m.phases[phase] = m.phases[phase].Add(u)
}

// Phase returns the usage of one phase.
func (m *Meter) Phase(phase string) Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.phases[phase]
}

// Phases returns the phases that have usage, sorted.
func (m *Meter) Phases() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.phases))
	for p := range m.phases {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Total returns the usage of all phases.
func (m *Meter) Total() Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	var t Usage
	for _, u := range m.phases {
		t = t.Add(u)
	}
	return t
}

// Metered returns a Provider (and Estimator) that adds the Usage of every call of p, failed
// ones included, to phase of m.
func Metered(p Provider, m *Meter, phase string) Provider {
	return metered{p: p, m: m, phase: phase}
}

// metered is the Provider returned by Metered.
type metered struct {
	p     Provider
	m     *Meter
	phase string
}

// ID returns the wrapped provider's ID.
func (w metered) ID() string { return w.p.ID() }

// EstimateFile delegates to the wrapped provider's estimate.
func (w metered) EstimateFile(in FileInput) int { return estimatorOf(w.p).EstimateFile(in) }

// EstimateEdge delegates to the wrapped provider's estimate.
func (w metered) EstimateEdge(in EdgeInput) int { return estimatorOf(w.p).EstimateEdge(in) }

// EstimateModule delegates to the wrapped provider's estimate.
func (w metered) EstimateModule(in ModuleInput) int { return estimatorOf(w.p).EstimateModule(in) }

// SummarizeFile calls the wrapped provider and records the usage.
func (w metered) SummarizeFile(ctx context.Context, in FileInput) (Result, error) {
	res, err := w.p.SummarizeFile(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}

// SummarizeEdge calls the wrapped provider and records the usage.
func (w metered) SummarizeEdge(ctx context.Context, in EdgeInput) (Result, error) {
	res, err := w.p.SummarizeEdge(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}

// EstimatePieces delegates to the wrapped provider's estimate.
func (w metered) EstimatePieces(in PieceBatch) int { return estimatorOf(w.p).EstimatePieces(in) }

// EstimateEdges delegates to the wrapped provider's estimate.
func (w metered) EstimateEdges(in EdgeBatch) int { return estimatorOf(w.p).EstimateEdges(in) }

// SummarizePieces calls the wrapped provider and records the usage.
func (w metered) SummarizePieces(ctx context.Context, in PieceBatch) (BatchResult, error) {
	res, err := w.p.SummarizePieces(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}

// SummarizeEdges calls the wrapped provider and records the usage.
func (w metered) SummarizeEdges(ctx context.Context, in EdgeBatch) (BatchResult, error) {
	res, err := w.p.SummarizeEdges(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}

// ModuleDoc calls the wrapped provider and records the usage.
func (w metered) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	res, err := w.p.ModuleDoc(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}

// Price is the cost in dollars per 1,000 tokens.
type Price struct {
	// Prompt is the price of 1,000 prompt tokens.
	Prompt float64
	// Completion is the price of 1,000 completion tokens.
	Completion float64
}

// Cost returns the cost of u at price p.
func (p Price) Cost(u Usage) float64 {
	return float64(u.PromptTokens)/1000*p.Prompt + float64(u.CompletionTokens)/1000*p.Completion
}

// DefaultPrices returns OpenAI's published list prices (standard tier, per
// 1,000 tokens) of the models lgraph documents; llm.prices overrides them.
// It returns a new map on every call.
func DefaultPrices() map[string]Price {
	return map[string]Price{
		"gpt-4o-mini":  {Prompt: 0.00015, Completion: 0.0006},
		"gpt-4o":       {Prompt: 0.0025, Completion: 0.01},
		"gpt-4.1-mini": {Prompt: 0.0004, Completion: 0.0016},
	}
}

// PriceFor returns the default price of model, also for dated snapshots
// ("gpt-4o-mini-2024-07-18") and provider IDs ("openai:gpt-4o"), or fallback
// (the configured price) for models not in DefaultPrices.
func PriceFor(model string, fallback Price) Price {
	model = strings.TrimPrefix(model, "openai:")
	prices := DefaultPrices()
	best, found := "", false
	for name := range prices {
		if (model == name || strings.HasPrefix(model, name+"-")) && len(name) > len(best) {
			best, found = name, true
		}
	}
	if !found {
		return fallback
	}
	return prices[best]
}

// PriceOf returns the price of model (a name, or a provider ID
// "openai:<name>"): from table first, then fallback when it is non-zero
// (one configured price for any model), then DefaultPrices. A dated
// snapshot ("gpt-4o-mini-2024-07-18") takes the price of the longest name it
// extends with "-". ok is false when no price is known: the cost is then
// unknown, never guessed.
func PriceOf(model string, table map[string]Price, fallback Price) (Price, bool) {
	model = strings.TrimPrefix(model, "openai:")
	if p, ok := lookupPrice(model, table); ok {
		return p, true
	}
	if fallback != (Price{}) {
		return fallback, true
	}
	return lookupPrice(model, DefaultPrices())
}

// lookupPrice finds model, or the longest name it extends with "-".
func lookupPrice(model string, table map[string]Price) (Price, bool) {
	best, found := "", false
	for name := range table {
		if (model == name || strings.HasPrefix(model, name+"-")) && len(name) > len(best) {
			best, found = name, true
		}
	}
	return table[best], found
}
