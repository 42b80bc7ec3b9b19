package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/commands"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/mcpserver"
	"github.com/lgraph/lgraph/internal/readview"
)

// fixture is a small Python and Go repository: app/main.py imports
// app/util.py (run and Server.get call helper, Server extends Base),
// app/cli.py calls run, cmd/main.go calls svc.Server.Get.
var fixture = map[string]string{
	"go.mod": "module ex.com/m\n\ngo 1.22\n",
	"app/util.py": `def helper():
    """Help the app."""
    return 1


class Base:
    def get(self):
        return helper()
`,
	"app/main.py": `from app.util import helper, Base


class Server(Base):
    def get(self):
        return helper()


def run():
    helper()
    helper()
`,
	"app/cli.py": `from app.main import run


def cli():
    run()
`,
	"svc/svc.go": `package svc

// Server serves values.
type Server struct{}

// Get returns a value.
func (s *Server) Get(k string) string {
	return lookup(k)
}

func lookup(k string) string { return k }
`,
	"cmd/main.go": `package main

import "ex.com/m/svc"

func main() {
	s := &svc.Server{}
	s.Get("x")
}
`,
}

// env is an indexed repository and a client session of one server on it.
type env struct {
	repo    *gittest.Repo
	indexer *lgtest.Indexer
	session *mcp.ClientSession
}

// setup serves warm, as lgraph serve --mcp does: every test of an answer
// after a change also tests that the kept view was let go.
func setup(t *testing.T) *env {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return setupWith(t, mcpserver.Options{Warm: ctx})
}

func setupWith(t testing.TB, opts mcpserver.Options) *env {
	t.Helper()
	return setupRepo(t, fixture, opts)
}

