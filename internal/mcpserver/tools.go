package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/readview"
)

// This file defines the query tools: one per read query of the CLI,
// answered by the same query and answer packages, so a result equals
// lgraph's --json result for the same question.

// tools lists the server's tools, in the order tools/list shows them.
func (s *server) tools() []spec {
	return append([]spec{
		define("lgraph_status", "Index state: branch, indexed commit, behind, changed files, last run.", pageProps(), status).optional(),
		define("lgraph_deps", "Files FILE depends on, with edge kinds and via (names, shared keys).", with(fileProps(), pageProps(), filterProps()), deps(false)),
		define("lgraph_rdeps", "Files depending on FILE, as lgraph_deps.", with(fileProps(), pageProps(), filterProps()), deps(true)),
		define("lgraph_callers", "Symbols calling SYMBOL, with call lines; unresolved_sites > 0: search the text too.",
			with(symbolProps(), pageProps(), noTestsProps(), unresolvedProps()), calls(false)),
		define("lgraph_callees", "Symbols SYMBOL calls, with call lines.",
			with(symbolProps(), pageProps(), noTestsProps(), unresolvedProps()), calls(true)),
		define("lgraph_impact", "Transitive dependents of target by distance; by file or module sums them.", with(impactProps(), pageProps(), filterProps(), unresolvedProps()), impact),
		define("lgraph_search", "Symbols and files by name, best match first; then by words of names, docs, summaries (match words).",
			with(searchProps(), pageProps(), noTestsProps()), search),
		define("lgraph_show", "A file or symbol: kind, lines, signature, doc, members, edges.",
			with(targetProps(), pageProps(), filterProps()), show),
		define("lgraph_implicit", "Env vars, config keys, topics, routes, tables FILE shares, with whom; or who uses key (env:X).", with(implicitProps(), pageProps(), noTestsProps()), implicitKeys),
		s.contextTool(),
		mapTool(),
	}, s.loopTools()...)
}

func filterProps() map[string]property {
	return map[string]property{"kind": kindProp, "no_tests": noTestsProp}
}

func noTestsProps() map[string]property {
	return map[string]property{"no_tests": noTestsProp}
}

// unresolvedProps is include_unresolved.
func unresolvedProps() map[string]property {
	return map[string]property{"include_unresolved": {Type: "boolean"}}
}

func fileProps() map[string]property {
	return map[string]property{"file": {Type: "string", required: true}}
}

func symbolProps() map[string]property {
	return map[string]property{"symbol": {Type: "string", required: true}}
}

func targetProps() map[string]property {
	return map[string]property{"target": {Type: "string", required: true}}
}

func impactProps() map[string]property {
	return map[string]property{
		"target": targetProps()["target"],
		"depth":  {Type: "integer", Description: fmt.Sprintf("edges to follow (default %d)", query.DefaultDepth)},
		"by":     {Type: "string", Enum: answer.ImpactBy},
	}
}

func implicitProps() map[string]property {
	return map[string]property{
		"file": {Type: "string"},
		"key":  {Type: "string"},
	}
}

func searchProps() map[string]property {
	return map[string]property{
		"text": {Type: "string", required: true},
		"kind": {Type: "string", Description: "kinds, comma-separated (file, function, class...)"},
	}
}

type statusArgs struct {
	pinArgs
	pageArgs
}

func (a *statusArgs) check() error { return a.checkPage() }

type fileArgs struct {
	pinArgs
	pageArgs
	filterArgs
	File string `json:"file"`
}

func (a *fileArgs) check() error { return errors.Join(required("file", a.File), a.checkPage()) }

type symbolArgs struct {
	pinArgs
	pageArgs
	Symbol            string `json:"symbol"`
	NoTests           bool   `json:"no_tests"`
	IncludeUnresolved bool   `json:"include_unresolved"`
}

func (a *symbolArgs) check() error { return errors.Join(required("symbol", a.Symbol), a.checkPage()) }

// limitGiven keeps the server from lowering the limit to fit an answer
// asked to list every unresolved call site: halving the items would not
// shorten that list.
func (a *symbolArgs) limitGiven() bool { return a.pageArgs.limitGiven() || a.IncludeUnresolved }

type targetArgs struct {
	pinArgs
	pageArgs
	filterArgs
	Target string `json:"target"`
}

func (a *targetArgs) check() error { return errors.Join(required("target", a.Target), a.checkPage()) }

type impactArgs struct {
	targetArgs
	Depth             *int   `json:"depth"`
	By                string `json:"by"`
	IncludeUnresolved bool   `json:"include_unresolved"`
}

// limitGiven: as symbolArgs.limitGiven.
func (a *impactArgs) limitGiven() bool { return a.pageArgs.limitGiven() || a.IncludeUnresolved }

func (a *impactArgs) check() error {
	if a.Depth != nil && *a.Depth < 1 {
		return usageError("depth %d: want 1 or more", *a.Depth)
	}
	if a.By != "" && !slices.Contains(answer.ImpactBy, a.By) {
		return usageError("by %q: use one of %s", a.By, strings.Join(answer.ImpactBy, ", "))
	}
	return a.targetArgs.check()
}

