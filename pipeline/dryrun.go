package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
)

// A dry run is the real run with two things swapped: the cache keeps its
// writes in memory (cache.Scratch), and a paid provider is replaced by
// estimate, which answers without sending anything. Every phase then
// takes the very decisions the real run would (cache hits, which files and
// edges to redo, which module docs changed), so the counts are the real
// run's rather than a guess made beside it. The offline provider is free
// and exact, so a dry run simply runs it.

// defaultReplyTokens is the completion estimate per call when the ledger
// holds no paid call to learn from: a few sentences of summary.
const defaultReplyTokens = 120

// jsonReplyOverhead is what the {"summary": …} wrapper adds to a reply.
const jsonReplyOverhead = len(`{"summary":""}`)

// dryProvider answers every call with a placeholder of a typical reply's
// length, charging the prompt estimate of exactly what would be sent and
// the completion tokens past calls averaged.
type dryProvider struct {
	p     llm.Provider
	est   llm.Estimator
	reply int // completion tokens per call
}

// dryRunProvider is what a dry run calls instead of p.
func dryRunProvider(p llm.Provider, s *store.Store) llm.Provider {
	if _, free := p.(llm.Offline); free {
		return p
	}
	est, ok := p.(llm.Estimator)
	if !ok {
		est = llm.NewBudget(p, 0, 0) // its estimates are the prompts OpenAI would build
	}
	return &dryProvider{p: p, est: est, reply: replyTokens(s)}
}

// replyTokens averages the completion tokens per answer of the recent runs
// that paid for any: per call, except that a batched call answers each of
// its items (an init packs many files' items into one call, an update few).
func replyTokens(s *store.Store) int {
	runs, _, err := s.Runs(50)
	if err != nil {
		return defaultReplyTokens
	}
	answers, completion := 0, 0
	for _, r := range runs {
		for _, ph := range r.Phases {
			answers += max(ph.Calls, ph.Extra["pieces_summarized"]+ph.Extra["edges_explained"]+ph.Extra["narratives_written"])
			completion += ph.Tokens.Completion
		}
	}
	if answers == 0 || completion == 0 {
		return defaultReplyTokens
	}
	return (completion + answers/2) / answers
}

// ID is the real provider's: cache keys, and so cache hits, are the real run's.
func (d *dryProvider) ID() string { return d.p.ID() }

func (d *dryProvider) EstimateFile(in llm.FileInput) int      { return d.est.EstimateFile(in) }
func (d *dryProvider) EstimateEdge(in llm.EdgeInput) int      { return d.est.EstimateEdge(in) }
func (d *dryProvider) EstimateModule(in llm.ModuleInput) int  { return d.est.EstimateModule(in) }
func (d *dryProvider) EstimatePieces(in llm.PieceBatch) int   { return d.est.EstimatePieces(in) }
func (d *dryProvider) EstimateEdges(in llm.EdgeBatch) int     { return d.est.EstimateEdges(in) }
func (d *dryProvider) EstimateModules(in llm.ModuleBatch) int { return d.est.EstimateModules(in) }

// SummarizePieces answers one placeholder per piece.
func (d *dryProvider) SummarizePieces(_ context.Context, in llm.PieceBatch) (llm.BatchResult, error) {
	items := make([]string, len(in.Pieces))
	for i, p := range in.Pieces {
		items[i] = llm.PieceItem(in.Lang, p)
	}
	return d.batch(d.est.EstimatePieces(in), items), nil
}

// SummarizeEdges answers one placeholder per edge.
func (d *dryProvider) SummarizeEdges(_ context.Context, in llm.EdgeBatch) (llm.BatchResult, error) {
	items := make([]string, len(in.Edges))
	for i, e := range in.Edges {
		items[i] = llm.EdgeItem(e)
	}
	return d.batch(d.est.EstimateEdges(in), items), nil
}

// ModuleDocs answers one placeholder narrative per module.
func (d *dryProvider) ModuleDocs(_ context.Context, in llm.ModuleBatch) (llm.BatchResult, error) {
	items := make([]string, len(in.Modules))
	for i, m := range in.Modules {
		items[i] = llm.ModulePromptText(m)
	}
	return d.batch(d.est.EstimateModules(in), items), nil
}

// batch is one placeholder per item, billed as one call whose reply holds
// a typical sentence per item.
func (d *dryProvider) batch(prompt int, items []string) llm.BatchResult {
	if prompt == 0 {
		return llm.BatchResult{}
	}
	out := llm.BatchResult{Usage: llm.Usage{PromptTokens: prompt, Calls: 1}}
	for _, it := range items {
		r := d.answer(prompt, "item", it)
		out.Texts = append(out.Texts, r.Text)
		out.Usage.CompletionTokens += r.Usage.CompletionTokens
	}
	return out
}

// SummarizeFile answers a placeholder summary.
func (d *dryProvider) SummarizeFile(_ context.Context, in llm.FileInput) (llm.Result, error) {
	return d.answer(d.est.EstimateFile(in), "file", in.Lang, string(in.Content)), nil
}

// SummarizeEdge answers a placeholder explanation.
func (d *dryProvider) SummarizeEdge(_ context.Context, in llm.EdgeInput) (llm.Result, error) {
	return d.answer(d.est.EstimateEdge(in), "edge", in.SourceSummary, in.TargetSummary, strings.Join(in.Kinds, ","), strings.Join(in.Names, ",")), nil
}

// ModuleDoc answers a placeholder doc.
func (d *dryProvider) ModuleDoc(_ context.Context, in llm.ModuleInput) (llm.Result, error) {
	parts := []string{"module", in.Dir}
	for _, m := range in.Members {
		parts = append(parts, m.Summary)
	}
	return d.answer(d.est.EstimateModule(in), parts...), nil
}

// answer is a placeholder unique to its input (a changed file gets a new
// summary, as from a model, so what depends on it is redone) and as long
// as a typical reply (so the prompts built from it are sized right).
func (d *dryProvider) answer(prompt int, input ...string) llm.Result {
	if prompt == 0 {
		return llm.Result{} // refused before sending (a secret file)
	}
	sum := sha256.Sum256([]byte(strings.Join(input, "\x00")))
	text := "dry run " + hex.EncodeToString(sum[:])
	n := max(d.reply*4-jsonReplyOverhead, 8)
	text = strings.Repeat(text, n/len(text)+1)[:n]
	return llm.Result{Text: text, Usage: llm.Usage{PromptTokens: prompt, CompletionTokens: d.reply, Calls: 1}}
}
