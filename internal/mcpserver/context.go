package mcpserver

import (
	"context"

	"github.com/lgraph/lgraph/internal/agentctx"
	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/readview"
)

// This file defines the tools that answer within a token budget rather
// than a page: context (and map).

var contextProps = map[string]property{
	"target": {Type: "string", Description: "a symbol (id, qualified or plain name), a file path, or path:line", required: true},
	"tokens": tokensProp(agentctx.DefaultBudget),
}

func tokensProp(def int) property {
	return property{Type: "integer", Minimum: ptr(agentctx.MinBudget), Default: def,
		Description: "spend at most this many tokens (cl100k_base) on the whole answer"}
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

func contextTool() spec {
	return define("lgraph_context", "Everything needed to work on one symbol or file in one answer, within a token budget: "+
		"its exact source, signature and doc, its module's insights, its callers' call sites with the lines around each "+
		"(same module, non-test first), its callees' signatures (a file's: its definitions and dependents), the tests that reach it "+
		"and the keys it shares without an import. Parts are kept in that order while the answer fits tokens; omitted counts the rest. "+
		"Use it instead of reading files.", contextProps, answerContext)
}

func answerContext(ctx context.Context, v *readview.View, a *contextArgs) (any, error) {
	ix := index(v)
	id, err := ix.ResolveWrittenTarget(a.Target)
	if err != nil {
		return nil, err
	}
	res, err := agentctx.Build(ctx, v, ix, id, agentctx.Options{Budget: a.Tokens, Render: asSent[*agentctx.Answer](v)})
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
