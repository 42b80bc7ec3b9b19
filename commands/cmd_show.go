package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
)

// showOptions are the options of show.
type showOptions struct {
	// target is the FILE|SYMBOL argument.
	target string
	list   listOptions
	pin    pinOptions
}

func newShowCommand(g *Globals) *cli.Command {
	var opts showOptions
	return &cli.Command{
		Name:      "show",
		Usage:     "what a file or symbol is, with its edges",
		ArgsUsage: "FILE|SYMBOL",
		Description: "For a symbol: id, kind, path, lines, signature, doc, its file's summary, parent, members and in and out edges. " +
			"For a file: language, size, summary, symbols and the files it depends on and that depend on it, with edge summaries.\n" + queryExitHelp,
		Flags: append(listFlags(&opts.list, true, true), pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.target, err = oneArg(c, "FILE or SYMBOL"); err != nil {
				return err
			}
			return runShow(c.Context, opts, g)
		},
	}
}

func runShow(ctx context.Context, opts showOptions, g *Globals) error {
	page, filter, err := opts.list.pageAndFilter()
	if err != nil {
		return err
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	choice, err := ix.ResolveWrittenTargetChoice(repoRelative(v, opts.target))
	if err != nil {
		return resolveError(err)
	}
	g.noteChoice(opts.target, choice)
	id := choice.ID
	if nodeid.IsFile(id) {
		res := answer.ShapeShowFile(ix.ShowFile(id), filter, page)
		return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printShowFile(w, res) })
	}
	res := answer.ShapeShowSymbol(ix.ShowSymbolWhole(id), filter, page)
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printShowSymbol(w, res) })
}

func printShowSymbol(w io.Writer, s answer.ShowSymbol) {
	lines := where(s.NodeRef)
	if s.EndLine > s.Line {
		lines += fmt.Sprintf("-%d", s.EndLine)
	}
	fmt.Fprintf(w, "%s  %s  %s%s\n", s.ID, s.SymbolKind, lines, staleText(s.Mark))
	printField(w, "signature", s.Signature)
	printField(w, "doc", s.Doc)
	printField(w, "file summary", s.FileSummary)
	if s.Parent != nil {
		fmt.Fprintf(w, "parent: %s\n", nodeText(*s.Parent))
	}
	if s.Members.Total > 0 {
		fmt.Fprintf(w, "members: %d\n", s.Members.Total)
		for _, m := range s.Members.Items {
			fmt.Fprintf(w, "  %-9s %s\n", m.SymbolKind, nodeText(m))
		}
		printMore(w, s.Members)
	}
	printEdgeItems(w, "in", s.In)
	printEdgeItems(w, "out", s.Out)
}

func printEdgeItems(w io.Writer, label string, items answer.List[query.EdgeItem]) {
	fmt.Fprintf(w, "%s: %d\n", label, items.Total)
	for _, e := range items.Items {
		fmt.Fprintf(w, "  %s  %s%s%s\n", e.EdgeKind, nodeText(e.NodeRef), viaText(e.Via), staleText(e.Mark))
	}
	printMore(w, items)
}

func printShowFile(w io.Writer, f answer.ShowFile) {
	fmt.Fprintf(w, "%s  %s  %d bytes%s\n", f.ID, f.Lang, f.Size, staleText(f.Mark))
	printField(w, "doc", f.Doc)
	printField(w, "summary", f.Summary)
	fmt.Fprintf(w, "symbols: %d\n", f.Symbols.Total)
	for _, s := range f.Symbols.Items {
		fmt.Fprintf(w, "  %-9s %s\n", s.SymbolKind, nodeText(s))
	}
	printMore(w, f.Symbols)
	printFileDeps(w, "in", f.In)
	printFileDeps(w, "out", f.Out)
}

func printFileDeps(w io.Writer, label string, deps answer.List[query.FileDep]) {
	fmt.Fprintf(w, "%s: %d\n", label, deps.Total)
	defer printMore(w, deps)
	for _, d := range deps.Items {
		fmt.Fprintf(w, "  %s  %s%s%s\n", d.Path, strings.Join(d.Kinds, ","), viaText(d.Via), staleText(d.Mark))
		if d.Summary != "" {
			fmt.Fprintf(w, "      %s\n", oneLine(d.Summary))
		}
	}
}

// printField prints "label: text", continuing a multi-line text indented.
func printField(w io.Writer, label, text string) {
	if text = strings.TrimSpace(text); text == "" {
		return
	}
	fmt.Fprintf(w, "%s: %s\n", label, strings.ReplaceAll(text, "\n", "\n  "))
}

// oneLine collapses whitespace runs, newlines included, to single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
