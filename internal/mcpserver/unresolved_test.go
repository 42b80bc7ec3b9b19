package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/mcpserver"
)

// unresolvedFixture: Greeter.hello is called twice through a typed
// receiver and seven times on untyped parameters; svc/db.go and
// app/conf.py read the same environment variable.
var unresolvedFixture = map[string]string{
	"lib/greet.py": "class Greeter:\n    def hello(self):\n        return 'hi'\n",
	"app/use.py": "from lib.greet import Greeter\n\n\ndef typed():\n    Greeter.hello(Greeter())\n\n\n" +
		"def untyped(a, b, c, d, e, f, g):\n    a.hello()\n    b.hello()\n    c.hello()\n    d.hello()\n    e.hello()\n    f.hello()\n    g.hello()\n\n\n" +
		"def typed_too():\n    Greeter().hello()\n",
	"svc/db.go":   "package svc\n\nimport \"os\"\n\nvar dsn = os.Getenv(\"DATABASE_URL\")\n",
	"app/conf.py": "import os\n\nURL = os.environ[\"DATABASE_URL\"]\n",
}

// unresolvedResult is the part of a callers or impact result about what
// it could not resolve.
type unresolvedResult struct {
	Sites    *int `json:"unresolved_sites"`
	Examples []struct {
		Path, Call, Receiver string
		Line                 int
	} `json:"unresolved"`
	Total int
}

// TestToolsReportUnresolved: lgraph_callers and lgraph_impact count the
// call sites of the name whose receiver is untyped, show a few, and list
// them all with include_unresolved, as the CLI does.
func TestToolsReportUnresolved(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	e := setupRepo(t, unresolvedFixture, mcpserver.Options{Warm: ctx})
	for _, tc := range []struct {
		tool     string
		args     map[string]any
		cli      []string
		examples int
	}{
		{"lgraph_callers", map[string]any{"symbol": "hello"}, []string{"callers", "hello"}, 5},
		{"lgraph_callers", map[string]any{"symbol": "hello", "include_unresolved": true}, []string{"callers", "hello", "--include-unresolved"}, 7},
		{"lgraph_impact", map[string]any{"target": "Greeter.hello"}, []string{"impact", "Greeter.hello"}, 5},
		{"lgraph_impact", map[string]any{"target": "lib/greet.py", "include_unresolved": true, "by": "file"},
			[]string{"impact", "lib/greet.py", "--include-unresolved", "--by", "file"}, 7},
	} {
		r := e.call(t, tc.tool, tc.args)
		if r.isError {
			t.Fatalf("%s %v: %s", tc.tool, tc.args, r.text)
		}
		var res unresolvedResult
		if err := json.Unmarshal(r.Result, &res); err != nil {
			t.Fatal(err)
		}
		if res.Sites == nil || *res.Sites != 7 || len(res.Examples) != tc.examples || res.Total < 1 {
			t.Errorf("%s %v: %s", tc.tool, tc.args, r.Result)
		} else if x := res.Examples[0]; x.Path != "app/use.py" || x.Line != 9 || x.Call != "a.hello" || x.Receiver != "a" {
			t.Errorf("%s %v: first example %+v", tc.tool, tc.args, x)
		}
		if cli := runCLI(t, e, tc.cli...); !jsonEqual(cli, r.Result) {
			t.Errorf("result differs from lgraph --json %v:\nmcp: %s\ncli: %s", tc.cli, r.Result, cli)
		}
	}
	if r := e.call(t, "lgraph_callers", map[string]any{"symbol": "hello", "include_unresolved": "yes"}); !r.isError {
		t.Errorf("include_unresolved \"yes\" accepted: %s", r.text)
	}
}

// TestImplicitKeyUsers: lgraph_implicit given a key lists the files
// reading it, as the CLI's implicit KEY does; file and key together, or
// neither, is refused.
func TestImplicitKeyUsers(t *testing.T) {
	e := setupRepo(t, unresolvedFixture, mcpserver.Options{})
	for _, key := range []string{"env:DATABASE_URL", "DATABASE_URL"} {
		r := e.call(t, "lgraph_implicit", map[string]any{"key": key})
		if r.isError {
			t.Fatalf("key %s: %s", key, r.text)
		}
		var res struct {
			Keys  []string
			Items []struct {
				Path   string
				Line   int
				Joined bool
			}
		}
		if err := json.Unmarshal(r.Result, &res); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Keys, []string{"env:DATABASE_URL"}) || len(res.Items) != 2 ||
			res.Items[0].Path != "app/conf.py" || res.Items[0].Line != 3 || res.Items[1].Path != "svc/db.go" || res.Items[1].Line != 5 || !res.Items[1].Joined {
			t.Errorf("key %s: %s", key, r.Result)
		}
		if cli := runCLI(t, e, "implicit", key); !jsonEqual(cli, r.Result) {
			t.Errorf("result differs from lgraph --json implicit %s:\nmcp: %s\ncli: %s", key, r.Result, cli)
		}
	}
	for _, args := range []map[string]any{{}, {"file": "svc/db.go", "key": "env:X"}} {
		if r := e.call(t, "lgraph_implicit", args); !r.isError || !strings.Contains(r.text, "either file or key") {
			t.Errorf("%v accepted: %s", args, r.text)
		}
	}
	if r := e.call(t, "lgraph_implicit", map[string]any{"key": "env:NOPE"}); !r.isError || !strings.Contains(r.text, "lgraph_implicit with file lists the keys") {
		t.Errorf("unknown key: %s", r.text)
	}
}

