package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/commands"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/mcpserver"
)

// TestMain lets the test binary stand in for lgraph: run with
// LGRAPH_MCP_TEST_BINARY=1 it is the CLI (main.go's code), so the tests
// below drive a real `lgraph serve --mcp` process through the SDK client.
func TestMain(m *testing.M) {
	if os.Getenv("LGRAPH_MCP_TEST_BINARY") == "1" {
		g := commands.NewGlobals(os.Stdout, os.Stderr, os.Environ())
		os.Exit(g.Finish(g.Run(context.Background(), append([]string{"lgraph"}, os.Args[1:]...))))
	}
	os.Exit(m.Run())
}

// serveProcess starts lgraph serve --mcp on repo as a child process and
// connects the SDK's client to it over stdio.
func serveProcess(t *testing.T, repo *gittest.Repo, store string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--mcp", "--repo", repo.Dir, "--store", store)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "LGRAPH_MCP_TEST_BINARY=1", "HOME="+home, "XDG_CONFIG_HOME=", "XDG_DATA_HOME=")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestLoopThroughProcess closes an agent's loop through a real server
// process started before any index exists: status says what to call,
// update indexes, the queries, ledger, wiki and verify answer, and a new
// commit is folded in by the next update.
func TestLoopThroughProcess(t *testing.T) {
	repo := gittest.New(t)
	repo.Write(fixture)
	first := repo.Commit("base")
	cs := serveProcess(t, repo, filepath.Join(t.TempDir(), "store"))

	r := callOn(t, cs, "lgraph_status", nil)
	if r.isError || r.Freshness.Status != "unknown" || !strings.Contains(string(r.Result), "not indexed yet: call lgraph_update") {
		t.Fatalf("status before any index: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_deps", map[string]any{"file": "app/main.py"}); r.Error == nil || r.Error.Code != "not_indexed" {
		t.Fatalf("deps before any index: %s", r.text)
	}

	var run struct {
		Run     int     `json:"run"`
		From    *string `json:"from"`
		To      string  `json:"to"`
		Outcome string  `json:"outcome"`
		Phases  []struct{ Name, Mode string }
	}
	r = callOn(t, cs, "lgraph_update", nil)
	if err := json.Unmarshal(r.Result, &run); r.isError || err != nil || run.Outcome != "published" || run.To != first || len(run.Phases) == 0 {
		t.Fatalf("first update: %s", r.text)
	}
	if r.Freshness.Status != "fresh" || r.Freshness.IndexedCommit != first {
		t.Errorf("update's freshness is not the tree it published: %+v", r.Freshness)
	}
	if r = callOn(t, cs, "lgraph_deps", map[string]any{"file": "app/main.py"}); r.isError || !strings.Contains(string(r.Result), `"path":"app/util.py"`) {
		t.Errorf("deps after update: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_log", nil); r.isError || !strings.Contains(string(r.Result), `"total":1`) {
		t.Errorf("log: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_log", map[string]any{"run": 1}); r.isError || !strings.Contains(string(r.Result), `"knowledge":{`) {
		t.Errorf("log run 1: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_wiki", map[string]any{"module": "app"}); r.isError || !strings.Contains(string(r.Result), `"module":"app","doc":"`) {
		t.Errorf("wiki app: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_verify", nil); r.isError || !strings.Contains(string(r.Result), `"drift":false`) {
		t.Errorf("verify: %s", r.text)
	}

	repo.Write(map[string]string{"app/extra.py": "from app.util import helper\n\n\ndef extra():\n    helper()\n"})
	second := repo.Commit("extra")
	if r = callOn(t, cs, "lgraph_status", nil); r.Freshness.Status != "behind" || !strings.Contains(string(r.Result), "behind: call lgraph_update") {
		t.Errorf("status after a commit: %s", r.text)
	}
	r = callOn(t, cs, "lgraph_update", nil)
	if err := json.Unmarshal(r.Result, &run); r.isError || err != nil || run.Outcome != "published" || run.From == nil || *run.From != first || run.To != second {
		t.Fatalf("second update: %s", r.text)
	}
	if r = callOn(t, cs, "lgraph_callers", map[string]any{"symbol": "helper", "freshness": "require"}); r.isError || !strings.Contains(string(r.Result), "sym:app/extra.py#extra") {
		t.Errorf("callers after the second update: %s", r.text)
	}
}

// TestBoundedAnswers checks limits, offsets and filters, and that an
// answer whose limit was not given is cut to the byte budget and says how
// to get the rest.
func TestBoundedAnswers(t *testing.T) {
	const budget = 900
	e := setupWith(t, mcpserver.Options{MaxAnswerBytes: budget})
	var page struct {
		Items      []struct{ ID string }
		Total      int
		Truncated  bool
		NextOffset *int   `json:"next_offset"`
		More       string `json:"more"`
	}
	decode := func(r reply) {
		t.Helper()
		page.NextOffset = nil
		if err := json.Unmarshal(r.Result, &page); err != nil || r.isError {
			t.Fatalf("%s: %v", r.text, err)
		}
	}

	all := e.call(t, "lgraph_search", map[string]any{"text": "e", "limit": 0})
	decode(all)
	total := page.Total
	if all.size <= budget || page.Truncated || len(page.Items) != total {
		t.Fatalf("limit 0 must list all %d hits whatever their size (%d bytes): %s", total, all.size, all.text)
	}
	cut := e.call(t, "lgraph_search", map[string]any{"text": "e"})
	decode(cut)
	if cut.size > budget || !page.Truncated || page.Total != total || page.NextOffset == nil || !strings.Contains(page.More, "offset") {
		t.Fatalf("unset limit: want a cut answer under %d bytes saying how to go on, got %d bytes: %s", budget, cut.size, cut.text)
	}
	shown := len(page.Items)
	next := e.call(t, "lgraph_search", map[string]any{"text": "e", "limit": shown, "offset": *page.NextOffset})
	decode(next)
	if len(page.Items) == 0 || page.Total != total {
		t.Errorf("next page: %s", next.text)
	}

	// --kind and --no-tests narrow what total counts.
	r := e.call(t, "lgraph_deps", map[string]any{"file": "app/main.py", "kind": "imports"})
	if !strings.Contains(string(r.Result), `"kinds":["imports"]`) {
		t.Errorf("deps kind imports: %s", r.Result)
	}
	r = e.call(t, "lgraph_deps", map[string]any{"file": "app/main.py", "kind": "implements"})
	if !strings.Contains(string(r.Result), `"items":[],"total":0`) {
		t.Errorf("deps kind implements: %s", r.Result)
	}
	e.repo.Write(map[string]string{"app/test_util.py": "from app.util import helper\n\n\ndef test_helper():\n    helper()\n"})
	e.repo.Commit("a test")
	e.indexer.MustRun(t, "update", false)
	with := e.call(t, "lgraph_callers", map[string]any{"symbol": "helper", "limit": 0})
	without := e.call(t, "lgraph_callers", map[string]any{"symbol": "helper", "no_tests": true, "limit": 0})
	if !strings.Contains(string(with.Result), "app/test_util.py") || strings.Contains(string(without.Result), "app/test_util.py") ||
		!strings.Contains(string(without.Result), "sym:app/main.py#run") {
		t.Errorf("no_tests:\nwith:    %s\nwithout: %s", with.Result, without.Result)
	}
}

// TestFreshnessBounded checks that a dirty tree of many files does not
// fill every answer's freshness block, while status pages every path.
func TestFreshnessBounded(t *testing.T) {
	e := setup(t)
	files := map[string]string{}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("app/gen%02d.py", i)] = fmt.Sprintf("def gen%d():\n    return %d\n", i, i)
	}
	e.repo.Write(files)
	e.repo.Commit("many files")
	r := e.call(t, "lgraph_deps", map[string]any{"file": "app/main.py"})
	if len(r.Freshness.StalePaths) != 20 || !strings.Contains(r.text, `"changed_files":30`) {
		t.Errorf("freshness of a 30-file change: %d paths listed: %s", len(r.Freshness.StalePaths), r.text)
	}
	st := e.call(t, "lgraph_status", map[string]any{"limit": 0})
	if !strings.Contains(string(st.Result), `"stale_paths":{"items":[`) || !strings.Contains(string(st.Result), `"total":30`) {
		t.Errorf("status lists the stale paths: %s", st.Result)
	}
}