// setupRepo indexes a repository of the given files and serves it.
func setupRepo(t testing.TB, files map[string]string, opts mcpserver.Options) *env {
	t.Helper()
	repo := gittest.New(t)
	repo.Write(files)
	repo.Commit("base")
	repo.Git("gc", "-q") // packed, as in a clone
	ix := lgtest.New(t, repo.Dir)
	ix.MustRun(t, "init", true)
	e, err := readview.OpenEnv(readview.Location{RepoDir: repo.Dir, StoreDir: ix.StoreDir}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(e, opts).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return &env{repo: repo, indexer: ix, session: cs}
}

// reply is a tool result: its one text, the answer envelope.
type reply struct {
	isError bool
	text    string
	size    int
	OK      bool `json:"ok"`
	// Result is kept raw, so it can be compared with the CLI's.
	Result    json.RawMessage `json:"result"`
	Error     *struct{ Code, Message string }
	Freshness struct {
		ContentRoot   string `json:"content_root"`
		IndexedCommit string `json:"indexed_commit"`
		Status        string
		StalePaths    []string `json:"stale_paths"`
	}
	hasFreshness bool
}

// call calls a tool; a protocol error fails the test.
func (e *env) call(t *testing.T, name string, args map[string]any) reply {
	t.Helper()
	return callOn(t, e.session, name, args)
}

func callOn(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) reply {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	if len(res.Content) != 1 || res.StructuredContent != nil {
		t.Fatalf("%s: want one text and no structured copy, got %d contents, structured %v", name, len(res.Content), res.StructuredContent != nil)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	r := reply{isError: res.IsError, text: text, size: len(text)}
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		t.Fatalf("%s: text is not the JSON answer: %v\n%s", name, err, text)
	}
	if strings.Contains(text, "\n  ") {
		t.Errorf("%s: answer is pretty-printed:\n%s", name, text)
	}
	var shape map[string]json.RawMessage
	_ = json.Unmarshal([]byte(text), &shape)
	for _, k := range []string{"ok", "result", "error", "freshness"} {
		if _, ok := shape[k]; !ok {
			t.Errorf("%s: answer lacks %q: %s", name, k, text)
		}
	}
	r.hasFreshness = string(shape["freshness"]) != "null" && shape["freshness"] != nil
	if r.OK == r.isError {
		t.Errorf("%s: ok %v but isError %v", name, r.OK, r.isError)
	}
	return r
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

var rootRE = regexp.MustCompile(`^[0-9a-f]{64}$`)

var toolNames = []string{"lgraph_status", "lgraph_deps", "lgraph_rdeps", "lgraph_callers", "lgraph_callees",
	"lgraph_impact", "lgraph_search", "lgraph_show", "lgraph_implicit", "lgraph_context", "lgraph_map", "lgraph_update", "lgraph_verify", "lgraph_wiki_note", "lgraph_wiki", "lgraph_log"}

func TestToolsList(t *testing.T) {
	e := setup(t)
	wantArgs := map[string][]string{
		"lgraph_deps": {"file"}, "lgraph_rdeps": {"file"}, "lgraph_callers": {"symbol"}, "lgraph_callees": {"symbol"},
		"lgraph_impact": {"target"}, "lgraph_search": {"text"}, "lgraph_show": {"target"}, "lgraph_context": {"target"}, "lgraph_wiki_note": {"module", "text"},
	}
	lists := []string{"lgraph_deps", "lgraph_rdeps", "lgraph_callers", "lgraph_callees", "lgraph_impact", "lgraph_search",
		"lgraph_show", "lgraph_implicit", "lgraph_wiki", "lgraph_log", "lgraph_status"}
	var names []string
	for tool, err := range e.session.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
		var schema struct {
			Type       string
			Properties map[string]struct{ Type string }
			Required   []string
		}
		raw, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(raw, &schema); err != nil || schema.Type != "object" {
			t.Errorf("%s: input schema %s", tool.Name, raw)
		}
		pinned := tool.Name != "lgraph_update"
		for _, p := range []string{"expect_root", "freshness"} {
			// said once, in the instructions, to keep tools/list small
			if _, ok := schema.Properties[p]; ok {
				t.Errorf("%s: %s argument in the schema: %s", tool.Name, p, raw)
			}
		}
		if slices.Contains(lists, tool.Name) && (schema.Properties["limit"].Type != "integer" || schema.Properties["offset"].Type != "integer") {
			t.Errorf("%s: no limit and offset in %s", tool.Name, raw)
		}
		if !slices.Equal(schema.Required, wantArgs[tool.Name]) {
			t.Errorf("%s: required %v, want %v", tool.Name, schema.Required, wantArgs[tool.Name])
		}
		readOnly := pinned && tool.Name != "lgraph_wiki_note"
		if tool.Annotations == nil || tool.Annotations.ReadOnlyHint != readOnly {
			t.Errorf("%s: read-only %v, want %v", tool.Name, tool.Annotations != nil && tool.Annotations.ReadOnlyHint, readOnly)
		}
	}
	instructions := e.session.InitializeResult().Instructions
	for _, p := range []string{"expect_root — (every tool but lgraph_update)", "freshness — (every tool but lgraph_update)", "limit — ", "offset — ", "file — ", "symbol — ", "target — "} {
		if !strings.Contains(instructions, p) {
			t.Errorf("the instructions do not explain %q: %s", p, instructions)
		}
	}
	if !slices.Equal(names, slices.Sorted(slices.Values(toolNames))) {
		t.Errorf("tools %v, want %v", names, toolNames)
	}
}

// TestToolsAnswer calls every query tool on a fresh index: each answers
// with the CLI's --json result and a fresh freshness block.
func TestToolsAnswer(t *testing.T) {
	e := setup(t)
	head := e.repo.Git("rev-parse", "HEAD")
	for _, tc := range []struct {
		tool string
		args map[string]any
		cli  []string // the same question to the CLI (nil: not compared)
		want []string // substrings of the result
	}{
		{"lgraph_status", nil, []string{"status"}, []string{`"branch":"main"`, `"status":"fresh"`, `"indexed_commit":"` + head}},
		{"lgraph_deps", map[string]any{"file": "app/main.py"}, []string{"deps", "app/main.py"},
			[]string{`"direction":"deps"`, `"path":"app/util.py"`, `"total":1`, `"truncated":false`}},
		{"lgraph_rdeps", map[string]any{"file": "svc/svc.go"}, []string{"rdeps", "svc/svc.go"},
			[]string{`"direction":"rdeps"`, `"path":"cmd/main.go"`}},
		{"lgraph_callers", map[string]any{"symbol": "helper"}, []string{"callers", "helper"},
			[]string{`"id":"sym:app/main.py#run"`, `"sites":[`}},
		{"lgraph_callees", map[string]any{"symbol": "Server.Get"}, []string{"callees", "Server.Get"},
			[]string{`"id":"sym:svc/svc.go#lookup"`}},
		{"lgraph_impact", map[string]any{"target": "app/util.py", "depth": 2}, []string{"impact", "--depth", "2", "app/util.py"},
			[]string{`"distance":2`, `"id":"sym:app/cli.py#cli"`}},
		{"lgraph_impact", map[string]any{"target": "app/util.py", "by": "module"}, []string{"impact", "app/util.py", "--by", "module"},
			[]string{`"by":"module"`, `"name":"app"`, `"dependents":6`}},
		{"lgraph_search", map[string]any{"text": "get", "limit": 2}, []string{"search", "--limit", "2", "get"},
			[]string{`"total":3`, `"match":"exact"`, `"truncated":true`, `"next_offset":2`}},
		{"lgraph_show", map[string]any{"target": "Server.Get"}, []string{"show", "Server.Get"},
			[]string{`"signature":"func (s *Server) Get(k string) string"`}},
		{"lgraph_show", map[string]any{"target": "app/util.py", "freshness": "require"}, []string{"show", "--freshness", "require", "app/util.py"},
			[]string{`"lang":"python"`}},
		{"lgraph_implicit", map[string]any{"file": "app/util.py"}, []string{"implicit", "app/util.py"}, []string{`"file":{"id":"file:app/util.py"`}},
		{"lgraph_wiki", nil, []string{"wiki"}, []string{`"module":"app"`, `"total":3`}},
		{"lgraph_wiki", map[string]any{"module": "svc"}, []string{"wiki", "svc"}, []string{`"module":"svc"`, `"doc":"`}},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			r := e.call(t, tc.tool, tc.args)
			if r.isError {
				t.Fatalf("error result: %s", r.text)
			}
			if r.Freshness.Status != "fresh" || !rootRE.MatchString(r.Freshness.ContentRoot) || r.Freshness.IndexedCommit != head {
				t.Errorf("freshness %+v", r.Freshness)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(r.Result), w) {
					t.Errorf("result lacks %s:\n%s", w, r.Result)
				}
			}
			if strings.Contains(string(r.Result), `"stale"`) {
				t.Errorf("fresh result has stale items:\n%s", r.Result)
			}
			if tc.cli != nil {
				if cli := runCLI(t, e, tc.cli...); !jsonEqual(cli, r.Result) {
					t.Errorf("result differs from lgraph --json %s:\nmcp: %s\ncli: %s", strings.Join(tc.cli, " "), r.Result, cli)
				}
			}
		})
	}
}

