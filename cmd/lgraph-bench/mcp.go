package main

import (
	"context"
	"fmt"
	"os/exec"
	"sort"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpOptions name an indexed working tree and what to ask about it.
type mcpOptions struct {
	dir, file, symbol, text string
	calls                   int
}

// mcpCall is one tool call the benchmark repeats.
type mcpCall struct {
	tool string
	args map[string]any
}

// benchMCP starts `lgraph serve --mcp` in an indexed working tree, asks each
// query once to warm the server, then times calls round trip through the
// SDK client (JSON-RPC over the process's pipes, as an agent sees it) and
// prints each tool's median and p90.
func benchMCP(ctx context.Context, o options, m mcpOptions) error {
	cmd := exec.CommandContext(ctx, o.lgraph, "serve", "--mcp")
	cmd.Dir = m.dir
	client := mcp.NewClient(&mcp.Implementation{Name: "lgraph-bench", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return fmt.Errorf("start %s serve --mcp in %s: %w", o.lgraph, m.dir, err)
	}
	defer cs.Close()
	calls := []mcpCall{
		{"lgraph_status", map[string]any{}},
		{"lgraph_deps", map[string]any{"file": m.file}},
		{"lgraph_rdeps", map[string]any{"file": m.file}},
		{"lgraph_callers", map[string]any{"symbol": m.symbol}},
		{"lgraph_impact", map[string]any{"target": m.file, "depth": 3}},
		{"lgraph_search", map[string]any{"text": m.text}},
	}
	fmt.Printf("| MCP tool (warm, %d calls) | median | p90 |\n|---|---|---|\n", m.calls)
	for _, c := range calls {
		if _, err := callTool(ctx, cs, c); err != nil {
			return err
		}
		var took []time.Duration
		for range m.calls {
			d, err := callTool(ctx, cs, c)
			if err != nil {
				return err
			}
			took = append(took, d)
		}
		sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
		fmt.Printf("| `%s` | %s | %s |\n", c.tool, millis(took[len(took)/2]), millis(took[len(took)*9/10]))
	}
	return nil
}

// callTool times one call; a tool error (the answer's ok false) is an
// error here, since a benchmark of refusals would measure nothing.
func callTool(ctx context.Context, cs *mcp.ClientSession, c mcpCall) (time.Duration, error) {
	start := time.Now()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
	took := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", c.tool, err)
	}
	if res.IsError {
		text := ""
		if len(res.Content) > 0 {
			if t, ok := res.Content[0].(*mcp.TextContent); ok {
				text = t.Text
			}
		}
		return 0, fmt.Errorf("%s %v: %s", c.tool, c.args, text)
	}
	return took, nil
}

func millis(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
