package commands

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/graph"
)

func newExportCommand(g *Globals) *cli.Command {
	var format, out string
	return &cli.Command{
		Name:        "export",
		Usage:       "write the graph as jsonl, json, dot or graphml",
		Description: "Writes the current branch's published graph, sorted so that equal graphs export byte-equal.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "jsonl", Usage: "jsonl, json, dot or graphml", Destination: &format},
			&cli.StringFlag{Name: "out", Usage: "write to `FILE` instead of standard output", Destination: &out},
		},
		Action: func(c *cli.Context) error { return runExport(c.Context, format, out, g) },
	}
}

func runExport(ctx context.Context, format, out string, g *Globals) error {
	if !slices.Contains(graph.Formats, format) {
		return usageError("--format %q: use one of %s", format, strings.Join(graph.Formats, ", "))
	}
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := v.RequireSnapshot(); err != nil {
		return err
	}
	var w io.Writer = g.Stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return fmt.Errorf("export --out %s: %w", out, err)
		}
		defer f.Close()
		w = f
	}
	return graph.Write(w, graph.Build(v.Snap), format)
}
