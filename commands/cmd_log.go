package commands

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/answer"

	"github.com/lgraph/lgraph/store"
)

func newLogCommand(g *Globals) *cli.Command {
	var list listOptions
	var since, until, branch string
	return &cli.Command{
		Name:      "log",
		Usage:     "the run ledger; with RUN, what that run changed in the knowledge",
		ArgsUsage: "[RUN]",
		Description: "Lists init/update runs, newest first: branch, commits, changes, each phase's mode and reason, tokens, cost and outcome. " +
			"With RUN, the symbols and edges that run added and removed. With --since/--until, the net change in the knowledge over that period.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "limit", Value: 20, Usage: "show at most `N` runs (0: all)", Destination: &list.limit},
			&cli.IntFlag{Name: "offset", Usage: "skip the newest `N` runs", Destination: &list.offset},
			&cli.StringFlag{Name: "since", Usage: "net knowledge change from `TIME` (2026-11-23, RFC 3339, or a duration ago like 48h)", Destination: &since},
			&cli.StringFlag{Name: "until", Usage: "... up to `TIME` (default: now)", Destination: &until},
			&cli.StringFlag{Name: "branch", Usage: "with --since/--until: only runs of `BRANCH`", Destination: &branch},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError("log takes at most one RUN number")
			}
			if since != "" || until != "" {
				return runLogSpan(since, until, branch, g)
			}
			page, err := list.page()
			if err != nil {
				return err
			}
			return runLog(c.Context, c.Args().First(), page, g)
		},
	}
}

// parseWhen reads a date, an RFC 3339 time, or a duration before now.
func parseWhen(flag, s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return now.Add(-d), nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usageError("--%s %q: want a date (2026-11-23), an RFC 3339 time or a duration like 48h", flag, s)
}

func runLogSpan(sinceArg, untilArg, branch string, g *Globals) error {
	now := time.Now().UTC()
	since, until := time.Time{}, now.Add(time.Second)
	var err error
	if sinceArg != "" {
		if since, err = parseWhen("since", sinceArg, now); err != nil {
			return err
		}
	}
	if untilArg != "" {
		if until, err = parseWhen("until", untilArg, now); err != nil {
			return err
		}
	}
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	runs, err := e.Store.Runs(0)
	if err != nil {
		return err
	}
	sp := store.Fold(runs, since, until, branch)
	return g.emit(sp, nil, func(w io.Writer) {
		fmt.Fprintf(w, "%d published runs from %s to %s\n", len(sp.Runs), since.Format(time.RFC3339), until.Format(time.RFC3339))
		printDelta(w, &store.Delta{SymbolsAdded: sp.SymbolsAdded, SymbolsRemoved: sp.SymbolsRemoved,
			EdgesAdded: sp.EdgesAdded, EdgesRemoved: sp.EdgesRemoved, Summaries: sp.Summaries})
	})
}

func runLog(_ context.Context, runArg string, page answer.Page, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	if runArg != "" {
		id, err := strconv.Atoi(runArg)
		if err != nil {
			return usageError("log RUN: want a run number, got %q", runArg)
		}
		r, err := e.Store.ReadRun(id)
		if err != nil {
			return answer.RunError(err)
		}
		return g.emit(r, nil, func(w io.Writer) { printRun(w, r); printDelta(w, r.Knowledge) })
	}
	all, err := e.Store.Runs(0)
	if err != nil {
		return err
	}
	runs := answer.Cut(all, page)
	return g.emit(runs, nil, func(w io.Writer) {
		defer printMore(w, runs)
		for _, r := range runs.Items {
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
	added, removed := max(d.Added, len(d.SymbolsAdded)), max(d.Removed, len(d.SymbolsRemoved))
	fmt.Fprintf(w, "  knowledge: +%d -%d symbols", added, removed)
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
