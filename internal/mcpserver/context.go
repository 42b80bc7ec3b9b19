package mcpserver

import (
	"context"
	"fmt"

	"github.com/lgraph/lgraph/internal/agentctx"
	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/repomap"
)

// This file defines the tools that answer within a token budget rather
// than a page: context and map.

func contextProps() map[string]property {
	return map[string]property{
		"target": targetProps()["target"],
		"tokens": {Type: "integer", Description: fmt.Sprintf("default %d, at least %d", agentctx.DefaultBudget, agentctx.MinBudget)},
	}
}

type contextArgs struct {
	pinArgs
	Target string `json:"target"`
	Tokens int    `json:"tokens"`
}

func (a *contextArgs) check() error {
	if err := required("target", a.Target); err != nil {
		return err
	}
	return checkTokens(a.Tokens)
}

func checkTokens(n int) error {
	if n != 0 && n < agentctx.MinBudget {
		return usageError("tokens %d: want at least %d", n, agentctx.MinBudget)
	}
	return nil
}

func (s *server) contextTool() spec {
	return define("lgraph_context", "A symbol's or file's source, call sites, callees, tests, shared keys and insights in one answer, "+
		"cut to fit tokens: read this, not files.", contextProps(), s.answerContext)
}

func (s *server) answerContext(ctx context.Context, v *readview.View, a *contextArgs) (any, error) {
	ix := index(v)
	id, err := ix.ResolveWrittenTarget(a.Target)
	if err != nil {
		return nil, err
	}
	res, err := agentctx.Build(ctx, v, ix, id, agentctx.Options{Budget: a.Tokens, Render: asSent[*agentctx.Answer](v), Insights: s.insights(v)})
	if err != nil {
		return nil, err
	}
	return checked(ix, res)
}

// asSent renders a budgeted result as the server sends it, so that the
// budget holds for the text the agent reads.
func asSent[T any](v *readview.View) func(T) string {
	return func(res T) string {
		text, err := encode(answer.Success(res, compactFreshness(v.Fresh)))
		if err != nil {
			return ""
		}
		return string(text)
	}
}

func mapProps() map[string]property {
	return map[string]property{
		"tokens":  {Type: "integer", Description: fmt.Sprintf("default %d, at least %d", repomap.DefaultBudget, repomap.MinBudget)},
		"focus":   {Type: "array", Items: &property{Type: "string"}, Description: "files being worked on"},
		"modules": {Type: "boolean", Description: "rank directories instead"},
	}
}

type mapArgs struct {
	pinArgs
	Tokens  int      `json:"tokens"`
	Focus   []string `json:"focus"`
	Modules bool     `json:"modules"`
}

func (a *mapArgs) check() error { return checkTokens(a.Tokens) }

func mapTool() spec {
	return define("lgraph_map", "The most important definitions (PageRank, personalized to focus files) as signatures by file, "+
		"cut to fit tokens.", mapProps(), answerMap)
}

func answerMap(ctx context.Context, v *readview.View, a *mapArgs) (any, error) {
	ix := index(v)
	var focus []string
	for _, f := range a.Focus {
		id, err := ix.ResolveFile(f)
		if err != nil {
			return nil, err
		}
		focus = append(focus, nodeid.PathOf(id))
	}
	res, err := repomap.Build(ctx, v.Snap, repomap.Options{Budget: a.Tokens, Focus: focus, Modules: a.Modules, Render: asSent[*repomap.Answer](v)})
	if err != nil {
		return nil, err
	}
	return checked(ix, res)
}
