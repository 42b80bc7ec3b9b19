package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/verify"
)

func newVerifyCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:        "verify",
		Usage:       "rebuild the indexed commit in a scratch store and compare (exit 0, or 4 on drift)",
		Description: "Rebuilds the branch's indexed commit from nothing in a scratch store and compares node, edge, summary and module-doc sets with the published graph, printing every divergent item by kind and direction (missing: only the rebuild has it; stale: only the published graph has it). With --json, drift is ok false, error code drift, and the divergent items in result.",
		Action:      func(c *cli.Context) error { return runVerify(c.Context, g) },
	}
}

func runVerify(ctx context.Context, g *Globals) error {
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	res, err := actions.Verify(ctx, v, g.Getenv)
	if err != nil {
		return err
	}
	if !res.Drift {
		return g.emit(res, v.Fresh, func(w io.Writer) { printVerify(w, res) })
	}
	return g.fail(res, v.Fresh, actions.DriftError(res), func(w io.Writer) { printVerify(w, res) })
}

func printVerify(w io.Writer, r actions.VerifyResult) {
	fmt.Fprintf(w, "verify %s at %s: compared %d nodes, %d edges, %d summaries, %d module docs\n", r.Branch, short(r.Commit),
		r.Compared[verify.Nodes], r.Compared[verify.Edges], r.Compared[verify.Summaries], r.Compared[verify.ModuleDocs])
	if !r.Drift {
		fmt.Fprintln(w, "no drift: the published graph equals a rebuild")
		return
	}
	for _, d := range r.Items {
		fmt.Fprintf(w, "  %-7s %-10s %s\n", d.Direction, d.Category, d.Item)
	}
	fmt.Fprintf(w, "drift: %d divergent items; run lgraph update --full to rebuild\n", r.Total)
}
