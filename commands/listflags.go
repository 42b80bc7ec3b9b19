package commands

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/edgekind"
)

// listOptions are the flags of commands that list things: a page and the
// filters.
type listOptions struct {
	limit, offset int
	kind          string
	noTests       bool
}

// listFlags are --limit and --offset, plus --kind and --no-tests when the
// command's items have edge kinds and paths to filter on.
func listFlags(o *listOptions, kinds, tests bool) []cli.Flag {
	flags := []cli.Flag{
		&cli.IntFlag{Name: "limit", Value: answer.DefaultLimit, Usage: "list at most `N` items (0: all)", Destination: &o.limit},
		&cli.IntFlag{Name: "offset", Usage: "skip the first `N` items (the next page starts at the next_offset an answer gives)", Destination: &o.offset},
	}
	if kinds {
		flags = append(flags, &cli.StringFlag{Name: "kind", Usage: "only edges of kind `K` (comma-separated: " + strings.Join(edgekind.All(), ", ") + ")", Destination: &o.kind})
	}
	if tests {
		flags = append(flags, &cli.BoolFlag{Name: "no-tests", Usage: "leave out items in test files", Destination: &o.noTests})
	}
	return flags
}

// page checks and returns the page the flags ask for.
func (o listOptions) page() (answer.Page, error) {
	p := answer.Page{Limit: o.limit, Offset: o.offset}
	if err := p.Check(); err != nil {
		return p, usageError("--%v", err)
	}
	return p, nil
}

// filter checks and returns the filter the flags ask for.
func (o listOptions) filter() (answer.Filter, error) {
	kinds, err := answer.ParseKinds(o.kind)
	if err != nil {
		return answer.Filter{}, usageError("--%v", err)
	}
	return answer.Filter{Kinds: kinds, NoTests: o.noTests}, nil
}

// pageAndFilter is page and filter together.
func (o listOptions) pageAndFilter() (answer.Page, answer.Filter, error) {
	p, err := o.page()
	if err != nil {
		return p, answer.Filter{}, err
	}
	f, err := o.filter()
	return p, f, err
}

// printMore tells a reader of human output what a page left out.
func printMore[T any](w io.Writer, l answer.List[T]) {
	if l.Truncated {
		fmt.Fprintf(w, "  ... showing %d-%d of %d: --offset %d for more, or --limit 0 for all\n", l.Offset+1, l.Offset+len(l.Items), l.Total, *l.NextOffset)
	}
}
