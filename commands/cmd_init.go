package commands

import (
	"github.com/urfave/cli/v2"
)

func newInitCommand(g *Globals) *cli.Command {
	opts := indexOptions{command: "init"}
	var shard string
	return &cli.Command{
		Name:  "init",
		Usage: "index HEAD once",
		Description: "Indexes the commit HEAD names into the store. With --force the store's previous snapshot of the branch is ignored and everything is rebuilt (cached facts are still reused). " +
			"With --shard I/N it parses only slice I of N of HEAD's files and uploads their facts to the team remote, publishing nothing; " +
			"a later init with the remote configured fetches every shard's facts of HEAD and parses none of them again (docs/remote.md, Sharded init).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "rebuild even if the branch is already indexed", Destination: &opts.full},
			&cli.IntFlag{Name: "budget-tokens", Usage: "stop cleanly before spending more than `N` LLM tokens", Destination: &opts.budget},
			&cli.Float64Flag{Name: "budget-usd", Usage: "stop cleanly before spending more than `USD` dollars at the model's price (llm.prices)", Destination: &opts.usd},
			&cli.BoolFlag{Name: "wait", Usage: "wait for another running update instead of exiting with code 5", Destination: &opts.wait},
			&cli.StringFlag{Name: "shard", Usage: "parse slice `I/N` of HEAD's files (1 <= I <= N) into the team remote; publishes nothing", Destination: &shard},
		},
		Action: func(c *cli.Context) error {
			if c.IsSet("shard") {
				// A shard reuses cached facts and calls no model, so these
				// would silently do nothing.
				for _, name := range []string{"force", "budget-tokens", "budget-usd"} {
					if c.IsSet(name) {
						return usageError("--shard parses facts only: --%s does not apply to it", name)
					}
				}
				return runShard(c.Context, shardOptions{shard: shard, wait: opts.wait}, g)
			}
			return runIndex(c.Context, opts, g)
		},
	}
}
