package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/pipeline"
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
			&cli.StringFlag{Name: "since", Usage: "net knowledge change from `TIME` (a run number, 2026-11-23, RFC 3339, or a duration ago like 48h)", Destination: &since},
			&cli.StringFlag{Name: "until", Usage: "... up to `TIME` or run (default: now)", Destination: &until},
			&cli.StringFlag{Name: "branch", Usage: "with --since/--until: the runs of `BRANCH` (default: the checked-out branch)", Destination: &branch},
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

// spanBound is one end of a span: a run number or a time.
type spanBound struct {
	run  int
	when time.Time
}

// parseBound reads a run number, a date, an RFC 3339 time, or a duration
// before now.
func parseBound(flag, s string, now time.Time) (spanBound, error) {
	if id, err := strconv.Atoi(s); err == nil && id > 0 {
		return spanBound{run: id}, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		return spanBound{when: now.Add(-d)}, nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return spanBound{when: t}, nil
		}
	}
	return spanBound{}, usageError("--%s %q: want a run number, a date (2026-11-23), an RFC 3339 time or a duration like 48h", flag, s)
}

// spanWindow turns --since/--until into a window, refusing a span that
// ends before it starts or names a run the ledger does not hold.
func spanWindow(s *store.Store, sinceArg, untilArg string) (store.Window, error) {
	now := time.Now().UTC()
	w := store.Window{Until: now.Add(time.Second)}
	for _, b := range []struct {
		flag, arg string
		run       *int
		when      *time.Time
	}{{"since", sinceArg, &w.FromRun, &w.Since}, {"until", untilArg, &w.ToRun, &w.Until}} {
		if b.arg == "" {
			continue
		}
		v, err := parseBound(b.flag, b.arg, now)
		if err != nil {
			return w, err
		}
		if v.run == 0 {
			*b.when = v.when
			continue
		}
		r, err := knownRun(s, v.run)
		if err != nil {
			return w, err
		}
		*b.run = v.run
		if b.flag == "since" {
			w.Since = r.Started
		} else {
			w.Until = r.Started.Add(time.Nanosecond)
		}
	}
	if !w.Since.Before(w.Until) || (w.FromRun != 0 && w.ToRun != 0 && w.FromRun > w.ToRun) {
		return w, usageError("--since %s is not before --until %s: swap them", sinceArg, untilArg)
	}
	return w, nil
}

// knownRun reads a ledger entry; a run the ledger does not hold is a
// usage error that says whether gc removed it.
func knownRun(s *store.Store, id int) (*store.Run, error) {
	r, err := s.ReadRun(id)
	if err == nil {
		return r, nil
	}
	if p, perr := s.LedgerPruned(); perr == nil && p != nil && id <= p.Run {
		return nil, usageError("run %d was removed from the ledger by lgraph gc (it keeps gc.keep_runs runs): see lgraph log", id)
	}
	if ids, _, lerr := s.Runs(1); lerr == nil && (len(ids) == 0 || id > ids[0].ID) && !damaged(err) {
		return nil, usageError("no run %d in the ledger: see lgraph log", id)
	}
	return nil, err
}

// damaged reports an error about a ledger entry that exists but cannot be
// read.
func damaged(err error) bool {
	var d *store.DamagedRun
	return errors.As(err, &d)
}

func runLogSpan(sinceArg, untilArg, branch string, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	w, err := spanWindow(e.Store, sinceArg, untilArg)
	if err != nil {
		return err
	}
	if w.Branch = branch; branch == "" {
		if head, err := e.Repo.Head(); err == nil {
			w.Branch = pipeline.RefName(head)
		}
	}
	runs, bad, err := e.Store.Runs(0)
	if err != nil {
		return err
	}
	g.warnOnce(store.Warnings(bad))
	pruned, err := e.Store.LedgerPruned()
	if err != nil {
		return err
	}
	sp := store.Fold(runs, w, pruned)
	return g.emit(sp, nil, func(out io.Writer) { printSpan(out, sp) })
}

func printSpan(w io.Writer, sp *store.Span) {
	fmt.Fprintf(w, "%s of %s from %s to %s\n", plural(len(sp.Runs), "published run"), sp.Branch, sp.Since.Format(time.RFC3339), sp.Until.Format(time.RFC3339))
	if sp.CountsFrom != nil {
		fmt.Fprintf(w, "  counted from run %d: %s\n", sp.CountsFrom.Run, sp.CountsFrom.Reason)
	}
	for _, why := range sp.TruncatedBecause {
		fmt.Fprintf(w, "  truncated: %s\n", why)
	}
	printDelta(w, &store.Delta{SymbolsAdded: sp.SymbolsAdded, SymbolsRemoved: sp.SymbolsRemoved,
		EdgesAdded: sp.EdgesAdded, EdgesRemoved: sp.EdgesRemoved, Summaries: sp.Summaries})
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
		r, err := knownRun(e.Store, id) // a run the ledger lacks: a usage error, as in spans
		if err != nil {
			return err
		}
		return g.emit(r, nil, func(w io.Writer) { printRun(w, r); printDelta(w, r.Knowledge) })
	}
	all, bad, err := e.Store.Runs(0)
	if err != nil {
		return err
	}
	g.warnOnce(store.Warnings(bad))
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
