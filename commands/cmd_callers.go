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
	// includeUnresolved lists every unresolved call site, not a few.
	includeUnresolved bool
	list              listOptions
	pin               pinOptions
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
			"the names the calls are written with (via) and the lines of the calls (sites). A call resolved by its name alone is marked (name match only).\n" +
			"Calls the graph could not follow because their receiver's type is unknown are counted (unresolved_sites) with a few examples " +
			map[bool]string{false: "(calls written with SYMBOL's name, where a text search may find more callers)", true: "(calls SYMBOL makes)"}[callees] +
			"; --include-unresolved lists them all.\n" +
			"SYMBOL is a node id (sym:PATH#Name), a qualified name (Server.Get) or a plain name (Get).\n" + queryExitHelp,
		Flags: append(append(listFlags(&opts.list, false, true), unresolvedFlag(&opts.includeUnresolved)), pinFlags(&opts.pin)...),
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
	choice, err := ix.ResolveWrittenSymbolChoice(opts.symbol, query.CallableKinds...)
	if err != nil {
		return resolveError(err)
	}
	g.noteChoice(opts.symbol, choice)
	id := choice.ID
	raw := ix.Callers(id)
	if opts.callees {
		raw = ix.Callees(id)
	}
	res := answer.ShapeCalls(raw, filter, page)
	if opts.includeUnresolved {
		res.Unresolved = answer.ShapeUnresolved(raw.Unresolved, filter, true)
	}
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printCalls(w, res) })
}

func printCalls(w io.Writer, r answer.Calls) {
	fmt.Fprintf(w, "%s of %s: %d%s\n", r.Direction, nodeText(r.Symbol), r.Total, staleText(r.Symbol.Mark))
	for _, c := range r.Items {
		fmt.Fprintf(w, "  calls  %s%s%s%s%s\n", nodeText(c.NodeRef), viaText(c.Via), sitesText(c.Sites), guessText(c.ResolvedBy), staleText(c.Mark))
	}
	printMore(w, r.List)
	what := "callers"
	if r.Direction == "callees" {
		what = "callees"
	}
	printUnresolved(w, r.Unresolved, what)
}

// unresolvedFlag is --include-unresolved.
func unresolvedFlag(dest *bool) cli.Flag {
	return &cli.BoolFlag{Name: "include-unresolved", Usage: "list every call site whose receiver's type is unknown (default: a few examples)", Destination: dest}
}

// printUnresolved says which calls the graph could not follow, so a
// reader knows the answer may be incomplete and where to look: what names
// what they may hide (callers, callees, dependents).
func printUnresolved(w io.Writer, u answer.Unresolved, what string) {
	if u.Sites == 0 {
		return
	}
	fmt.Fprintf(w, "unresolved: %s whose receiver's type is unknown (not in the graph: %s it may miss; search the text to check)\n",
		plural(u.Sites, "call site"), what)
	for _, s := range u.Examples {
		fmt.Fprintf(w, "  %s:%d  %s%s\n", s.Path, s.Line, s.Call, staleText(s.Mark))
	}
	if n := u.More(); n > 0 {
		fmt.Fprintf(w, "  ... %d more: --include-unresolved lists them all\n", n)
	}
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
