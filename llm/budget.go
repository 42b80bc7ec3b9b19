package llm

import (
	"context"
	"fmt"
	"sync"
)

// Budget is a Provider that stops a run cleanly on a token budget: it
// refuses a call, before anything is sent, when the tokens used so far plus
// the call's estimated prompt tokens plus a reply reserve would exceed the
// limit. Calls in flight count with their estimate until they return, so
// concurrent calls cannot overshoot together. It is safe for concurrent use.
type Budget struct {
	p       Provider
	est     Estimator
	limit   int
	reserve int

	usd   float64 // 0: no dollar limit
	price Price

	mu      sync.Mutex
	used    Usage
	pending int
}

// WithUSD adds a dollar limit: a call is refused, like one over the token
// budget (ErrBudget), when the cost so far plus the calls in flight plus
// its own estimate (prompt estimate and reply reserve) at price would pass
// limit. A limit of 0 means none. It returns b.
func (b *Budget) WithUSD(limit float64, price Price) *Budget {
	b.usd, b.price = max(limit, 0), price
	return b
}

// NewBudget wraps p with a budget of limit tokens (0: no limit) and a
// completion reserve per call (ReplyReserve is a sensible value). The prompt
// estimate comes from p when it is an Estimator, else from the prompt OpenAI
// would send before truncation.
func NewBudget(p Provider, limit, reserve int) *Budget {
	return &Budget{p: p, est: estimatorOf(p), limit: max(limit, 0), reserve: max(reserve, 0)}
}

// estimatorOf returns p's own estimates, or promptEstimator.
func estimatorOf(p Provider) Estimator {
	if est, ok := p.(Estimator); ok {
		return est
	}
	return promptEstimator{}
}

// EstimateFile delegates to the wrapped provider's estimate.
func (b *Budget) EstimateFile(in FileInput) int { return b.est.EstimateFile(in) }

// EstimateEdge delegates to the wrapped provider's estimate.
func (b *Budget) EstimateEdge(in EdgeInput) int { return b.est.EstimateEdge(in) }

// EstimateModule delegates to the wrapped provider's estimate.
func (b *Budget) EstimateModule(in ModuleInput) int { return b.est.EstimateModule(in) }

// ID returns the wrapped provider's ID: a budget does not change output.
func (b *Budget) ID() string { return b.p.ID() }

// Used returns the usage of all calls so far, failed ones included.
func (b *Budget) Used() Usage {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// SummarizeFile forwards to the wrapped provider if the budget allows.
func (b *Budget) SummarizeFile(ctx context.Context, in FileInput) (Result, error) {
	return b.call(b.est.EstimateFile(in), "summarize file "+in.Path, func() (Result, error) {
		return b.p.SummarizeFile(ctx, in)
	})
}

// SummarizeEdge forwards to the wrapped provider if the budget allows.
func (b *Budget) SummarizeEdge(ctx context.Context, in EdgeInput) (Result, error) {
	what := fmt.Sprintf("summarize edge %s -> %s", in.SourcePath, in.TargetPath)
	return b.call(b.est.EstimateEdge(in), what, func() (Result, error) {
		return b.p.SummarizeEdge(ctx, in)
	})
}

// EstimatePieces delegates to the wrapped provider's estimate.
func (b *Budget) EstimatePieces(in PieceBatch) int { return b.est.EstimatePieces(in) }

// EstimateEdges delegates to the wrapped provider's estimate.
func (b *Budget) EstimateEdges(in EdgeBatch) int { return b.est.EstimateEdges(in) }

// SummarizePieces forwards to the wrapped provider if the budget allows.
func (b *Budget) SummarizePieces(ctx context.Context, in PieceBatch) (BatchResult, error) {
	var out BatchResult
	_, err := b.call(b.est.EstimatePieces(in), "summarize pieces of "+in.files(), func() (Result, error) {
		var err error
		out, err = b.p.SummarizePieces(ctx, in)
		return Result{Usage: out.Usage}, err
	})
	return out, err
}

// SummarizeEdges forwards to the wrapped provider if the budget allows.
func (b *Budget) SummarizeEdges(ctx context.Context, in EdgeBatch) (BatchResult, error) {
	var out BatchResult
	_, err := b.call(b.est.EstimateEdges(in), "summarize edges of "+in.files(), func() (Result, error) {
		var err error
		out, err = b.p.SummarizeEdges(ctx, in)
		return Result{Usage: out.Usage}, err
	})
	return out, err
}

// ModuleDoc forwards to the wrapped provider if the budget allows.
func (b *Budget) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	return b.call(b.est.EstimateModule(in), "module doc "+in.Dir, func() (Result, error) {
		return b.p.ModuleDoc(ctx, in)
	})
}

