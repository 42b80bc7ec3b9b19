package implicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
)

func TestPlace(t *testing.T) {
	// Exact content: CRLF and runs of blank lines that normalization (what
	// the model saw) collapses.
	data := []byte("import os\r\n\r\n\r\n\r\nh = lookup(\"pdf\")  \r\nfetch(f\"/users/{uid}\")\r\nregister('pdf')\r\n")
	got := place([]llm.Coupling{
		{Kind: "registry", Key: "pdf", Evidence: []string{`register('pdf')`}, Confidence: 90},
		{Kind: "registry", Key: "pdf", Evidence: []string{`h = lookup("pdf")`}, Confidence: 70},
		{Kind: "route", Key: "/users/:id", Evidence: []string{"fetch(f\"/users/{uid}\")\nmore"}, Confidence: 60},
		{Kind: "table", Key: "public.Orders", Evidence: []string{"SELECT * FROM orders"}, Confidence: 99},
		{Kind: "env", Key: "PATH", Evidence: []string{"import os"}, Confidence: 80},
		{Kind: "topic", Key: "x", Evidence: []string{"os"}, Confidence: 80},
	}, data)
	want := []facts.Coupling{
		{Kind: "registry", Key: "pdf", Lines: []int{5, 7}, Evidence: []string{`register('pdf')`, `h = lookup("pdf")`}, Confidence: 90},
		{Kind: "route", Key: "/users/{}", Lines: []int{6}, Evidence: []string{"fetch(f\"/users/{uid}\")\nmore"}, Confidence: 60},
	}
	// The table's evidence is not in the file (made up), PATH is the
	// shell's, and "os" is too short a quote to place.
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("place (-want +got):\n%s", diff)
	}
}

func TestExploredEdges(t *testing.T) {
	idx := func(m map[string][]string) users { return func(k string) []string { return m[k] } }
	rules := idx(map[string][]string{"env:DB": {"a.py", "b.py", "c.py"}})
	proposed := idx(map[string][]string{"env:DB": {"a.py", "d.py"}, "registry:pdf": {"a.py", "e.py"}})
	a := &snapshot.File{Path: "a.py", Signals: []facts.Signal{{Kind: "env", Key: "DB"}},
		Couplings: []facts.Coupling{{Kind: "env", Key: "DB"}, {Kind: "registry", Key: "pdf"}}}
	edge := func(to, via string) snapshot.Edge {
		return snapshot.Edge{Source: nodeid.File("a.py"), Target: nodeid.File(to), Kind: edgekind.Implicit, Via: via, ResolvedBy: snapshot.DetectedByLLM}
	}
	// a-b and a-c are rule edges (both ends found DB by rule); d proposed DB.
	want := []snapshot.Edge{edge("d.py", "env:DB"), edge("e.py", "registry:pdf")}
	if diff := cmp.Diff(want, exploredEdges(a, rules, proposed, 50)); diff != "" {
		t.Errorf("edges (-want +got):\n%s", diff)
	}
	// b found DB by rule only: its edge to d (which only proposed it) is the explorer's.
	b := &snapshot.File{Path: "b.py", Signals: []facts.Signal{{Kind: "env", Key: "DB"}}}
	got := exploredEdges(b, rules, proposed, 50)
	if len(got) != 1 || got[0].Target != "file:d.py" {
		t.Errorf("edges of b: %+v, want one to d.py", got)
	}
	// Four files use DB in all: over a limit of 3 it is too generic.
	if got := exploredEdges(a, rules, proposed, 3); len(got) != 1 || got[0].Via != "registry:pdf" {
		t.Errorf("with limit 3: %+v", got)
	}
}
