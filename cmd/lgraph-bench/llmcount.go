package main

import (
	"context"
	"fmt"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// llmCount is what one run asked of the model.
type llmCount struct {
	requests, prompt, completion, system int
}

// localstackRequests runs the binary's init on localstack's pinned tree
// against the fake OpenAI-compatible server the pipeline tests use
// (llmtest), into a fresh store, and counts what the server received.
func localstackRequests(ctx context.Context, o options, dir, store string) (aimRow, error) {
	progress("localstack: init against the fake model server")
	srv := llmtest.Start()
	defer srv.Close()
	b := &bench{o: o, repoDir: dir, store: store, env: []string{
		"LGRAPH_LLM_PROVIDER=openai", "LGRAPH_LLM_BASE_URL=" + srv.BaseURL(), "OPENAI_API_KEY=sk-lgraph-bench-fake",
	}}
	if _, err := b.exec(ctx, "init", "--quiet"); err != nil {
		return aimRow{}, fmt.Errorf("localstack init with the fake model server: %w", err)
	}
	return requestsRow(llmCount{requests: srv.Calls(), prompt: srv.PromptTokens(),
		completion: srv.CompletionTokens(), system: srv.SystemTokens()}), nil
}
