package commands

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/readview"
)

// view is a read command's graph with its freshness.
type view = readview.View

// openView loads the published snapshot of the current branch and its
// freshness block. Readers never open the writer's cache.
func (g *Globals) openView(ctx context.Context) (*view, error) {
	v, err := g.loadView(ctx)
	if err != nil {
		return nil, err
	}
	g.freshness = v.Fresh
	return v, nil
}

// loadView opens the view: in the warm process, the kept one.
func (g *Globals) loadView(ctx context.Context) (*view, error) {
	if g.keep != nil {
		return g.keep.view(ctx, g)
	}
	e, err := g.open(false, nil)
	if err != nil {
		return nil, err
	}
	return readview.Open(ctx, e)
}

// pinOptions are the read flags that refuse an answer about the wrong tree.
type pinOptions = readview.Pin

// pinFlags are accepted by every read command.
func pinFlags(o *pinOptions) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "expect-root", Usage: "refuse (exit 3) unless the index's content root is `ROOT`", Destination: &o.ExpectRoot},
		&cli.StringFlag{Name: "freshness", Value: "allow_stale", Usage: "allow_stale, or require: refuse (exit 3) unless the index is fresh", Destination: &o.Freshness},
	}
}
