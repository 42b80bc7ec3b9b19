package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/graph"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/safefile"
)

// exportOptions are the options of export.
type exportOptions struct {
	format, out string
	// view selects the level, edge kinds and neighbourhood to export.
	view graph.ViewOptions
	kind string
}

func newExportCommand(g *Globals) *cli.Command {
	var opts exportOptions
	return &cli.Command{
		Name:  "export",
		Usage: "write the graph as jsonl, json, dot, graphml or mermaid",
		Description: "Writes the current branch's published graph, sorted so that equal graphs export byte-equal. " +
			"--level file or module lifts every edge to the files or directories of its ends (a picture of a large repository " +
			"that renders); --focus NODE --depth N keeps one node's neighbourhood; --kind keeps some edge kinds.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "jsonl", Usage: "jsonl, json, dot, graphml or mermaid", Destination: &opts.format},
			&cli.StringFlag{Name: "out", Usage: "write to `FILE` instead of standard output", Destination: &opts.out},
			&cli.StringFlag{Name: "level", Value: "symbol", Usage: "symbol (everything), file or module", Destination: &opts.view.Level},
			&cli.StringFlag{Name: "focus", Usage: "only the neighbourhood of `NODE` (an id, a path or a module directory)", Destination: &opts.view.Focus},
			&cli.IntFlag{Name: "depth", Value: 1, Usage: "with --focus: nodes at most `N` edges away", Destination: &opts.view.Depth},
			&cli.StringFlag{Name: "kind", Usage: "only edges of kind `K` (comma-separated)", Destination: &opts.kind},
		},
		Action: func(c *cli.Context) error { return runExport(c.Context, opts, g) },
	}
}

func runExport(ctx context.Context, opts exportOptions, g *Globals) error {
	if !slices.Contains(graph.Formats, opts.format) {
		return usageError("--format %q: use one of %s", opts.format, strings.Join(graph.Formats, ", "))
	}
	if g.JSON && opts.out == "" {
		return usageError("export --json needs --out FILE: the export itself is the output, and --json reports where it went with its freshness")
	}
	kinds, err := answer.ParseKinds(opts.kind)
	if err != nil {
		return usageError("--%v", err)
	}
	opts.view.Kinds = kinds
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := enforce(v, pinOptions{}); err != nil {
		return err
	}
	write, err := exportWriter(v, opts)
	if err != nil {
		return err
	}
	if opts.out == "" {
		_, err := write(g.Stdout)
		return err
	}
	c, err := writeExport(opts.out, write)
	if err != nil {
		return err
	}
	res := exportResult{File: opts.out, Format: opts.format, Level: opts.view.Level, Nodes: c.Nodes, Edges: c.Edges}
	return g.emit(res, v.Fresh, func(w io.Writer) {
		fmt.Fprintf(w, "wrote %d nodes and %d edges to %s (content root %s)\n", res.Nodes, res.Edges, opts.out, v.Fresh.ContentRoot)
	})
}

// exportResult is export's --json result; the freshness block names the
// tree the file describes.
type exportResult struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Level  string `json:"level"`
	Nodes  int    `json:"nodes"`
	Edges  int    `json:"edges"`
}

// exportWriter returns what writes the export. The whole graph (symbol
// level, no focus) in a line or JSON format is streamed: encoded as read
// and sorted on disk beside the store's tables, where building it held 2
// GB at 100,000 files. A file or module level is lifted as the records are
// read (graph.Lift), keeping only the lifted graph, and a symbol's
// neighbourhood is built from the records near it (graph.Near). Only a
// DOT, GraphML or Mermaid picture of every symbol builds the graph whole.
func exportWriter(v *view, opts exportOptions) (func(io.Writer) (graph.Counts, error), error) {
	level := opts.view.Level
	whole := (level == "" || level == "symbol") && opts.view.Focus == ""
	if whole && slices.Contains(graph.StreamFormats, opts.format) {
		scratch := exportScratch(v)
		return func(w io.Writer) (graph.Counts, error) {
			return graph.Stream(v.Snap, w, opts.format, opts.view.Kinds, scratch)
		}, nil
	}
	gr, err := exportGraph(v, opts.view)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer) (graph.Counts, error) {
		return graph.Counts{Nodes: len(gr.Nodes), Edges: len(gr.Edges)}, graph.Write(w, gr, opts.format)
	}, nil
}

// exportGraph is the part of the published graph o selects, held whole.
func exportGraph(v *view, o graph.ViewOptions) (*graph.Graph, error) {
	ix := query.New(v.Snap, v.Staleness)
	if o.Level == "file" || o.Level == "module" {
		lifted, err := graph.Lift(v.Snap, o.Level, o.Kinds)
		if err == nil {
			return exportFocus(o, ix, func(o graph.ViewOptions) (*graph.Graph, error) {
				if o.Focus == "" {
					return lifted, nil
				}
				return lifted.Focus(o.Focus, o.Level, o.Depth)
			})
		}
		if !errors.Is(err, graph.ErrStray) {
			return nil, err
		}
	}
	if (o.Level == "" || o.Level == "symbol") && o.Focus != "" {
		near, err := graph.NewNear(v.Snap)
		if err != nil {
			return nil, err
		}
		return exportFocus(o, ix, near.View)
	}
	built := graph.Build(v.Snap)
	if err := v.Snap.Files.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w", err)
	}
	return exportFocus(o, ix, built.View)
}

// exportScratch is where a streamed export sorts: the store's scratch
// directory, on the disk beside the tables, when this process may write
// there (a reader of a store it does not own may not), else the system's
// temporary directory.
func exportScratch(v *view) string {
	if v.Env != nil && v.Env.Store != nil {
		dir := v.Env.Store.ScratchDir()
		if f, err := os.CreateTemp(dir, ".export-probe-*"); err == nil {
			f.Close()
			os.Remove(f.Name())
			return dir
		}
	}
	return os.TempDir()
}

// writeExport writes the export to out through safefile: a link at out is
// replaced rather than written through, a linked directory on the way is
// refused, and a failed export leaves what was at out as it was.
func writeExport(out string, write func(io.Writer) (graph.Counts, error)) (graph.Counts, error) {
	var c graph.Counts
	err := safefile.Write(filepath.Dir(out), filepath.Base(out), func(w io.Writer) error {
		var err error
		c, err = write(w)
		return err
	})
	if err != nil {
		return c, fmt.Errorf("export --out %s: %w", out, err)
	}
	return c, nil
}

// exportFocus is the view of the graph an export shows. --focus takes a
// name as every other command does: a focus that is no node id, indexed
// path or module directory is resolved as a written file or symbol
// ("url_for", "app.py", "Server.Get"), and an unknown or ambiguous name is
// the error those commands give.
func exportFocus(o graph.ViewOptions, ix *query.Index, view func(graph.ViewOptions) (*graph.Graph, error)) (*graph.Graph, error) {
	out, err := view(o)
	if !errors.Is(err, graph.ErrNoFocus) || nodeid.IsFile(o.Focus) || nodeid.IsSymbol(o.Focus) || nodeid.IsModule(o.Focus) {
		if err != nil {
			return nil, usageError("--%v", err)
		}
		return out, nil
	}
	id, rerr := ix.ResolveWrittenTarget(o.Focus)
	if rerr != nil {
		return nil, resolveError(fmt.Errorf("--focus: %w", rerr))
	}
	o.Focus = id
	if out, err = view(o); err != nil {
		return nil, usageError("--%v", err)
	}
	return out, nil
}
