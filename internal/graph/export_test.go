package graph

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os/exec"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// sample is a two-file snapshot with a call and an import across files,
// and names that need escaping in every format.
func sample() *snapshot.Snapshot {
	s := snapshot.New()
	s.Files.Set(&snapshot.File{Path: "a/x.go", Lang: "go", Facts: &facts.File{Symbols: []facts.Symbol{
		{Name: "Run", Qualified: "Run", Kind: "function", Line: 3, EndLine: 5},
	}}, Res: snapshot.Resolution{Edges: []snapshot.Edge{
		{Source: "file:a/x.go", Target: "sym:a/x.go#Run", Kind: "contains"},
		{Source: "sym:a/x.go#Run", Target: `sym:b/"q"&<y>.go#Do`, Kind: "calls", Via: "y.Do"},
		{Source: "file:a/x.go", Target: `file:b/"q"&<y>.go`, Kind: "imports", Via: "ex/b"},
	}}})
	s.Files.Set(&snapshot.File{Path: `b/"q"&<y>.go`, Lang: "go", Facts: &facts.File{Symbols: []facts.Symbol{
		{Name: "Do", Qualified: "Do", Kind: "function", Line: 1, EndLine: 1},
	}}})
	return s
}

func export(t *testing.T, format string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, Build(sample()), format); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestExportDeterministic(t *testing.T) {
	for _, f := range Formats {
		if a, b := export(t, f), export(t, f); !bytes.Equal(a, b) {
			t.Errorf("%s: two exports of one graph differ", f)
		}
	}
}

func TestExportJSONL(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(string(export(t, "jsonl"))), "\n")
	var nodes, edges int
	for _, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		switch v["type"] {
		case "node":
			nodes++
		case "edge":
			edges++
		}
	}
	// 2 modules + 2 files + 2 symbols; 3 resolved + 2 module-contains edges.
	if nodes != 6 || edges != 5 {
		t.Fatalf("jsonl: %d nodes, %d edges; want 6 and 5:\n%s", nodes, edges, strings.Join(lines, "\n"))
	}
}

// TestExportGraphML checks the GraphML is well-formed XML in the GraphML
// namespace and that every edge end is a declared node.
func TestExportGraphML(t *testing.T) {
	var doc struct {
		XMLName xml.Name `xml:"http://graphml.graphdrawing.org/xmlns graphml"`
		Graph   struct {
			Directed string `xml:"edgedefault,attr"`
			Nodes    []struct {
				ID string `xml:"id,attr"`
			} `xml:"node"`
			Edges []struct {
				Source string `xml:"source,attr"`
				Target string `xml:"target,attr"`
			} `xml:"edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal(export(t, "graphml"), &doc); err != nil {
		t.Fatalf("graphml does not parse: %v", err)
	}
	ids := map[string]bool{}
	for _, n := range doc.Graph.Nodes {
		ids[n.ID] = true
	}
	if len(ids) != 6 || doc.Graph.Directed != "directed" {
		t.Fatalf("graphml: %d nodes, edgedefault %q", len(ids), doc.Graph.Directed)
	}
	for _, e := range doc.Graph.Edges {
		if !ids[e.Source] || !ids[e.Target] {
			t.Errorf("edge %s -> %s names an undeclared node", e.Source, e.Target)
		}
	}
}

// TestExportDOTRenders runs Graphviz on the DOT export when it is installed.
func TestExportDOTRenders(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("graphviz (dot) is not installed; .ci/run installs it")
	}
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = bytes.NewReader(export(t, "dot"))
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("<svg")) {
		t.Fatalf("dot -Tsvg failed: %v\n%s", err, out)
	}
}