// call admits a call of estimated prompt tokens, runs it and records its
// usage. A call estimated at 0 tokens is free and always admitted.
func (b *Budget) call(estimate int, what string, fn func() (Result, error)) (Result, error) {
	need := 0
	if estimate > 0 {
		need = estimate + b.reserve
	}
	if err := b.admit(need, what); err != nil {
		return Result{}, err
	}
	res, err := fn()
	b.mu.Lock()
	b.pending -= need
	b.used = b.used.Add(res.Usage)
	b.mu.Unlock()
	return res, err
}

// admit reserves need tokens or refuses with ErrBudget.
func (b *Budget) admit(need int, what string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit > 0 && need > 0 && b.used.Tokens()+b.pending+need > b.limit {
		return fmt.Errorf("%s: needs ~%d tokens (prompt estimate and reply reserve) but %d of the %d-token budget are used or in flight: %w",
			what, need, b.used.Tokens()+b.pending, b.limit, ErrBudget)
	}
	if b.usd > 0 && need > 0 {
		// In-flight calls count at their whole estimate; what they paid
		// counts once they return.
		spent := b.price.Cost(b.used) + b.pendingCost()
		if cost := b.costOf(need); spent+cost > b.usd {
			return fmt.Errorf("%s: needs ~$%.4f (prompt estimate and reply reserve) but $%.4f of the $%.4f budget are used or in flight: %w",
				what, cost, spent, b.usd, ErrBudget)
		}
	}
	b.pending += need
	return nil
}

// costOf prices need tokens of which b.reserve are the reply, the rest prompt.
func (b *Budget) costOf(need int) float64 {
	reply := min(b.reserve, need)
	return b.price.Cost(Usage{PromptTokens: need - reply, CompletionTokens: reply})
}

// pendingCost bounds the cost of the calls in flight from above: pending
// holds only their summed need, so all of it is priced at the dearer rate.
func (b *Budget) pendingCost() float64 {
	return float64(b.pending) / 1000 * max(b.price.Prompt, b.price.Completion)
}

// promptEstimator estimates from the untruncated prompts OpenAI would build,
// for providers that are not Estimators.
type promptEstimator struct{}

// EstimateFile estimates a file prompt.
func (promptEstimator) EstimateFile(in FileInput) int { return EstimateTokens(filePrompt(in).text()) }

// EstimateEdge estimates an edge prompt.
func (promptEstimator) EstimateEdge(in EdgeInput) int { return EstimateTokens(edgePrompt(in).text()) }

// EstimateModule estimates a module prompt.
func (promptEstimator) EstimateModule(in ModuleInput) int {
	return EstimateTokens(modulePrompt(in).text())
}

// EstimatePieces estimates a batched piece prompt.
func (promptEstimator) EstimatePieces(in PieceBatch) int {
	if len(in.Pieces) == 0 {
		return 0
	}
	return EstimateTokens(piecePrompt(in).text())
}

// EstimateEdges estimates a batched edge prompt.
func (promptEstimator) EstimateEdges(in EdgeBatch) int {
	if len(in.Edges) == 0 {
		return 0
	}
	return EstimateTokens(edgeBatchPrompt(in).text())
}