// runCLI runs lgraph --json in-process and returns its raw result.
func runCLI(t *testing.T, e *env, args ...string) json.RawMessage {
	t.Helper()
	// A CLI read turns the collector off for its short life; this process lives on.
	defer debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetGCPercent(100)
	var stdout, stderr bytes.Buffer
	g := commands.NewGlobals(&stdout, &stderr, nil)
	argv := append([]string{"lgraph", "--repo", e.repo.Dir, "--store", e.indexer.StoreDir, "--json"}, args...)
	if code := g.Finish(g.Run(context.Background(), argv)); code != 0 {
		t.Fatalf("lgraph %v: exit %d\n%s%s", args, code, stdout.Bytes(), stderr.Bytes())
	}
	var env struct{ Result json.RawMessage }
	if err := json.Unmarshal(stdout.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	return env.Result
}

// TestFollowsUpdates checks that one running server answers from each
// snapshot update publishes, and that pins refuse with what to run.
func TestFollowsUpdates(t *testing.T) {
	e := setup(t)
	first := e.call(t, "lgraph_status", nil).Freshness

	// HEAD moves: answers say behind and mark items in changed files.
	e.repo.Write(map[string]string{
		"app/util.py": fixture["app/util.py"] + "\n\ndef extra():\n    return helper()\n",
		"app/new.py":  "from app.util import helper\n\n\ndef fresh():\n    helper()\n",
	})
	head := e.repo.Commit("extra")
	if f := e.call(t, "lgraph_status", nil).Freshness; f.Status != "behind" {
		t.Fatalf("status after a commit: %+v", f)
	}
	// Repacks every object into a new pack file, as gc does: a repository
	// held across calls would look for them in the old one and find none.
	e.repo.Git("gc", "-q")
	r := e.call(t, "lgraph_rdeps", map[string]any{"file": "app/util.py"})
	if r.isError || r.Freshness.Status != "behind" || !strings.Contains(string(r.Result), `"suggest":"update"`) {
		t.Fatalf("behind: error %v %v, freshness %+v, result %s", r.isError, r.text, r.Freshness, r.Result)
	}
	if want := []string{"app/new.py", "app/util.py"}; !slices.Equal(r.Freshness.StalePaths, want) {
		t.Errorf("stale paths %v, want %v", r.Freshness.StalePaths, want)
	}
	r = e.call(t, "lgraph_deps", map[string]any{"file": "app/main.py", "freshness": "require"})
	wantRefusal(t, r, "the index is behind", first.ContentRoot)

	// update publishes: the same server answers from the new snapshot.
	e.indexer.MustRun(t, "update", false)
	r = e.call(t, "lgraph_rdeps", map[string]any{"file": "app/util.py", "freshness": "require"})
	if r.isError || r.Freshness.Status != "fresh" || r.Freshness.IndexedCommit != head {
		t.Fatalf("after update: error %v %v, freshness %+v", r.isError, r.text, r.Freshness)
	}
	if r.Freshness.ContentRoot == first.ContentRoot || !rootRE.MatchString(r.Freshness.ContentRoot) {
		t.Errorf("content root %q did not move from %q", r.Freshness.ContentRoot, first.ContentRoot)
	}
	if !strings.Contains(string(r.Result), `"path":"app/new.py"`) {
		t.Errorf("rdeps lacks the new file:\n%s", r.Result)
	}
	if r := e.call(t, "lgraph_show", map[string]any{"target": "extra", "expect_root": r.Freshness.ContentRoot}); r.isError {
		t.Errorf("pinned to the held root: %v", r.text)
	}

	// A pin on the old root is refused, naming the root held.
	r = e.call(t, "lgraph_callers", map[string]any{"symbol": "helper", "expect_root": first.ContentRoot})
	wantRefusal(t, r, "not "+first.ContentRoot+": call lgraph_update", "")
}

// wantRefusal checks a refused call: an error result whose first text says
// what to run, coded refused, with the freshness block.
func wantRefusal(t *testing.T, r reply, msg, root string) {
	t.Helper()
	if !r.isError || r.Error == nil || r.Error.Code != "refused" {
		t.Fatalf("want a refusal, got error %v %+v: %v", r.isError, r.Error, r.text)
	}
	if !strings.Contains(r.Error.Message, msg) || !strings.Contains(r.Error.Message, "call lgraph_update") {
		t.Errorf("refusal %q lacks %q and call lgraph_update", r.Error.Message, msg)
	}
	if !r.hasFreshness || !rootRE.MatchString(r.Freshness.ContentRoot) || (root != "" && r.Freshness.ContentRoot != root) {
		t.Errorf("refusal freshness %+v", r.Freshness)
	}
}

// TestBadArguments checks that mistakes are tool errors, coded like the
// CLI's, that say what to do and still carry the freshness block.
func TestBadArguments(t *testing.T) {
	e := setup(t)
	for _, tc := range []struct {
		tool string
		args map[string]any
		code string
		msg  string
	}{
		{"lgraph_deps", nil, "usage", "file is required"},
		{"lgraph_deps", map[string]any{"file": "app/main.py", "expectRoot": "x"}, "usage", `unknown field "expectRoot"`},
		{"lgraph_callers", map[string]any{"symbol": 3}, "usage", "bad arguments"},
		{"lgraph_search", map[string]any{"text": "get", "freshness": "sometimes"}, "usage", "use allow_stale or require"},
		{"lgraph_search", map[string]any{"text": "get", "limit": -1}, "usage", "limit -1: want 0 (all) or more"},
		{"lgraph_impact", map[string]any{"target": "helper", "depth": 0}, "usage", "depth 0: want 1 or more"},
		{"lgraph_show", map[string]any{"target": "get"}, "ambiguous", "is ambiguous (2 matches): pass one of sym:app/main.py#Server.get"},
		{"lgraph_deps", map[string]any{"file": "app/nope.py"}, "not_found", "try lgraph_search with text nope.py"},
		{"lgraph_callees", map[string]any{"symbol": "Nope"}, "not_found", `no symbol "Nope"`},
		{"lgraph_impact", map[string]any{"target": "helper", "by": "dir"}, "usage", `by "dir": use one of symbol, file, module`},
		{"lgraph_deps", map[string]any{"file": "app/main.py", "kind": "call"}, "usage", `kind "call": use one or more of imports, calls`},
		{"lgraph_deps", map[string]any{"file": "app/main.py", "offset": -2}, "usage", "offset -2: want 0 or more"},
		{"lgraph_wiki", map[string]any{"module": "nope"}, "not_found", "lgraph_wiki without module lists them"},
		{"lgraph_log", map[string]any{"run": 99}, "not_found", "no run 99 in the ledger: lgraph_log lists the runs"},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			r := e.call(t, tc.tool, tc.args)
			if !r.isError || r.Error == nil || r.Error.Code != tc.code || !strings.Contains(r.Error.Message, tc.msg) {
				t.Errorf("want a %s error with %q, got %v %+v: %q", tc.code, tc.msg, r.isError, r.Error, r.text)
			}
			if !r.hasFreshness || r.Freshness.Status != "fresh" {
				t.Errorf("error without freshness: %+v", r.Freshness)
			}
		})
	}
}