type searchArgs struct {
	pinArgs
	pageArgs
	Text    string `json:"text"`
	Kind    string `json:"kind"`
	NoTests bool   `json:"no_tests"`
}

func (a *searchArgs) check() error { return errors.Join(required("text", a.Text), a.checkPage()) }

type implicitArgs struct {
	pinArgs
	pageArgs
	File    string `json:"file"`
	Key     string `json:"key"`
	NoTests bool   `json:"no_tests"`
}

func (a *implicitArgs) check() error {
	if (a.File == "") == (a.Key == "") {
		return errors.Join(errors.New("give either file or key"), a.checkPage())
	}
	return a.checkPage()
}

// checked returns a query's answer unless reading the snapshot met an
// error on the way (a damaged table or record), which is then the answer.
func checked(ix *query.Index, result any) (any, error) {
	if err := ix.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w (call lgraph_verify, then update with full: true)", err)
	}
	return result, nil
}

// index indexes a view's snapshot with its per-file staleness.
func index(v *readview.View) *query.Index { return query.New(v.Snap, v.Staleness) }

func status(_ context.Context, v *readview.View, a *statusArgs) (any, error) {
	full, err := v.Status()
	if err != nil {
		return nil, err
	}
	return answer.ShapeStatus(full, a.page(), answer.StatusFixes{
		Init:   "call lgraph_update (it indexes the branch the first time)",
		Update: "call lgraph_update",
		Dirty:  "answers about the stale paths may be out of date: read those files directly, or commit and call lgraph_update",
	}), nil
}

func deps(reverse bool) func(context.Context, *readview.View, *fileArgs) (any, error) {
	return func(_ context.Context, v *readview.View, a *fileArgs) (any, error) {
		f, err := a.filter()
		if err != nil {
			return nil, err
		}
		ix := index(v)
		id, err := ix.ResolveFile(a.File)
		if err != nil {
			return nil, err
		}
		raw := ix.Deps(id)
		if reverse {
			raw = ix.RDeps(id)
		}
		return checked(ix, answer.ShapeDeps(raw, f, a.page()))
	}
}

func calls(callees bool) func(context.Context, *readview.View, *symbolArgs) (any, error) {
	return func(_ context.Context, v *readview.View, a *symbolArgs) (any, error) {
		ix := index(v)
		id, err := ix.ResolveWrittenSymbol(a.Symbol, query.CallableKinds...)
		if err != nil {
			return nil, err
		}
		raw := ix.Callers(id)
		if callees {
			raw = ix.Callees(id)
		}
		f := answer.Filter{NoTests: a.NoTests}
		res := answer.ShapeCalls(raw, f, a.page())
		res.Unresolved = answer.ShapeUnresolved(raw.Unresolved, f, a.IncludeUnresolved)
		return checked(ix, res)
	}
}

func impact(_ context.Context, v *readview.View, a *impactArgs) (any, error) {
	f, err := a.filter()
	if err != nil {
		return nil, err
	}
	depth := query.DefaultDepth
	if a.Depth != nil {
		depth = *a.Depth
	}
	ix := index(v)
	id, err := ix.ResolveWrittenTarget(a.Target)
	if err != nil {
		return nil, err
	}
	raw := ix.Impact(id, depth)
	unresolved := answer.ShapeUnresolved(raw.Unresolved, f, a.IncludeUnresolved)
	if a.By == "file" || a.By == "module" {
		res := answer.ShapeImpactGroups(raw, a.By, f, a.page())
		res.Unresolved = unresolved
		return checked(ix, res)
	}
	res := answer.ShapeImpact(raw, f, a.page())
	res.Unresolved = unresolved
	return checked(ix, res)
}

func search(_ context.Context, v *readview.View, a *searchArgs) (any, error) {
	var kinds []string
	for _, k := range strings.Split(a.Kind, ",") {
		if k = strings.TrimSpace(k); k != "" {
			kinds = append(kinds, k)
		}
	}
	ix := index(v)
	return checked(ix, answer.ShapeSearch(ix.SearchText(a.Text), kinds, a.NoTests, a.page()))
}

func implicitKeys(_ context.Context, v *readview.View, a *implicitArgs) (any, error) {
	ix := index(v)
	filter := answer.Filter{NoTests: a.NoTests}
	if a.Key != "" {
		r, err := ix.KeyUsers(a.Key)
		if err != nil {
			return nil, err
		}
		return checked(ix, answer.ShapeKeyUsers(a.Key, r, filter, a.page()))
	}
	id, err := ix.ResolveFile(a.File)
	if err != nil {
		return nil, err
	}
	return checked(ix, answer.ShapeImplicit(ix.Implicit(id), filter, a.page()))
}

func show(_ context.Context, v *readview.View, a *targetArgs) (any, error) {
	f, err := a.filter()
	if err != nil {
		return nil, err
	}
	ix := index(v)
	id, err := ix.ResolveWrittenTarget(a.Target)
	if err != nil {
		return nil, err
	}
	if nodeid.IsFile(id) {
		return checked(ix, answer.ShapeShowFile(ix.ShowFile(id), f, a.page()))
	}
	return checked(ix, answer.ShapeShowSymbol(ix.ShowSymbolWhole(id), f, a.page()))
}
