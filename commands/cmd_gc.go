package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/gc"
)

func newGCCommand(g *Globals) *cli.Command {
	var wait bool
	return &cli.Command{
		Name:  "gc",
		Usage: "drop the snapshots, tables, runs and cache entries no live branch needs",
		Description: "Keeps the published snapshot of every branch that still exists (and of a detached HEAD whose commit does), " +
			"the newest gc.keep_runs ledger entries and the runs that published a kept snapshot, and every cache entry a kept snapshot was built from. " +
			"Removes the rest and reports the bytes freed. Reads may run meanwhile; an update may not (exit 5 unless --wait).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "wait", Usage: "wait for a running update instead of exiting 5", Destination: &wait},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("gc takes no arguments")
			}
			return runGC(c.Context, wait, g)
		},
	}
}

func runGC(ctx context.Context, wait bool, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	rep, err := gc.Run(ctx, gc.Options{Store: e.Store, Live: actions.LiveRefs(e.Repo), KeepRuns: e.Config.GC.KeepRuns, Wait: wait, Failpoint: g.failpoint(),
		Warn: func(s string) { g.warnOnce([]string{s}) }})
	if err != nil {
		return err
	}
	return g.emit(rep, nil, func(w io.Writer) { printGC(w, rep) })
}

func printGC(w io.Writer, rep *gc.Report) {
	fmt.Fprintf(w, "kept %s", plural(len(rep.RefsKept), "ref"))
	if len(rep.RefsRemoved) > 0 {
		fmt.Fprintf(w, "; removed %s of branches that are gone: %s", plural(len(rep.RefsRemoved), "ref"), strings.Join(rep.RefsRemoved, ", "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "tables: %d removed (%s)\n", rep.Tables.Removed, bytesText(rep.Tables.Bytes))
	fmt.Fprintf(w, "ledger: %s removed (%s)\n", plural(rep.Runs.Removed, "run"), bytesText(rep.Runs.Bytes))
	fmt.Fprintf(w, "cache entries: %d removed (%s), %d kept\n", rep.Cache.Removed, bytesText(rep.Cache.Bytes), rep.Cache.Kept)
	if rep.Cache.PaidKept > 0 {
		fmt.Fprintf(w, "  %d unused model results kept: %s\n", rep.Cache.PaidKept, rep.Cache.PaidKeptReason)
	}
	fmt.Fprintf(w, "store: %s -> %s, %s freed\n", bytesText(rep.BytesBefore), bytesText(rep.BytesAfter), bytesText(rep.BytesFreed))
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
