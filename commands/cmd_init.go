package commands

import (
	"github.com/urfave/cli/v2"
)

func newInitCommand(g *Globals) *cli.Command {
	opts := indexOptions{command: "init"}
	return &cli.Command{
		Name:        "init",
		Usage:       "index HEAD once",
		Description: "Indexes the commit HEAD names into the store. With --force the store's previous snapshot of the branch is ignored and everything is rebuilt (cached facts are still reused).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "rebuild even if the branch is already indexed", Destination: &opts.full},
			&cli.IntFlag{Name: "budget-tokens", Usage: "stop cleanly before spending more than `N` LLM tokens", Destination: &opts.budget},
			&cli.Float64Flag{Name: "budget-usd", Usage: "stop cleanly before spending more than `USD` dollars at the model's price (llm.prices)", Destination: &opts.usd},
			&cli.BoolFlag{Name: "wait", Usage: "wait for another running update instead of exiting with code 5", Destination: &opts.wait},
		},
		Action: func(c *cli.Context) error { return runIndex(c.Context, opts, g) },
	}
}
