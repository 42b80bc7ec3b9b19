package mcpserver

import (
	"strings"

	"github.com/lgraph/lgraph/query"
	"github.com/lgraph/lgraph/readview"
)

// This file defines the tools: one per read query of the CLI, answered
// by the same query package so results match lgraph's --json output.

// tools lists the server's tools, in the order tools/list shows them.
func (s *server) tools() []spec {
	return []spec{
		define("lgraph_status", "Shows the current branch, HEAD, the indexed commit, how far behind it is, "+
			"working-tree files whose content differs from the index, the content root, the last run and the store size. "+
			"Answers even before the branch is indexed (status unknown) unless a pin is given.",
			nil, func(v *readview.View, _ *statusArgs) (any, error) { return status(v) }).optional(),
		define("lgraph_deps", "Lists the files FILE depends on: imports, plus calls, references, extends and implements edges "+
			"between their symbols, each with the edge kinds and the names (via) that carry it, sorted by path.",
			fileProps, deps(false)),
		define("lgraph_rdeps", "Lists the files that depend on FILE: imports, plus calls, references, extends and implements edges "+
			"between their symbols, each with the edge kinds and the names (via) that carry it, sorted by path.",
			fileProps, deps(true)),
		define("lgraph_callers", "Lists the symbols (or files) that call SYMBOL: each item has its id, path and line, "+
			"the names the calls are written with (via) and the lines of the calls (sites).",
			symbolProps, calls(false)),
		define("lgraph_callees", "Lists the symbols SYMBOL calls: each item has its id, path and line, "+
			"the names the calls are written with (via) and the lines of the calls (sites).",
			symbolProps, calls(true)),
		define("lgraph_impact", "Lists the transitive dependents of a file or symbol: walks imports, calls, references, extends "+
			"and implements edges backwards from target, breadth-first, and lists each dependent once at its shortest distance, "+
			"with the edge kinds that carry it. A file target starts from the file and all its symbols.",
			impactProps, impact),
		define("lgraph_search", "Finds symbols and files by name: matches text against symbol names (simple and qualified) and "+
			"file names (base name and path), ranked exact, exact ignoring case, prefix, substring, then fuzzy; ties by name, then id. "+
			"total counts every hit, items holds the best limit of them.",
			searchProps, search),
		define("lgraph_show", "Shows what a file or symbol is. For a symbol: id, kind, path, lines, signature, doc, its file's summary, "+
			"parent, members and in and out edges. For a file: language, size, summary, symbols and the files it depends on and "+
			"that depend on it, with edge summaries.",
			targetProps, show),
		define("lgraph_implicit", "Lists the keys FILE shares with other files without importing them (environment variables, "+
			"config keys, pub/sub topics, HTTP routes, SQL tables), each with the line it first appears on and the other files using it.",
			fileProps, implicitKeys),
	}
}

// pinArgs are the arguments every tool takes.
type pinArgs struct {
	ExpectRoot string `json:"expect_root"`
	Freshness  string `json:"freshness"`
}

func (p *pinArgs) pin() readview.Pin {
	return readview.Pin{ExpectRoot: p.ExpectRoot, Freshness: p.Freshness}
}

// pinProps describe pinArgs.
var pinProps = map[string]property{
	"expect_root": {Type: "string", Description: "refuse unless the index's content root (freshness.content_root of an earlier answer) is this one"},
	"freshness": {Type: "string", Enum: []string{"allow_stale", "require"}, Default: "allow_stale",
		Description: "allow_stale answers and marks items in changed files stale; require refuses unless the index is fresh"},
}

type statusArgs struct{ pinArgs }

func (*statusArgs) check() error { return nil }

type fileArgs struct {
	pinArgs
	File string `json:"file"`
}

func (a *fileArgs) check() error { return required("file", a.File) }

var fileProps = map[string]property{
	"file": {Type: "string", Description: "a repo-relative path (app/main.py) or a file id (file:app/main.py)", required: true},
}

