package mcpserver_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/tokens"
)

// TestContextTool: lgraph_context answers a symbol with its source and
// call sites, and the text the agent reads costs no more than asked.
func TestContextTool(t *testing.T) {
	e := setup(t)
	count := tokens.New().Count
	for _, budget := range []int{300, 600, 4000} {
		r := e.call(t, "lgraph_context", map[string]any{"target": "helper", "tokens": budget})
		if !r.OK {
			t.Fatalf("tokens %d: %s", budget, r.text)
		}
		var res struct {
			Source *struct{ Text string }
			Budget struct{ Tokens, Used int }
		}
		if err := json.Unmarshal(r.Result, &res); err != nil {
			t.Fatal(err)
		}
		if got := count(r.text); got > budget || got != res.Budget.Used || res.Budget.Tokens != budget {
			t.Errorf("tokens %d: the answer costs %d, says %d of %d", budget, got, res.Budget.Used, res.Budget.Tokens)
		}
		if budget >= 600 && (res.Source == nil || !strings.Contains(res.Source.Text, `"""Help the app."""`)) {
			t.Errorf("tokens %d: source %+v", budget, res.Source)
		}
	}
	r := e.call(t, "lgraph_context", map[string]any{"target": "helper", "tokens": 20})
	if r.OK || r.Error.Code != "usage" {
		t.Errorf("tokens 20: %s", r.text)
	}
}
