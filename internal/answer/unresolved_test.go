package answer_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/query"
)

// TestShapeUnresolved: an answer counts the unresolved call sites the
// filter keeps and shows a few of them, or all when asked; the schema
// accepts both, and requires the count.
func TestShapeUnresolved(t *testing.T) {
	var sites []query.UnresolvedSite
	for i := 1; i <= answer.UnresolvedExamples+3; i++ {
		sites = append(sites, query.UnresolvedSite{Path: "app/a.py", Line: i, Call: "x.hello", Receiver: "x"})
	}
	sites = append(sites, query.UnresolvedSite{Path: "tests/test_a.py", Line: 1, Call: "hello"})
	u := answer.ShapeUnresolved(sites, answer.Filter{NoTests: true}, false)
	if u.Sites != answer.UnresolvedExamples+3 || len(u.Examples) != answer.UnresolvedExamples || u.More() != 3 {
		t.Errorf("a few = %d sites, %d examples, %d more", u.Sites, len(u.Examples), u.More())
	}
	all := answer.ShapeUnresolved(sites, answer.Filter{}, true)
	if all.Sites != len(sites) || len(all.Examples) != len(sites) || all.More() != 0 {
		t.Errorf("all = %d sites, %d examples", all.Sites, len(all.Examples))
	}
	calls := answer.ShapeCalls(query.CallsResult{Symbol: query.NodeRef{ID: "sym:a.py#hello", Kind: "symbol", Name: "hello", Path: "a.py"},
		Direction: "callers", Unresolved: sites}, answer.Filter{}, answer.Page{})
	for _, c := range []answer.Calls{calls, {Symbol: calls.Symbol, Direction: "callers", Unresolved: all, List: calls.List}} {
		doc, err := jsonOf(answer.Success(c, nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := answer.Validate(doc, "calls"); err != nil {
			t.Errorf("%v\n%s", err, doc)
		}
	}
	none := answer.ShapeUnresolved(nil, answer.Filter{}, false)
	if doc, _ := jsonOf(none); string(doc) != `{"unresolved_sites":0,"unresolved":[]}` {
		t.Errorf("no sites = %s", doc)
	}
	bad := `{"ok":true,"result":{"symbol":{"id":"sym:a.py#f","kind":"symbol","name":"f","path":"a.py"},"direction":"callers",` +
		`"items":[],"total":0,"offset":0,"truncated":false},"error":null,"freshness":null}`
	if err := answer.Validate([]byte(bad), "calls"); err == nil {
		t.Error("a calls result without unresolved_sites was accepted")
	}
}

// TestDepsKindImplicit: --kind implicit keeps the files sharing a key with
// the file, with the keys alone as via.
func TestDepsKindImplicit(t *testing.T) {
	r := query.DepsResult{File: query.NodeRef{ID: "file:a.go", Kind: "file", Name: "a.go", Path: "a.go"}, Direction: "deps", Files: []query.FileDep{
		{Path: "b.py", Kinds: []string{"implicit", "imports"}, Via: []string{"b", "env:HOME"},
			ViaByKind: map[string][]string{"implicit": {"env:HOME"}, "imports": {"b"}}},
		{Path: "c.go", Kinds: []string{"calls"}, Via: []string{"c.F"}, ViaByKind: map[string][]string{"calls": {"c.F"}}},
	}}
	got := answer.ShapeDeps(r, answer.Filter{Kinds: []string{"implicit"}}, answer.Page{})
	if len(got.Items) != 1 || got.Items[0].Path != "b.py" || !slices.Equal(got.Items[0].Via, []string{"env:HOME"}) ||
		!slices.Equal(got.Items[0].Kinds, []string{"implicit"}) {
		t.Errorf("deps --kind implicit = %+v", got.Items)
	}
	if all := answer.ShapeDeps(r, answer.Filter{}, answer.Page{}); len(all.Items) != 2 || len(all.Items[0].Via) != 2 {
		t.Errorf("deps = %s", fmt.Sprint(all.Items))
	}
}
