package commands

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// callersOptions are the options of callers and callees.
type callersOptions struct {
	// symbol is the SYMBOL argument: a node id, a qualified or a plain name.
	symbol string
	// callees lists what symbol calls instead of who calls it.
	callees bool
	list    listOptions
	pin     pinOptions
}

func newCallersCommand(g *Globals) *cli.Command { return callersCommand(g, false) }
func newCalleesCommand(g *Globals) *cli.Command { return callersCommand(g, true) }

func callersCommand(g *Globals, callees bool) *cli.Command {
	opts := callersOptions{callees: callees}
	name, usage := "callers", "symbols (or files) that call SYMBOL"
	if callees {
		name, usage = "callees", "symbols SYMBOL calls"
	}
	return &cli.Command{
		Name:      name,
		Usage:     usage,
		ArgsUsage: "SYMBOL",
		Description: "Follows calls edges " + map[bool]string{false: "into", true: "out of"}[callees] + " SYMBOL: each item has its id, path and line, " +
			"the names the calls are written with (via) and the lines of the calls (sites).\n" +
			"SYMBOL is a node id (sym:PATH#Name), a qualified name (Server.Get) or a plain name (Get).\n" + queryExitHelp,
		Flags: append(listFlags(&opts.list, false, true), pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.symbol, err = oneArg(c, "SYMBOL"); err != nil {
				return err
			}
			return runCallers(c.Context, opts, g)
		},
	}
}

func runCallers(ctx context.Context, opts callersOptions, g *Globals) error {
	page, filter, err := opts.list.pageAndFilter()
	if err != nil {
		return err
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	id, err := ix.ResolveWrittenSymbol(opts.symbol, query.CallableKinds...)
	if err != nil {
		return resolveError(err)
	}
	raw := ix.Callers(id)
	if opts.callees {
		raw = ix.Callees(id)
	}
	res := answer.ShapeCalls(raw, filter, page)
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printCalls(w, res) })
}

func printCalls(w io.Writer, r answer.Calls) {
	fmt.Fprintf(w, "%s of %s: %d%s\n", r.Direction, nodeText(r.Symbol), r.Total, staleText(r.Symbol.Mark))
	for _, c := range r.Items {
		fmt.Fprintf(w, "  calls  %s%s%s%s%s\n", nodeText(c.NodeRef), viaText(c.Via), sitesText(c.Sites), guessText(c.ResolvedBy), staleText(c.Mark))
	}
	printMore(w, r.List)
}

// guessText marks calls that only a name match resolved.
func guessText(resolvedBy []string) string {
	if len(resolvedBy) == 1 && resolvedBy[0] == snapshot.ByName {
		return "  (name match only)"
	}
	return ""
}

// sitesText renders call-site lines: "  at 4, 5".
func sitesText(lines []int) string {
	if len(lines) == 0 {
		return ""
	}
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = strconv.Itoa(l)
	}
	return "  at " + strings.Join(s, ", ")
}
