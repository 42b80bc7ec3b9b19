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
		define("lgraph_status", "Shows the current branch, HEAD, the indexed commit, how far behind it is, "+
			"working-tree files whose content differs from the index, the content root, the last run and the store size, "+
			"with a hint when lgraph_update should be called. Answers even before the branch is indexed (status unknown) unless a pin is given.",
			pageProps, status).optional(),
		define("lgraph_deps", "Lists the files FILE depends on: imports, calls, references, extends and implements edges "+
			"between their symbols, and implicit edges to files sharing a key with it (environment variable, config key, topic, route, table), "+
			"each with the edge kinds and the names or keys (via) that carry it, sorted by path. kind: implicit keeps the shared keys alone.",
			with(fileProps, pageProps, filterProps), deps(false)),
		define("lgraph_rdeps", "Lists the files that depend on FILE: imports, calls, references, extends and implements edges "+
			"between their symbols, and implicit edges from files sharing a key with it (environment variable, config key, topic, route, table), "+
			"each with the edge kinds and the names or keys (via) that carry it, sorted by path. kind: implicit keeps the shared keys alone.",
			with(fileProps, pageProps, filterProps), deps(true)),
		define("lgraph_callers", "Lists the symbols (or files) that call SYMBOL: each item has its id, path and line, "+
			"the names the calls are written with (via), the lines of the calls (sites) and how they were resolved (resolved_by: name alone is a guess). "+
			"unresolved_sites counts the calls written with SYMBOL's name whose receiver's type is unknown, which the graph cannot follow; "+
			"unresolved lists a few (path, line, call), or all with include_unresolved. When it is not 0, search the text for more callers.",
			with(symbolProps, pageProps, noTestsProps, unresolvedProps), calls(false)),
		define("lgraph_callees", "Lists the symbols SYMBOL calls: each item has its id, path and line, "+
			"the names the calls are written with (via) and the lines of the calls (sites). "+
			"unresolved_sites counts the calls SYMBOL makes on receivers of unknown type, which the graph cannot follow; "+
			"unresolved lists a few, or all with include_unresolved.",
			with(symbolProps, pageProps, noTestsProps, unresolvedProps), calls(true)),
		define("lgraph_impact", "Lists the transitive dependents of a file or symbol: walks imports, calls, references, extends, "+
			"implements and implicit (shared key) edges backwards from target, breadth-first, and lists each dependent once at its shortest distance "+
			"with the edge kinds that carry it (by: symbol), or sums them per file or module (by: file, by: module: best for a first look). "+
			"A file target starts from the file and all its symbols. unresolved_sites counts the calls written with the target's name "+
			"(a file's: its top-level functions' and methods' names) whose receiver's type is unknown: dependents the graph may miss; "+
			"unresolved lists a few, or all with include_unresolved.",
			with(impactProps, pageProps, filterProps, unresolvedProps), impact),
		define("lgraph_search", "Finds symbols and files by name: matches text against symbol names (simple and qualified) and "+
			"file names (base name and path), ranked exact, exact ignoring case, prefix, substring, then fuzzy; ties by name, then id.",
			with(searchProps, pageProps, noTestsProps), search),
		define("lgraph_show", "Shows what a file or symbol is. For a symbol: id, kind, path, lines, signature, doc, its file's summary, "+
			"parent, members and in and out edges. For a file: language, size, summary, symbols and the files it depends on and "+
			"that depend on it, with edge summaries. Each list is paged by limit and offset.",
			with(targetProps, pageProps, filterProps), show),
		define("lgraph_implicit", "Lists the keys FILE shares with other files without importing them (environment variables, "+
			"config keys, pub/sub topics, HTTP routes, SQL tables), each with the line it first appears on and the other files using it. "+
			"source says what found each key and file: rules, or llm (the model explorer, a guess with a confidence from 0 to 1 and quoted evidence).",
			with(fileProps, pageProps, noTestsProps), implicitKeys),
		contextTool(),
	}, s.loopTools()...)
}

var (
	filterProps  = map[string]property{"kind": kindProp, "no_tests": noTestsProp}
	noTestsProps = map[string]property{"no_tests": noTestsProp}
	// unresolvedProps is include_unresolved.
	unresolvedProps = map[string]property{"include_unresolved": {Type: "boolean", Default: false,
		Description: "list every call site whose receiver's type is unknown (unresolved), not a few examples"}}
	fileProps = map[string]property{
		"file": {Type: "string", Description: "a repo-relative path (app/main.py) or a file id (file:app/main.py)", required: true},
	}
	symbolProps = map[string]property{
		"symbol": {Type: "string", Description: "a node id (sym:svc/svc.go#Server.Get), a qualified name (Server.Get) or a plain name (Get)", required: true},
	}
	targetProps = map[string]property{
		"target": {Type: "string", Description: "a file path or id (file:PATH), or a symbol: id, qualified or plain name", required: true},
	}
	impactProps = map[string]property{
		"target": targetProps["target"],
		"depth":  {Type: "integer", Minimum: ptr(1), Default: query.DefaultDepth, Description: "follow at most this many edges"},
		"by":     {Type: "string", Enum: answer.ImpactBy, Default: "symbol", Description: "list every dependent (symbol) or count them per file or module"},
	}
	searchProps = map[string]property{
		"text": {Type: "string", Description: "the name, or part of it, to look for", required: true},
		"kind": {Type: "string", Description: "only hits of these kinds, comma-separated: file, function, method, class, struct, interface..."},
	}
)

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
	NoTests bool   `json:"no_tests"`
}

func (a *implicitArgs) check() error { return errors.Join(required("file", a.File), a.checkPage()) }

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
	return answer.ShapeStatus(full, a.page(), "call lgraph_update (it indexes the branch the first time)", "call lgraph_update"), nil
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
	return checked(ix, answer.ShapeSearch(ix.Search(a.Text, 0), kinds, a.NoTests, a.page()))
}

func implicitKeys(_ context.Context, v *readview.View, a *implicitArgs) (any, error) {
	ix := index(v)
	id, err := ix.ResolveFile(a.File)
	if err != nil {
		return nil, err
	}
	return checked(ix, answer.ShapeImplicit(ix.Implicit(id), answer.Filter{NoTests: a.NoTests}, a.page()))
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