// TestIncludeUnresolvedKeepsItems: an answer over the byte budget has its
// items cut to fit, but not when it was asked for every unresolved site,
// which cutting the items would not shorten.
func TestIncludeUnresolvedKeepsItems(t *testing.T) {
	e := setupRepo(t, unresolvedFixture, mcpserver.Options{MaxAnswerBytes: 600})
	for _, tc := range []struct {
		tool  string
		args  map[string]any
		items int
	}{
		{"lgraph_callers", map[string]any{"symbol": "hello"}, 1},
		{"lgraph_callers", map[string]any{"symbol": "hello", "include_unresolved": true}, 2},
		{"lgraph_impact", map[string]any{"target": "Greeter.hello"}, 1},
		{"lgraph_impact", map[string]any{"target": "Greeter.hello", "include_unresolved": true}, 2},
	} {
		r := e.call(t, tc.tool, tc.args)
		var res struct {
			unresolvedResult
			Items []json.RawMessage
		}
		if err := json.Unmarshal(r.Result, &res); err != nil || r.isError {
			t.Fatalf("%s %v: %v %s", tc.tool, tc.args, err, r.text)
		}
		if len(res.Items) != tc.items || res.Total != 2 {
			t.Errorf("%s %v: %d items of %d, want %d", tc.tool, tc.args, len(res.Items), res.Total, tc.items)
		}
	}
}

// TestToolsFollowImplicit: lgraph_deps, lgraph_rdeps and lgraph_impact
// answer the files sharing a key, and kind implicit keeps them alone.
func TestToolsFollowImplicit(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	e := setupRepo(t, unresolvedFixture, mcpserver.Options{Warm: ctx})
	type dep struct {
		Path  string
		Kinds []string
		Via   []string
	}
	for _, tc := range []struct {
		tool string
		args map[string]any
		cli  []string
		want []dep
	}{
		{"lgraph_deps", map[string]any{"file": "app/conf.py", "kind": "implicit"}, []string{"deps", "app/conf.py", "--kind", "implicit"},
			[]dep{{"svc/db.go", []string{"implicit"}, []string{"env:DATABASE_URL"}}}},
		{"lgraph_rdeps", map[string]any{"file": "app/conf.py", "kind": "implicit"}, []string{"rdeps", "app/conf.py", "--kind", "implicit"},
			[]dep{{"svc/db.go", []string{"implicit"}, []string{"env:DATABASE_URL"}}}},
		{"lgraph_rdeps", map[string]any{"file": "svc/db.go"}, []string{"rdeps", "svc/db.go"},
			[]dep{{"app/conf.py", []string{"implicit"}, []string{"env:DATABASE_URL"}}}},
		{"lgraph_deps", map[string]any{"file": "app/use.py", "kind": "implicit"}, []string{"deps", "app/use.py", "--kind", "implicit"}, []dep{}},
	} {
		r := e.call(t, tc.tool, tc.args)
		var res struct{ Items []dep }
		if err := json.Unmarshal(r.Result, &res); err != nil || r.isError {
			t.Fatalf("%s %v: %v %s", tc.tool, tc.args, err, r.text)
		}
		if !slices.EqualFunc(res.Items, tc.want, func(a, b dep) bool {
			return a.Path == b.Path && slices.Equal(a.Kinds, b.Kinds) && slices.Equal(a.Via, b.Via)
		}) {
			t.Errorf("%s %v: items %+v, want %+v", tc.tool, tc.args, res.Items, tc.want)
		}
		if cli := runCLI(t, e, tc.cli...); !jsonEqual(cli, r.Result) {
			t.Errorf("result differs from lgraph --json %v:\nmcp: %s\ncli: %s", tc.cli, r.Result, cli)
		}
	}
	r := e.call(t, "lgraph_impact", map[string]any{"target": "svc/db.go", "kind": "implicit"})
	var imp struct {
		Dependents int
		Items      []struct {
			ID    string
			Kinds []string
		}
	}
	if err := json.Unmarshal(r.Result, &imp); err != nil || imp.Dependents != 1 || imp.Items[0].ID != "file:app/conf.py" || !slices.Equal(imp.Items[0].Kinds, []string{"implicit"}) {
		t.Errorf("impact svc/db.go --kind implicit: %v %s", err, r.Result)
	}
}