// TestNotIndexed checks a branch that was never indexed: status answers,
// queries say to run lgraph init.
func TestNotIndexed(t *testing.T) {
	e := setup(t)
	e.repo.Git("checkout", "-q", "-b", "feature")
	r := e.call(t, "lgraph_status", nil)
	if r.isError || r.Freshness.Status != "unknown" || !strings.Contains(string(r.Result), `"branch":"feature"`) ||
		!strings.Contains(string(r.Result), `"hint":"this branch is not indexed yet: call lgraph_update`) {
		t.Errorf("status: error %v %v, freshness %+v, result %s", r.isError, r.text, r.Freshness, r.Result)
	}
	for _, args := range []map[string]any{{"file": "app/main.py"}, {"file": "app/main.py", "freshness": "require"}} {
		r = e.call(t, "lgraph_deps", args)
		if !r.isError || r.Error.Code != "not_indexed" || !strings.Contains(r.Error.Message, "call lgraph_update") || r.Freshness.Status != "unknown" {
			t.Errorf("deps %v: error %v %q, freshness %+v", args, r.isError, r.text, r.Freshness)
		}
	}
	if r = e.call(t, "lgraph_status", map[string]any{"freshness": "require"}); !r.isError {
		t.Errorf("pinned status answered on an unindexed branch: %s", r.Result)
	}
}

