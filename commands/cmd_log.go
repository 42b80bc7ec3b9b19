package commands

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/store"
)

func newLogCommand(g *Globals) *cli.Command {
	var limit int
	return &cli.Command{
		Name:        "log",
		Usage:       "the run ledger; with RUN, what that run changed in the knowledge",
		ArgsUsage:   "[RUN]",
		Description: "Lists init/update runs, newest first: branch, commits, changes, each phase's mode and reason, tokens, cost and outcome.",
		Flags:       []cli.Flag{&cli.IntFlag{Name: "limit", Value: 20, Usage: "show at most `N` runs (0: all)", Destination: &limit}},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError("log takes at most one RUN number")
			}
			return runLog(c.Context, c.Args().First(), limit, g)
		},
	}
}

func runLog(_ context.Context, runArg string, limit int, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	if runArg != "" {
		id, err := strconv.Atoi(runArg)
		if err != nil {
			return usageError("log RUN: want a run number, got %q", runArg)
		}
		r, err := e.store.ReadRun(id)
		if err != nil {
			return err
		}
		return g.emit(r, nil, func(w io.Writer) { printRun(w, r); printDelta(w, r.Knowledge) })
	}
	runs, err := e.store.Runs(limit)
	if err != nil {
		return err
	}
	if runs == nil {
		runs = []*store.Run{}
	}
	return g.emit(runs, nil, func(w io.Writer) {
		for _, r := range runs {
			from := "-"
			if r.From != nil {
				from = short(*r.From)
			}
			c := r.Changes
			fmt.Fprintf(w, "%4d  %s  %-6s %-14s %s..%s  A%d M%d D%d R%d  %-14s %dms\n", r.ID, r.Started.Format("2006-01-02 15:04"),
				r.Command, r.Branch, from, short(r.To), c.Added, c.Modified, c.Deleted, c.Renamed, r.Outcome, r.MS)
		}
	})
}

func printDelta(w io.Writer, d *store.Delta) {
	if d == nil {
		return
	}
	fmt.Fprintf(w, "  knowledge: +%d -%d symbols", len(d.SymbolsAdded), len(d.SymbolsRemoved))
	for _, k := range sortedKeys(d.EdgesAdded) {
		fmt.Fprintf(w, ", +%d %s", d.EdgesAdded[k], k)
	}
	for _, k := range sortedKeys(d.EdgesRemoved) {
		fmt.Fprintf(w, ", -%d %s", d.EdgesRemoved[k], k)
	}
	fmt.Fprintln(w)
	for _, s := range d.SymbolsAdded {
		fmt.Fprintf(w, "    + %s\n", s)
	}
	for _, s := range d.SymbolsRemoved {
		fmt.Fprintf(w, "    - %s\n", s)
	}
}
