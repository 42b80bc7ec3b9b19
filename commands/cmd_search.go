package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
)

// searchOptions are the options of search.
type searchOptions struct {
	// text is the TEXT argument, matched against names.
	text string
	// kind keeps hits of these node or symbol kinds (file, function...).
	kind string
	list listOptions
	pin  pinOptions
}

func newSearchCommand(g *Globals) *cli.Command {
	var opts searchOptions
	return &cli.Command{
		Name:      "search",
		Usage:     "find symbols and files by name, then by the words of their names, docs and summaries",
		ArgsUsage: "TEXT",
		Description: "Matches TEXT against symbol names (simple and qualified) and file names (base name and path), " +
			"ranked: exact, exact ignoring case, prefix, substring, then fuzzy (the letters in order, fewest gaps first); " +
			"ties by name, then id. Then, marked words, the symbols and files whose name, doc comment or summary share words with TEXT " +
			"(names split at case changes and underscores, English stop words dropped, words stemmed: \"url for\" finds url_for), " +
			"ranked by BM25, a name's words weighing three times a doc's.\n" + queryExitHelp,
		Flags: append(append(listFlags(&opts.list, false, true),
			&cli.StringFlag{Name: "kind", Usage: "only hits of kind `K` (comma-separated: file, function, method, class, struct, interface...)", Destination: &opts.kind},
		), pinFlags(&opts.pin)...),
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
	page, err := opts.list.page()
	if err != nil {
		return err
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	res := answer.ShapeSearch(ix.SearchText(opts.text), splitList(opts.kind), opts.list.noTests, page)
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printSearch(w, res) })
}

func printSearch(w io.Writer, r answer.Search) {
	fmt.Fprintf(w, "search %q: %s", r.Query, plural(r.Total, "hit"))
	if len(r.Items) < r.Total {
		fmt.Fprintf(w, " (showing %d)", len(r.Items))
	}
	fmt.Fprintln(w)
	defer printMore(w, r.List)
	for _, h := range r.Items {
		kind := h.SymbolKind
		if kind == "" {
			kind = h.Kind
		}
		fmt.Fprintf(w, "  %-10s %-9s %s%s\n", h.Match, kind, nodeText(h.NodeRef), staleText(h.Mark))
	}
}
