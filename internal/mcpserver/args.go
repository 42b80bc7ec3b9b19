package mcpserver

import (
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/readview"
)

// pinArgs are the arguments every tool takes.
type pinArgs struct {
	ExpectRoot string `json:"expect_root"`
	Freshness  string `json:"freshness"`
}

func (p *pinArgs) pin() readview.Pin {
	return readview.Pin{ExpectRoot: p.ExpectRoot, Freshness: p.Freshness}
}

func (*pinArgs) check() error { return nil }

// pinProps describe pinArgs.
var pinProps = map[string]property{
	"expect_root": {Type: "string", Description: "refuse unless the index's content root (freshness.content_root of an earlier answer) is this one"},
	"freshness": {Type: "string", Enum: []string{"allow_stale", "require"}, Default: "allow_stale",
		Description: "allow_stale answers and marks items in changed files stale; require refuses unless the index is fresh"},
}

// pageable arguments take a limit the server may lower to fit its byte
// budget when the caller did not set one.
type pageable interface {
	limitGiven() bool
	limit() int
	setLimit(n int)
}

// pageArgs are limit and offset.
type pageArgs struct {
	Limit  *int `json:"limit"`
	Offset int  `json:"offset"`
	// lowered is the limit the server chose to fit the answer.
	lowered int
}

func (p *pageArgs) limitGiven() bool { return p.Limit != nil }
func (p *pageArgs) setLimit(n int)   { p.lowered = n }

func (p *pageArgs) limit() int {
	switch {
	case p.Limit != nil:
		return *p.Limit
	case p.lowered > 0:
		return p.lowered
	}
	return answer.DefaultLimit
}

func (p *pageArgs) page() answer.Page { return answer.Page{Limit: p.limit(), Offset: p.Offset} }

func (p *pageArgs) checkPage() error {
	if err := p.page().Check(); err != nil {
		return err
	}
	return nil
}

// pageProps describe pageArgs.
var pageProps = map[string]property{
	"limit": {Type: "integer", Minimum: ptr(0), Default: answer.DefaultLimit,
		Description: "list at most this many items (0: all); unset, the server may list fewer to keep the answer under about 20 KB"},
	"offset": {Type: "integer", Minimum: ptr(0), Default: 0, Description: "skip this many items: pass the next_offset of a cut answer for the next page"},
}

// filterArgs narrow lists by edge kind and test files.
type filterArgs struct {
	Kind    string `json:"kind"`
	NoTests bool   `json:"no_tests"`
}

func (f *filterArgs) filter() (answer.Filter, error) {
	kinds, err := answer.ParseKinds(f.Kind)
	return answer.Filter{Kinds: kinds, NoTests: f.NoTests}, err
}

var kindProp = property{Type: "string", Description: "only edges of these kinds, comma-separated: " +
	strings.Join(edgekind.All(), ", ")}

var noTestsProp = property{Type: "boolean", Default: false, Description: "leave out items in test files"}

// with merges property sets.
func with(sets ...map[string]property) map[string]property {
	out := map[string]property{}
	for _, s := range sets {
		for k, v := range s {
			out[k] = v
		}
	}
	return out
}

func required(name, value string) error {
	if value == "" {
		return usageError("%s is required", name)
	}
	return nil
}
