package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/remote"
)

func newPullCommand(g *Globals) *cli.Command {
	opts := actions.PullOptions{}
	return &cli.Command{
		Name:  "pull",
		Usage: "start this clone's index from the team remote's nearest snapshot",
		Description: "Looks back along HEAD's first-parent history for the nearest commit the team remote holds a snapshot of, made by this lgraph with these settings, " +
			"downloads it, checks every object against its hash and the snapshot against its content root and the commit's tree, and publishes it as the branch's baseline. " +
			"A local index at least as near is kept. Then lgraph update indexes HEAD from there.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Usage: fmt.Sprintf("look back at most `N` first-parent commits (default %d)", remote.DefaultDepth), Destination: &opts.Depth},
			&cli.BoolFlag{Name: "wait", Usage: "wait for another running update instead of exiting with code 5", Destination: &opts.Wait},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("pull takes no arguments")
			}
			if opts.Depth < 0 {
				return usageError("--depth %d: give a positive number of commits", opts.Depth)
			}
			opts.Getenv = g.Getenv
			return runPull(c.Context, opts, g)
		},
	}
}

func runPull(ctx context.Context, opts actions.PullOptions, g *Globals) error {
	e, err := g.open(true, nil)
	if err != nil {
		return err
	}
	rep, err := actions.Pull(ctx, e, opts)
	if err != nil {
		return err
	}
	return g.emit(rep, nil, func(w io.Writer) { printPull(w, rep) })
}

func printPull(w io.Writer, rep *remote.PullReport) {
	if !rep.Found {
		fmt.Fprintf(w, "nothing pulled from %s: %s\n", rep.Remote, rep.Reason)
		return
	}
	fmt.Fprintf(w, "pulled the snapshot of %s into %s from %s\n", short(rep.Commit), rep.Branch, rep.Remote)
	printTransfer(w, "downloaded", rep.Transfer)
	fmt.Fprintf(w, "  content root: %s (checked)\n", rep.ContentRoot)
	if rep.Distance > 0 {
		fmt.Fprintf(w, "  HEAD is %s ahead: run lgraph update\n", plural(rep.Distance, "commit"))
	}
}