// TestDrain checks that a client which writes its requests and closes its
// input, as a script piping a file to lgraph serve --mcp does, still gets
// every answer.
func TestDrain(t *testing.T) {
	e := setup(t)
	env, err := readview.OpenEnv(readview.Location{RepoDir: e.repo.Dir, StoreDir: e.indexer.StoreDir}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lgraph_impact","arguments":{"target":"helper"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lgraph_search","arguments":{"text":"Server"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	tr := &mcp.IOTransport{Reader: io.NopCloser(strings.NewReader(in)), Writer: nopWriteCloser{&out}}
	if err := mcpserver.New(env, mcpserver.Options{}).Run(context.Background(), mcpserver.Drain(tr)); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{`"id":1,"result"`, `"id":2,"result"`, `"id":3,"result"`} {
		if !strings.Contains(out.String(), id) {
			t.Errorf("no answer %s in:\n%s", id, out.String())
		}
	}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// TestWarmFollowsWorkingTree: the warm server lets its view go on edits git
// has not seen: a changed file, a file in a directory made after the
// server started, an edit inside that directory, and an edit undone.
func TestWarmFollowsWorkingTree(t *testing.T) {
	e := setup(t)
	status := func() reply {
		t.Helper()
		return e.call(t, "lgraph_status", nil)
	}
	if f := status().Freshness; f.Status != "fresh" {
		t.Fatalf("at the start: %+v", f)
	}
	e.repo.Write(map[string]string{"app/util.py": fixture["app/util.py"] + "\nX = 1\n"})
	if f := status().Freshness; f.Status != "dirty" || !slices.Equal(f.StalePaths, []string{"app/util.py"}) {
		t.Fatalf("after an edit: %+v", f)
	}
	e.repo.Write(map[string]string{"app/util.py": fixture["app/util.py"]})
	if f := status().Freshness; f.Status != "fresh" {
		t.Fatalf("after the edit is undone: %+v", f)
	}
	e.repo.Write(map[string]string{"lib/deep/new.py": "def f():\n    pass\n"})
	if f := status().Freshness; f.Status != "dirty" || !slices.Equal(f.StalePaths, []string{"lib/deep/new.py"}) {
		t.Fatalf("after a file in a new directory: %+v", f)
	}
	e.repo.Remove("lib/deep/new.py")
	if f := status().Freshness; f.Status != "fresh" {
		t.Fatalf("after it is removed: %+v", f)
	}
	e.repo.Write(map[string]string{"lib/deep/other.py": "def g():\n    pass\n"})
	if f := status().Freshness; f.Status != "dirty" || !slices.Equal(f.StalePaths, []string{"lib/deep/other.py"}) {
		t.Fatalf("after a file in the directory made while serving: %+v", f)
	}
}
