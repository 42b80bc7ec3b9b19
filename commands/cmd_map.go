package commands

import (
	"context"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/repomap"
)

// mapOptions are the options of map.
type mapOptions struct {
	// tokens is the budget.
	tokens int
	// focus are the files being worked on, as given.
	focus   []string
	modules bool
	pin     pinOptions
}

func newMapCommand(g *Globals) *cli.Command {
	var opts mapOptions
	var focus cli.StringSlice
	return &cli.Command{
		Name:      "map",
		Usage:     "the repository's most important definitions, ranked, as signatures by file within a token budget",
		ArgsUsage: "[FILE...]",
		Description: "Ranks every definition by PageRank over the symbol graph (calls, references, extends, implements, imports, contains) and prints the best ranked " +
			"as signatures grouped by file, as many as fit --tokens (cl100k_base, counted over the output as printed or as the --json envelope). " +
			"With --focus FILE (repeatable, or FILE arguments), rank is personalized to those files, as Aider's map is to the files in a chat: what they use ranks first, " +
			"and their own definitions are left out. Definitions in test files and fields are left out. --modules ranks directories instead, with each one's best definitions, for a first look at a large repository.\n" + queryExitHelp,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "tokens", Value: repomap.DefaultBudget, Usage: "spend at most `N` tokens on the map", Destination: &opts.tokens},
			&cli.StringSliceFlag{Name: "focus", Usage: "personalize the rank to `FILE` (repeatable)", Destination: &focus},
			&cli.BoolFlag{Name: "modules", Usage: "rank directories instead of definitions", Destination: &opts.modules},
		}, pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			if opts.tokens < repomap.MinBudget {
				return usageError("--tokens %d: want at least %d", opts.tokens, repomap.MinBudget)
			}
			opts.focus = append(focus.Value(), c.Args().Slice()...)
			return runMap(c.Context, opts, g)
		},
	}
}

func runMap(ctx context.Context, opts mapOptions, g *Globals) error {
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	var focus []string
	for _, f := range opts.focus {
		id, err := ix.ResolveFile(repoRelative(v, f))
		if err != nil {
			return resolveError(err)
		}
		focus = append(focus, ix.ShowFile(id).Path)
	}
	render := repomap.Text
	if g.JSON {
		render = func(a *repomap.Answer) string { return indentedEnvelope(answer.Success(a, v.Fresh)) }
	}
	a, err := repomap.Build(ctx, v.Snap, repomap.Options{Budget: opts.tokens, Focus: focus, Modules: opts.modules, Render: render})
	if err != nil {
		return err
	}
	return g.emitQuery(ix, a, v.Fresh, func(w io.Writer) { io.WriteString(w, repomap.Text(a)) })
}
