package e2e

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

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/tokens"
)

// maxToolsList is what tools/list's tools may cost: an agent pays for them
// in every session before its first question. The bound is on the tools,
// not the whole reply: the reply's _meta carries the server's version,
// whose length is the build's (a clone's VCS stamp, the GOEXPERIMENT it was
// built with: 26 bytes that once took a CI run's reply over the bound).
const maxToolsList = 6 * 1024

// maxAnswer is the byte bound of every answer (mcpserver.DefaultMaxAnswerBytes).
const maxAnswer = 20_000

// sizesFixture is a Python repository with one long module (its doc runs
// past a page), callers across modules and a test.
func sizesFixture() map[string]string {
	var ops strings.Builder
	ops.WriteString("\"\"\"Arithmetic steps, each building on the one before.\"\"\"\n\n\ndef step0(x):\n    return x + 1\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&ops, "\n\ndef step%d(x):\n    \"\"\"Step %d of the chain.\"\"\"\n    return step%d(x) * 2\n", i, i, i-1)
	}
	return map[string]string{
		"lib/ops.py":        ops.String(),
		"app/main.py":       "from lib.ops import step5, step39\n\n\ndef run(x):\n    return step5(x) + step39(x)\n",
		"app/cli.py":        "from app.main import run\n\n\ndef cli():\n    print(run(1))\n",
		"tests/test_ops.py": "from lib.ops import step5\n\n\ndef test_step5():\n    assert step5(1) == 64\n",
		".lgraph.yaml":      "wiki:\n  out: docs/wiki\n",
	}
}

