package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/remote"
)

func newPushCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:  "push",
		Usage: "upload the branch's published index to the team remote",
		Description: "Uploads what the team remote (remote setting, LGRAPH_REMOTE or --remote URL) lacks of the published snapshot of HEAD's branch: " +
			"its tables, its manifest, the commit's snapshot entry and a branch pointer entry, in that order, so an interrupted push leaves the remote consistent. " +
			"A second push of the same commit uploads nothing. CI runs it after lgraph update; see docs/remote.md.",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("push takes no arguments")
			}
			return runPush(c.Context, g)
		},
	}
}

func runPush(ctx context.Context, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	rep, err := actions.Push(ctx, e)
	if err != nil {
		return err
	}
	return g.emit(rep, nil, func(w io.Writer) { printPush(w, rep) })
}

func printPush(w io.Writer, rep *remote.PushReport) {
	fmt.Fprintf(w, "pushed %s at %s to %s\n", rep.Branch, short(rep.Commit), rep.Remote)
	printTransfer(w, "uploaded", rep.Transfer)
	switch {
	case rep.SnapshotNew:
		fmt.Fprintf(w, "  snapshot of %s published; branch pointer #%d\n", short(rep.Commit), rep.HeadSeq)
	default:
		fmt.Fprintf(w, "  the remote already held a snapshot of %s; branch pointer #%d\n", short(rep.Commit), rep.HeadSeq)
	}
}

func printTransfer(w io.Writer, verb string, t remote.Transfer) {
	fmt.Fprintf(w, "  %s %s (%s); %s already there (%s)\n", verb, plural(t.ObjectsMoved, "object"), bytesText(t.BytesMoved),
		plural(t.ObjectsSkipped, "object"), bytesText(t.BytesSkipped))
}
