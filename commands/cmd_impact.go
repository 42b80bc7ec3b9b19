package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/query"
)

// impactOptions are the options of impact.
type impactOptions struct {
	// target is the TARGET argument: a file path or id, or a symbol.
	target string
	// depth is how many reverse edges to follow (at least 1).
	depth int
	pin   pinOptions
}

func newImpactCommand(g *Globals) *cli.Command {
	var opts impactOptions
	return &cli.Command{
		Name:      "impact",
		Usage:     "transitive dependents of a file or symbol, by distance",
		ArgsUsage: "TARGET",
		Description: "Walks imports, calls, references, extends and implements edges backwards from TARGET, breadth-first, " +
			"and lists each dependent once at its shortest distance, with the edge kinds that carry it. " +
			"A file TARGET starts from the file and all its symbols.\n" + queryExitHelp,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "depth", Value: query.DefaultDepth, Usage: "follow at most `N` edges", Destination: &opts.depth},
		}, pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.target, err = oneArg(c, "TARGET"); err != nil {
				return err
			}
			return runImpact(c.Context, opts, g)
		},
	}
}

func runImpact(ctx context.Context, opts impactOptions, g *Globals) error {
	if opts.depth < 1 {
		return usageError("--depth %d: want 1 or more", opts.depth)
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	id, err := ix.ResolveTarget(repoRelative(v, opts.target))
	if err != nil {
		return resolveError(err)
	}
	res := ix.Impact(id, opts.depth)
	return g.emit(res, v.Fresh, func(w io.Writer) { printImpact(w, res) })
}

func printImpact(w io.Writer, r query.ImpactResult) {
	fmt.Fprintf(w, "impact of %s (depth %d): %s in %s%s\n", nodeText(r.Target), r.Depth,
		plural(r.Total, "dependent"), plural(r.Files, "file"), staleText(r.Target.Mark))
	for _, l := range r.Levels {
		fmt.Fprintf(w, "distance %d: %d\n", l.Distance, len(l.Items))
		for _, it := range l.Items {
			fmt.Fprintf(w, "  %s  %s%s\n", strings.Join(it.Kinds, ","), nodeText(it.NodeRef), staleText(it.Mark))
		}
	}
}
