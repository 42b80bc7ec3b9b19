package mcpserver

import (
	"fmt"
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
func pageProps() map[string]property {
	return map[string]property{"limit": {Type: "integer"}, "offset": {Type: "integer"}}
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

var (
	kindProp    = property{Type: "string"}
	noTestsProp = property{Type: "boolean"}
)

// sharedArgs explain, once for every tool (in the server's instructions),
// the arguments many tools take, so tools/list stays small: those
// arguments appear in each schema by name and type alone, and the pin
// arguments every read tool takes (pinArgs) not at all.
func sharedArgs() [][2]string {
	return [][2]string{
		{"expect_root", "(every tool but lgraph_update) refuse unless the index's content root (freshness.content_root of an earlier answer) is this one"},
		{"freshness", "(every tool but lgraph_update) allow_stale (default) answers and marks items in changed files stale; require refuses unless the index is fresh"},
		{"limit", fmt.Sprintf("list at most this many items (default %d, 0: all); unset, the server may list fewer to keep the answer under about 20 KB", answer.DefaultLimit)},
		{"offset", "skip this many items: pass the next_offset of a cut answer for the next page"},
		{"file", "a repo-relative path (app/main.py) or a file id (file:app/main.py)"},
		{"symbol", "a node id (sym:svc/svc.go#Server.Get), a qualified name (Server.Get), a plain name (Get) or path:line"},
		{"target", "a file path or id, a symbol (id, qualified or plain name) or path:line"},
		{"kind", "only edges of these kinds, comma-separated: " + strings.Join(edgekind.All(), ", ")},
		{"no_tests", "leave out items in test files"},
		{"include_unresolved", "list every call site whose receiver's type is unknown, not a few examples"},
		{"tokens", "spend at most this many tokens (cl100k_base) on the whole answer"},
	}
}

// sharedArgsText is sharedArgs as one paragraph.
func sharedArgsText() string {
	var b strings.Builder
	b.WriteString("Arguments shared by the tools:")
	for _, a := range sharedArgs() {
		fmt.Fprintf(&b, " %s — %s.", a[0], a[1])
	}
	return b.String()
}

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