// TestMCPAnswerSizes drives the real binary's MCP server through the SDK
// client, as an agent does: tools/list stays under 6 KB, every answer
// under its bound, lgraph_context and lgraph_map within their token budgets, and the ledger
// and module docs come in short pages that say how much more there is.
// Each answer's size is logged (go test -v -run TestMCPAnswerSizes).
func TestMCPAnswerSizes(t *testing.T) {
	bin, err := exec.LookPath("lgraph")
	if err != nil {
		t.Skip("lgraph test binary not on PATH")
	}
	repo := gittest.New(t)
	repo.Write(sizesFixture())
	repo.Commit("base")
	store := filepath.Join(t.TempDir(), "store")
	env := append(os.Environ(), "HOME="+t.TempDir())
	lgraph := func(args ...string) {
		cmd := exec.Command(bin, append(args, "--repo", repo.Dir, "--store", store, "--quiet")...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("lgraph %v: %v\n%s", args, err, out)
		}
	}
	lgraph("init")
	for i := range 6 { // a ledger longer than its first page
		repo.Write(map[string]string{"app/extra.py": fmt.Sprintf("def extra():\n    return %d\n", i)})
		repo.Commit(fmt.Sprintf("extra %d", i))
		lgraph("update")
	}
	cmd := exec.Command(bin, "serve", "--mcp", "--repo", repo.Dir, "--store", store)
	cmd.Env = env
	ctx := context.Background()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()

	list, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(list)
	tools, _ := json.Marshal(list.Tools)
	t.Logf("tools/list: %d tools, %d bytes (the tools %d)", len(list.Tools), len(raw), len(tools))
	if len(tools) >= maxToolsList {
		t.Errorf("tools/list's tools are %d bytes, want under %d", len(tools), maxToolsList)
	}

	count := tokens.New().Count
	call := func(name string, args map[string]any) (string, map[string]json.RawMessage) {
		t.Helper()
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		t.Logf("%-16s %-44s %6d bytes %6d tokens", name, compact(args), len(text), count(text))
		if len(text) > maxAnswer {
			t.Errorf("%s %v: %d bytes, over %d", name, args, len(text), maxAnswer)
		}
		var env struct {
			OK     bool
			Result map[string]json.RawMessage
		}
		if err := json.Unmarshal([]byte(text), &env); err != nil || !env.OK || res.IsError {
			t.Fatalf("%s %v: %s", name, args, text)
		}
		return text, env.Result
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"lgraph_status", nil}, {"lgraph_deps", map[string]any{"file": "app/main.py"}},
		{"lgraph_rdeps", map[string]any{"file": "lib/ops.py"}}, {"lgraph_callers", map[string]any{"symbol": "step5"}},
		{"lgraph_callees", map[string]any{"symbol": "run"}}, {"lgraph_impact", map[string]any{"target": "step0"}},
		{"lgraph_search", map[string]any{"text": "step"}}, {"lgraph_show", map[string]any{"target": "lib/ops.py"}},
		{"lgraph_implicit", map[string]any{"file": "app/main.py"}}, {"lgraph_wiki", nil},
		{"lgraph_log", map[string]any{"run": 2}},
	} {
		call(c.tool, c.args)
	}

	for _, budget := range []int{300, 1000, 4000} {
		for _, target := range []string{"step5", "lib/ops.py", "app/main.py:5"} {
			text, res := call("lgraph_context", map[string]any{"target": target, "tokens": budget})
			if n := count(text); n > budget {
				t.Errorf("lgraph_context %s: %d tokens, budget %d", target, n, budget)
			}
			if budget == 300 && string(res["omitted"]) == "[]" {
				t.Errorf("lgraph_context %s at 300 tokens left nothing out: %s", target, text)
			}
		}
	}

	for _, args := range []map[string]any{{}, {"tokens": 300}, {"tokens": 4000}, {"focus": []string{"app/cli.py"}, "tokens": 500}, {"modules": true}} {
		budget := 1024
		if n, ok := args["tokens"].(int); ok {
			budget = n
		}
		text, res := call("lgraph_map", args)
		if n := count(text); n > budget {
			t.Errorf("lgraph_map %v: %d tokens, budget %d", args, n, budget)
		}
		if string(res["shown"]) == "0" {
			t.Errorf("lgraph_map %v shows nothing: %s", args, text)
		}
	}

	// an insight an agent notes is shown by lgraph_wiki and lgraph_context
	call("lgraph_wiki_note", map[string]any{"module": "lib", "text": "step39 doubles 39 times: mind overflow"})
	if _, res := call("lgraph_wiki", map[string]any{"module": "lib"}); !strings.Contains(string(res["insights"]), "mind overflow") {
		t.Errorf("lgraph_wiki lib insights: %s", res["insights"])
	}
	if _, res := call("lgraph_context", map[string]any{"target": "step39"}); !strings.Contains(string(res["insights"]), "mind overflow") {
		t.Errorf("lgraph_context step39 insights: %s", res["insights"])
	}

	// the ledger: a short first page that says how many more
	_, res := call("lgraph_log", nil)
	var runs []json.RawMessage
	_ = json.Unmarshal(res["items"], &runs)
	if len(runs) != 5 || string(res["total"]) != "7" || !strings.Contains(string(res["more"]), "offset 5") {
		t.Errorf("lgraph_log: %d runs, total %s, more %s", len(runs), res["total"], res["more"])
	}
	// a module doc: paged by lines, the rest on asking
	_, first := call("lgraph_wiki", map[string]any{"module": "lib"})
	_, rest := call("lgraph_wiki", map[string]any{"module": "lib", "offset": 40, "limit": 0})
	var doc1, doc2 string
	_ = json.Unmarshal(first["doc"], &doc1)
	_ = json.Unmarshal(rest["doc"], &doc2)
	if string(first["next_offset"]) != "40" || !strings.Contains(string(first["more"]), "offset 40") ||
		strings.Count(doc1, "\n") != 40 || !strings.Contains(doc1+doc2, "step39") || rest["next_offset"] != nil {
		t.Errorf("lgraph_wiki lib pages:\n first %v\n rest %v", first, rest)
	}
}

func compact(args map[string]any) string {
	if args == nil {
		return "{}"
	}
	b, _ := json.Marshal(args)
	return string(b)
}
