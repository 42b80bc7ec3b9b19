package commands

import (
	"github.com/urfave/cli/v2"
)

func newUpdateCommand(g *Globals) *cli.Command {
	opts := indexOptions{command: "update"}
	return &cli.Command{
		Name:        "update",
		Usage:       "fold the commits since the last index into the graph",
		Description: "Reads the branch's last indexed commit, diffs it against HEAD and runs the phases over what changed. The baseline moves only if the whole run succeeds.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "full", Usage: "rebuild from nothing (cached facts are still reused)", Destination: &opts.full},
			&cli.BoolFlag{Name: "dry-run", Usage: "report what would be done and its estimated cost; publish nothing", Destination: &opts.dryRun},
			&cli.IntFlag{Name: "budget-tokens", Usage: "stop cleanly before spending more than `N` LLM tokens", Destination: &opts.budget},
			&cli.Float64Flag{Name: "budget-usd", Usage: "stop cleanly before spending more than `USD` dollars at the model's price (llm.prices)", Destination: &opts.usd},
			&cli.BoolFlag{Name: "worktree", Usage: "index uncommitted edits as an overlay that reads use until the next commit (no baseline moves)", Destination: &opts.worktree},
			&cli.BoolFlag{Name: "wait", Usage: "wait for another running update instead of exiting with code 5", Destination: &opts.wait},
		},
		Action: func(c *cli.Context) error { return runIndex(c.Context, opts, g) },
	}
}
