package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveLines runs a bare MCP server over the stdio transport on the given
// input lines, until the input ends, and returns its output lines.
func serveLines(t *testing.T, limit int, lines ...string) []string {
	t.Helper()
	srv := mcp.NewServer(&mcp.Implementation{Name: "frames-test", Version: "0"}, nil)
	in := io.NopCloser(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Run(ctx, stdio(in, &out, limit)); err != nil && ctx.Err() != nil {
		t.Fatalf("server did not stop at the end of input: %v", err)
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

type wireReply struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code int `json:"code"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

const (
	initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`
	ping        = `{"jsonrpc":"2.0","id":99,"method":"ping"}`
)

// Each malformed frame gets one JSON-RPC error, and the server goes on:
// the ping after it is answered.
func TestMalformedFramesAreAnsweredNotFatal(t *testing.T) {
	for _, tc := range []struct {
		name, frame string
		code        int
		id          string
	}{
		{"not json", `{not json`, -32700, "null"},
		{"empty batch", `[]`, -32600, "null"},
		{"nul bytes", "\x00\x00\x00", -32700, "null"},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, -32600, "null"},
		{"trailing data", `{"jsonrpc":"2.0","id":5,"method":"ping"} trailing`, -32700, "null"},
		{"two values", `{"jsonrpc":"2.0","id":5,"method":"ping"}{"jsonrpc":"2.0","id":6,"method":"ping"}`, -32700, "null"},
		{"scalar", `42`, -32600, "null"},
		{"null", `null`, -32600, "null"},
		{"wrong version", `{"jsonrpc":"1.0","id":"x","method":"ping"}`, -32600, `"x"`},
		{"no version", `{"id":7,"method":"ping"}`, -32600, "7"},
		{"bad batch member", `[{"jsonrpc":"2.0","id":3,"method":"ping"},7]`, -32600, "null"},
		{"batch repeats an id", `[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`, -32600, "null"},
		{"response without id", `{"jsonrpc":"2.0","result":{}}`, -32600, "null"},
		{"too long", `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"pad":"` + strings.Repeat("x", 600) + `"}}`, -32600, "null"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := serveLines(t, 512, initialize, initialized, tc.frame, ping)
			var errs, pongs int
			for _, line := range out {
				var r wireReply
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("output line is not JSON: %q", line)
				}
				switch {
				case string(r.ID) == "99" && r.Error == nil:
					pongs++
				case r.Error != nil:
					errs++
					if r.Error.Code != tc.code || string(r.ID) != tc.id {
						t.Errorf("error %s (id %s), want code %d id %s", line, r.ID, tc.code, tc.id)
					}
				}
			}
			if errs != 1 || pongs != 1 {
				t.Fatalf("%d errors and %d pings answered, want 1 and 1:\n%s", errs, pongs, strings.Join(out, "\n"))
			}
		})
	}
}

// Good frames pass as they are: blank lines, CRLF endings, surrounding
// blanks, a batch, and a last line without a newline.
func TestGoodFramesPass(t *testing.T) {
	batch := `[{"jsonrpc":"2.0","id":11,"method":"ping"},{"jsonrpc":"2.0","id":12,"method":"ping"}]`
	out := serveLines(t, 1<<20, initialize, "", initialized+"\r", "  "+ping+" \t", batch, `{"jsonrpc":"2.0","id":13,"method":"ping"}`)
	text := strings.Join(out, "\n")
	for _, want := range []string{`"id":99,"result"`, `"id":11,"result"`, `"id":12,"result"`, `"id":13,"result"`} {
		if !strings.Contains(text, want) {
			t.Errorf("no %s in:\n%s", want, text)
		}
	}
	if strings.Contains(text, `"error"`) {
		t.Errorf("a good frame was refused:\n%s", text)
	}
}