type symbolArgs struct {
	pinArgs
	Symbol string `json:"symbol"`
}

func (a *symbolArgs) check() error { return required("symbol", a.Symbol) }

var symbolProps = map[string]property{
	"symbol": {Type: "string", Description: "a node id (sym:svc/svc.go#Server.Get), a qualified name (Server.Get) or a plain name (Get)", required: true},
}

type targetArgs struct {
	pinArgs
	Target string `json:"target"`
}

func (a *targetArgs) check() error { return required("target", a.Target) }

var targetProps = map[string]property{
	"target": {Type: "string", Description: "a file path or id (file:PATH), or a symbol: id, qualified or plain name", required: true},
}

type impactArgs struct {
	targetArgs
	Depth *int `json:"depth"`
}

func (a *impactArgs) check() error {
	if a.Depth != nil && *a.Depth < 1 {
		return usageError("depth %d: want 1 or more", *a.Depth)
	}
	return a.targetArgs.check()
}

var impactProps = map[string]property{
	"target": targetProps["target"],
	"depth":  {Type: "integer", Minimum: ptr(1), Default: query.DefaultDepth, Description: "follow at most this many edges"},
}

type searchArgs struct {
	pinArgs
	Text  string `json:"text"`
	Limit *int   `json:"limit"`
}

func (a *searchArgs) check() error {
	if a.Limit != nil && *a.Limit < 0 {
		return usageError("limit %d: want 0 (all) or more", *a.Limit)
	}
	return required("text", a.Text)
}

var searchProps = map[string]property{
	"text":  {Type: "string", Description: "the name, or part of it, to look for", required: true},
	"limit": {Type: "integer", Minimum: ptr(0), Default: query.DefaultLimit, Description: "return at most this many hits (0: all)"},
}

func required(name, value string) error {
	if value == "" {
		return usageError("%s is required", name)
	}
	return nil
}

// index indexes a view's snapshot with its per-file staleness.
func index(v *readview.View) *query.Index { return query.New(v.Snap, v.Staleness) }

func deps(reverse bool) func(*readview.View, *fileArgs) (any, error) {
	return func(v *readview.View, a *fileArgs) (any, error) {
		ix := index(v)
		id, err := ix.ResolveFile(a.File)
		if err != nil {
			return nil, err
		}
		if reverse {
			return ix.RDeps(id), nil
		}
		return ix.Deps(id), nil
	}
}

func calls(callees bool) func(*readview.View, *symbolArgs) (any, error) {
	return func(v *readview.View, a *symbolArgs) (any, error) {
		ix := index(v)
		id, err := ix.ResolveSymbol(a.Symbol)
		if err != nil {
			return nil, err
		}
		if callees {
			return ix.Callees(id), nil
		}
		return ix.Callers(id), nil
	}
}

func impact(v *readview.View, a *impactArgs) (any, error) {
	depth := query.DefaultDepth
	if a.Depth != nil {
		depth = *a.Depth
	}
	ix := index(v)
	id, err := ix.ResolveTarget(a.Target)
	if err != nil {
		return nil, err
	}
	return ix.Impact(id, depth), nil
}

func search(v *readview.View, a *searchArgs) (any, error) {
	limit := query.DefaultLimit
	if a.Limit != nil {
		limit = *a.Limit
	}
	return index(v).Search(a.Text, limit), nil
}

func implicitKeys(v *readview.View, a *fileArgs) (any, error) {
	ix := index(v)
	id, err := ix.ResolveFile(a.File)
	if err != nil {
		return nil, err
	}
	return ix.Implicit(id), nil
}

func show(v *readview.View, a *targetArgs) (any, error) {
	ix := index(v)
	id, err := ix.ResolveTarget(a.Target)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(id, "file:") {
		return ix.ShowFile(id), nil
	}
	return ix.ShowSymbol(id), nil
}
