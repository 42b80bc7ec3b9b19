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
	if g.JSON && out == "" {
		return usageError("export --json needs --out FILE: the export itself is the output, and --json reports where it went with its freshness")
	}
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := v.RequireSnapshot(); err != nil {
		return err
	}
	gr := graph.Build(v.Snap)
	if out == "" {
		return graph.Write(g.Stdout, gr, format)
	}
	if err := writeExport(out, gr, format); err != nil {
		return err
	}
	res := exportResult{File: out, Format: format, Nodes: len(gr.Nodes), Edges: len(gr.Edges)}
	return g.emit(res, v.Fresh, func(w io.Writer) {
		fmt.Fprintf(w, "wrote %d nodes and %d edges to %s (content root %s)\n", res.Nodes, res.Edges, out, v.Fresh.ContentRoot)
	})
}

// exportResult is export's --json result; the freshness block names the
// tree the file describes.
type exportResult struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Nodes  int    `json:"nodes"`
	Edges  int    `json:"edges"`
}

func writeExport(out string, gr *graph.Graph, format string) error {
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("export --out %s: %w", out, err)
	}
	if err := graph.Write(f, gr, format); err != nil {
		f.Close()
		return fmt.Errorf("export --out %s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("export --out %s: %w", out, err)
	}
	return nil
}
