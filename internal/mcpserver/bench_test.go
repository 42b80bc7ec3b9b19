package mcpserver_test

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/internal/mcpserver"
)

// BenchmarkCall times tool calls on the fixture with the view kept warm
// (as serve --mcp runs) and opened anew for each call.
func BenchmarkCall(b *testing.B) {
	calls := []struct {
		name string
		args map[string]any
	}{
		{"lgraph_status", nil},
		{"lgraph_deps", map[string]any{"file": "app/main.py"}},
		{"lgraph_callers", map[string]any{"symbol": "helper"}},
	}
	for _, warm := range []bool{true, false} {
		ctx, cancel := context.WithCancel(context.Background())
		opts := mcpserver.Options{}
		if warm {
			opts.Warm = ctx
		}
		e := setupWith(b, opts)
		for _, c := range calls {
			mode := "cold"
			if warm {
				mode = "warm"
			}
			b.Run(mode+"/"+c.name, func(b *testing.B) {
				for b.Loop() {
					res, err := e.session.CallTool(context.Background(), &mcp.CallToolParams{Name: c.name, Arguments: c.args})
					if err != nil || res.IsError {
						b.Fatalf("%s: %v %+v", c.name, err, res)
					}
				}
			})
		}
		cancel()
	}
}
