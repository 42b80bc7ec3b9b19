package pipeline

import (
	"context"

	"github.com/lgraph/lgraph/llm"
)

// EstimateExplore is the real provider's estimate of an exploration.
func (d *dryProvider) EstimateExplore(in llm.ExploreInput) int {
	if est, ok := d.p.(llm.ExploreEstimator); ok {
		return est.EstimateExplore(in)
	}
	return llm.NewBudget(d.p, 0, 0).EstimateExplore(in)
}

// Explore charges what the exploration would cost and proposes nothing: a
// dry run cannot know what the model would find, and its graph is never
// published.
func (d *dryProvider) Explore(_ context.Context, in llm.ExploreInput) (llm.ExploreResult, error) {
	prompt := d.EstimateExplore(in)
	if prompt == 0 {
		return llm.ExploreResult{}, nil
	}
	return llm.ExploreResult{Usage: llm.Usage{PromptTokens: prompt, CompletionTokens: d.reply, Calls: 1}}, nil
}
