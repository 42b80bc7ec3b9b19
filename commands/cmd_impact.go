package commands

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/query"
)

// impactOptions are the options of impact.
type impactOptions struct {
	// target is the TARGET argument: a file path or id, or a symbol.
	target string
	// depth is how many reverse edges to follow (at least 1).
	depth int
	// by is symbol (list every dependent), file or module (sum them).
	by string
	// includeUnresolved lists every unresolved call site, not a few.
	includeUnresolved bool
	list              listOptions
	pin               pinOptions
}

func newImpactCommand(g *Globals) *cli.Command {
	var opts impactOptions
	return &cli.Command{
		Name:      "impact",
		Usage:     "transitive dependents of a file or symbol, by distance",
		ArgsUsage: "TARGET",
		Description: "Walks imports, calls, references, extends, implements and implicit (shared key) edges backwards from TARGET, breadth-first, " +
			"and lists each dependent once at its shortest distance, with the edge kinds that carry it. " +
			"A file TARGET starts from the file and all its symbols. --kind keeps the dependents whose edges to the previous " +
			"distance include that kind; --by file or module sums the dependents per file or directory instead of listing them. " +
			"Calls written with TARGET's name (for a file, its top-level functions' and methods' names) whose receiver's type is unknown " +
			"are counted (unresolved_sites) with a few examples; --include-unresolved lists them all.\n" +
			queryExitHelp,
		Flags: append(append([]cli.Flag{
			&cli.IntFlag{Name: "depth", Value: query.DefaultDepth, Usage: "follow at most `N` edges", Destination: &opts.depth},
			&cli.StringFlag{Name: "by", Value: "symbol", Usage: "symbol (every dependent), file or module (counts per file or directory)", Destination: &opts.by},
			unresolvedFlag(&opts.includeUnresolved),
		}, listFlags(&opts.list, true, true)...), pinFlags(&opts.pin)...),
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
	if !slices.Contains(answer.ImpactBy, opts.by) {
		return usageError("--by %q: use one of %s", opts.by, strings.Join(answer.ImpactBy, ", "))
	}
	page, filter, err := opts.list.pageAndFilter()
	if err != nil {
		return err
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	choice, err := ix.ResolveWrittenTargetChoice(repoRelative(v, opts.target))
	if err != nil {
		return resolveError(err)
	}
	g.noteChoice(opts.target, choice)
	id := choice.ID
	raw := ix.Impact(id, opts.depth)
	unresolved := answer.ShapeUnresolved(raw.Unresolved, filter, opts.includeUnresolved)
	if opts.by != "symbol" {
		res := answer.ShapeImpactGroups(raw, opts.by, filter, page)
		res.Unresolved = unresolved
		return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printImpactGroups(w, res) })
	}
	res := answer.ShapeImpact(raw, filter, page)
	res.Unresolved = unresolved
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printImpact(w, res) })
}

func printImpactHeader[T any](w io.Writer, r answer.Impact[T]) {
	fmt.Fprintf(w, "impact of %s (depth %d): %s in %s%s\n", nodeText(r.Target), r.Depth,
		plural(r.Dependents, "dependent"), plural(r.FileCount, "file"), staleText(r.Target.Mark))
}

func printImpact(w io.Writer, r answer.Impact[answer.ImpactItem]) {
	printImpactHeader(w, r)
	counts := map[int]int{}
	for _, l := range r.Levels {
		counts[l.Distance] = l.Dependents
	}
	distance := 0
	for _, it := range r.Items {
		if it.Distance != distance {
			distance = it.Distance
			fmt.Fprintf(w, "distance %d: %d\n", distance, counts[distance])
		}
		fmt.Fprintf(w, "  %s  %s%s\n", strings.Join(it.Kinds, ","), nodeText(it.NodeRef), staleText(it.Mark))
	}
	printMore(w, r.List)
	printUnresolved(w, r.Unresolved, "dependents")
}

func printImpactGroups(w io.Writer, r answer.Impact[answer.ImpactGroup]) {
	printImpactHeader(w, r)
	fmt.Fprintf(w, "by %s: %d\n", r.By, r.Total)
	for _, gr := range r.Items {
		fmt.Fprintf(w, "  %4d  distance %d  %s  %s\n", gr.Dependents, gr.Distance, gr.Name, strings.Join(gr.Kinds, ","))
	}
	printMore(w, r.List)
	printUnresolved(w, r.Unresolved, "dependents")
}
