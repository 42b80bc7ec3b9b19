package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/agentctx"
	"github.com/lgraph/lgraph/internal/answer"
)

// contextOptions are the options of context.
type contextOptions struct {
	// target is the SYMBOL|FILE|PATH:LINE argument.
	target string
	// tokens is the budget (0: agentctx.DefaultBudget).
	tokens int
	pin    pinOptions
}

func newContextCommand(g *Globals) *cli.Command {
	var opts contextOptions
	return &cli.Command{
		Name:      "context",
		Usage:     "a symbol's or file's code, callers, callees, tests and couplings in one answer, within a token budget",
		ArgsUsage: "SYMBOL|FILE|PATH:LINE",
		Description: "Everything needed to work on one target in one answer: its exact source (from the indexed blob, or the working tree an overlay indexed), " +
			"signature and doc, its module's insights, the call sites of its callers with the lines around each (same module first, then non-test, then resolved by more than a name), " +
			"its callees' signatures (a file's: its definitions and the files depending on it), the tests that reach it and the keys it shares without an import. " +
			"Parts are kept in that rank order while the whole answer, counted in cl100k_base tokens as printed (or as the --json envelope), fits --tokens; what was left out is listed.\n" + queryExitHelp,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "tokens", Value: agentctx.DefaultBudget, Usage: "spend at most `N` tokens on the answer", Destination: &opts.tokens},
		}, pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.target, err = oneArg(c, "SYMBOL, FILE or PATH:LINE"); err != nil {
				return err
			}
			if opts.tokens < agentctx.MinBudget {
				return usageError("--tokens %d: want at least %d", opts.tokens, agentctx.MinBudget)
			}
			return runContext(c.Context, opts, g)
		},
	}
}

func runContext(ctx context.Context, opts contextOptions, g *Globals) error {
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	id, err := ix.ResolveWrittenTarget(repoRelative(v, opts.target))
	if err != nil {
		return resolveError(err)
	}
	render := agentctx.Text
	if g.JSON {
		render = func(a *agentctx.Answer) string { return indentedEnvelope(answer.Success(a, v.Fresh)) }
	}
	a, err := agentctx.Build(ctx, v, ix, id, agentctx.Options{Budget: opts.tokens, Render: render,
		Insights: func(module string) []string { return wikiPages{}.Insights(v, module) }})
	if err != nil {
		return err
	}
	return g.emitQuery(ix, a, v.Fresh, func(w io.Writer) { io.WriteString(w, agentctx.Text(a)) })
}

// indentedEnvelope is an envelope as --json prints it.
func indentedEnvelope(e answer.Envelope) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(e); err != nil {
		return ""
	}
	return buf.String()
}
