package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/query"
)

// searchOptions are the options of search.
type searchOptions struct {
	// text is the TEXT argument, matched against names.
	text string
	// limit is how many hits to print (0: all).
	limit int
	pin   pinOptions
}

func newSearchCommand(g *Globals) *cli.Command {
	var opts searchOptions
	return &cli.Command{
		Name:      "search",
		Usage:     "find symbols and files by name",
		ArgsUsage: "TEXT",
		Description: "Matches TEXT against symbol names (simple and qualified) and file names (base name and path), " +
			"ranked: exact, exact ignoring case, prefix, substring, then fuzzy (the letters in order, fewest gaps first); " +
			"ties by name, then id.\n" + queryExitHelp,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "limit", Value: query.DefaultLimit, Usage: "show at most `N` hits (0: all)", Destination: &opts.limit},
		}, pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.text, err = oneArg(c, "TEXT"); err != nil {
				return err
			}
			return runSearch(c.Context, opts, g)
		},
	}
}

func runSearch(ctx context.Context, opts searchOptions, g *Globals) error {
	if opts.limit < 0 {
		return usageError("--limit %d: want 0 (all) or more", opts.limit)
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	res := ix.Search(opts.text, opts.limit)
	return g.emit(res, v.Fresh, func(w io.Writer) { printSearch(w, res) })
}

func printSearch(w io.Writer, r query.SearchResult) {
	fmt.Fprintf(w, "search %q: %s", r.Query, plural(r.Total, "hit"))
	if len(r.Items) < r.Total {
		fmt.Fprintf(w, " (showing %d)", len(r.Items))
	}
	fmt.Fprintln(w)
	for _, h := range r.Items {
		kind := h.SymbolKind
		if kind == "" {
			kind = h.Kind
		}
		fmt.Fprintf(w, "  %-10s %-9s %s%s\n", h.Match, kind, nodeText(h.NodeRef), staleText(h.Mark))
	}
}
