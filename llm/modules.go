package llm

import (
	"context"
	"fmt"
)

// Batched module docs: one request carries the narratives of several
// modules, as SummarizePieces carries several definitions. Each module's
// item is exactly the text a single ModuleDoc would send (ModulePromptText),
// so its cache key is unchanged by which modules share its request.

// ModuleBatch is the modules whose narratives one request asks for.
type ModuleBatch struct {
	// Modules are the modules to document, in the order of the reply.
	Modules []ModuleInput
}

// files names the batch's modules, for errors.
func (b ModuleBatch) files() string {
	dirs := make([]string, len(b.Modules))
	for i, m := range b.Modules {
		dirs[i] = moduleName(m.Dir)
	}
	return namePaths(dirs, "")
}

// moduleBatchSystem is the system prompt of batched module docs. Changing it
// requires bumping ModulePromptVersion.
const moduleBatchSystem = "You document modules (directories) of a code base. Each item is one module: " +
	"its files (their main definitions with their doc comments, or a summary) and the modules it mainly " +
	"depends on. For each item write one paragraph on the module's purpose (its files, API and " +
	"dependencies are listed elsewhere); judge each item alone and do not start with a heading. " +
	batchReplyInstruction

// moduleItemReply is the completion room a batched module doc asks per
// module: a paragraph, not the sentence of a piece.
const moduleItemReply = 400

func moduleBatchPrompt(in ModuleBatch) prompt {
	items := make([]string, len(in.Modules))
	for i, m := range in.Modules {
		items[i] = ModulePromptText(m)
	}
	pr := batchPrompt(moduleBatchSystem, items)
	pr.itemReply = moduleItemReply
	return pr
}

// ModuleDocs asks the model for the narrative of each module, in one request.
func (p *OpenAI) ModuleDocs(ctx context.Context, in ModuleBatch) (BatchResult, error) {
	res, err := p.runBatch(ctx, moduleBatchPrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai module docs of %s: %w", in.files(), err)
	}
	return res, nil
}

// EstimateModules estimates the prompt tokens ModuleDocs would send.
func (p *OpenAI) EstimateModules(in ModuleBatch) int {
	if len(in.Modules) == 0 {
		return 0
	}
	return p.estimate(moduleBatchPrompt(in))
}

// EstimateModules estimates a batched module prompt.
func (promptEstimator) EstimateModules(in ModuleBatch) int {
	if len(in.Modules) == 0 {
		return 0
	}
	return EstimateTokens(moduleBatchPrompt(in).text())
}

// EstimateModules returns 0: offline calls are free.
func (Offline) EstimateModules(ModuleBatch) int { return 0 }

// ModuleDocs writes each module's narrative as ModuleDoc does.
func (o Offline) ModuleDocs(ctx context.Context, in ModuleBatch) (BatchResult, error) {
	out := BatchResult{Texts: make([]string, len(in.Modules))}
	for i, m := range in.Modules {
		res, err := o.ModuleDoc(ctx, m)
		if err != nil {
			return out, err
		}
		out.Texts[i] = res.Text
	}
	return out, nil
}

// EstimateModules delegates to the wrapped provider's estimate.
func (b *Budget) EstimateModules(in ModuleBatch) int { return b.est.EstimateModules(in) }

// ModuleDocs forwards to the wrapped provider if the budget allows.
func (b *Budget) ModuleDocs(ctx context.Context, in ModuleBatch) (BatchResult, error) {
	var out BatchResult
	_, err := b.call(b.est.EstimateModules(in), "module docs of "+in.files(), func() (Result, error) {
		var err error
		out, err = b.p.ModuleDocs(ctx, in)
		return Result{Usage: out.Usage}, err
	})
	return out, err
}

// EstimateModules delegates to the wrapped provider's estimate.
func (w metered) EstimateModules(in ModuleBatch) int { return estimatorOf(w.p).EstimateModules(in) }

// ModuleDocs calls the wrapped provider and records the usage.
func (w metered) ModuleDocs(ctx context.Context, in ModuleBatch) (BatchResult, error) {
	res, err := w.p.ModuleDocs(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}
