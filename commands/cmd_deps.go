package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
)

// depsOptions are the options of deps and rdeps.
type depsOptions struct {
	// file is the FILE argument: a repo-relative path or a "file:" id.
	file string
	// reverse lists the files depending on file instead (rdeps).
	reverse bool
	list    listOptions
	pin     pinOptions
}

func newDepsCommand(g *Globals) *cli.Command  { return depsCommand(g, false) }
func newRDepsCommand(g *Globals) *cli.Command { return depsCommand(g, true) }

func depsCommand(g *Globals, reverse bool) *cli.Command {
	opts := depsOptions{reverse: reverse}
	name, usage, desc := "deps", "files FILE depends on", "Lists the files FILE depends on"
	if reverse {
		name, usage, desc = "rdeps", "files that depend on FILE", "Lists the files that depend on FILE"
	}
	return &cli.Command{
		Name:      name,
		Usage:     usage,
		ArgsUsage: "FILE",
		Description: desc + ": imports, calls, references, extends and implements edges between their symbols, " +
			"and implicit edges between files sharing a key (environment variable, config key, topic, route, table), " +
			"each with the edge kinds and the names or keys (via) that carry it, sorted by path. --kind implicit keeps the shared keys alone. " +
			"Items whose file is stale carry stale and suggest.\n" + queryExitHelp,
		Flags: append(listFlags(&opts.list, true, true), pinFlags(&opts.pin)...),
		Action: func(c *cli.Context) error {
			var err error
			if opts.file, err = oneArg(c, "FILE"); err != nil {
				return err
			}
			return runDeps(c.Context, opts, g)
		},
	}
}

func runDeps(ctx context.Context, opts depsOptions, g *Globals) error {
	page, filter, err := opts.list.pageAndFilter()
	if err != nil {
		return err
	}
	v, ix, err := g.openQuery(ctx, opts.pin)
	if err != nil {
		return err
	}
	id, err := ix.ResolveFile(repoRelative(v, opts.file))
	if err != nil {
		return resolveError(err)
	}
	raw := ix.Deps(id)
	if opts.reverse {
		raw = ix.RDeps(id)
	}
	res := answer.ShapeDeps(raw, filter, page)
	return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printDeps(w, res) })
}

func printDeps(w io.Writer, r answer.Deps) {
	fmt.Fprintf(w, "%s of %s: %s%s\n", r.Direction, r.File.Path, plural(r.Total, "file"), staleText(r.File.Mark))
	for _, f := range r.Items {
		fmt.Fprintf(w, "  %s  %s%s%s\n", f.Path, strings.Join(f.Kinds, ","), viaText(f.Via), staleText(f.Mark))
	}
	printMore(w, r.List)
}
