package graph

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

func view(t *testing.T, o ViewOptions) *Graph {
	t.Helper()
	g, err := Build(sample()).View(o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func edgesOf(g *Graph) []string {
	var out []string
	for _, e := range g.Edges {
		out = append(out, e.Source+" -"+e.Kind+"-> "+e.Target)
	}
	return out
}

// TestViewLevels checks that file and module views lift edges to their
// ends' files or modules, drop contains and self edges, and count merged
// edges.
func TestViewLevels(t *testing.T) {
	full := Build(sample())
	if same := view(t, ViewOptions{}); len(same.Nodes) != len(full.Nodes) || len(same.Edges) != len(full.Edges) {
		t.Errorf("symbol level changed the graph: %d/%d nodes, %d/%d edges", len(same.Nodes), len(full.Nodes), len(same.Edges), len(full.Edges))
	}
	files := view(t, ViewOptions{Level: "file"})
	want := []string{`file:a/x.go -calls-> file:b/"q"&<y>.go`, `file:a/x.go -imports-> file:b/"q"&<y>.go`}
	if got := edgesOf(files); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("file level edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, n := range files.Nodes {
		if n.Kind != "file" {
			t.Errorf("file level holds a %s node %s", n.Kind, n.ID)
		}
	}
	mods := view(t, ViewOptions{Level: "module"})
	if got := edgesOf(mods); len(got) != 2 || got[0] != "mod:a -calls-> mod:b" || mods.Edges[0].Weight != 1 {
		t.Errorf("module level edges: %v", got)
	}
	if len(mods.Nodes) != 2 {
		t.Errorf("module level nodes: %+v", mods.Nodes)
	}
	onlyImports := view(t, ViewOptions{Level: "module", Kinds: []string{"imports"}})
	if got := edgesOf(onlyImports); len(got) != 1 || got[0] != "mod:a -imports-> mod:b" {
		t.Errorf("module level, imports only: %v", got)
	}
	if _, err := Build(sample()).View(ViewOptions{Level: "package"}); err == nil {
		t.Error("an unknown level was accepted")
	}
}

// TestViewFocus checks neighbourhoods: depth 0 is the node alone, depth 1
// adds its neighbours in either direction.
func TestViewFocus(t *testing.T) {
	alone := view(t, ViewOptions{Focus: "sym:a/x.go#Run", Depth: 0})
	if len(alone.Nodes) != 1 || len(alone.Edges) != 0 {
		t.Errorf("depth 0: %d nodes, %d edges", len(alone.Nodes), len(alone.Edges))
	}
	near := view(t, ViewOptions{Focus: "sym:a/x.go#Run", Depth: 1})
	ids := map[string]bool{}
	for _, n := range near.Nodes {
		ids[n.ID] = true
	}
	if !ids["file:a/x.go"] || !ids[`sym:b/"q"&<y>.go#Do`] || ids[`file:b/"q"&<y>.go`] {
		t.Errorf("depth 1 around Run: %v", ids)
	}
	if g := view(t, ViewOptions{Level: "module", Focus: "a/x.go", Depth: 1}); len(g.Nodes) != 2 {
		t.Errorf("a file path focuses its module at the module level: %+v", g.Nodes)
	}
	if _, err := Build(sample()).View(ViewOptions{Focus: "nothing.go"}); err == nil {
		t.Error("an unknown focus was accepted")
	}
}

// TestExportMermaid checks the flowchart: one line per node and edge,
// labels escaped, unique (paths, not base names).
func TestExportMermaid(t *testing.T) {
	out := string(export(t, "mermaid"))
	if !strings.HasPrefix(out, "flowchart LR\n") {
		t.Fatalf("mermaid: %s", out)
	}
	if !strings.Contains(out, `["b/#quot;q#quot;&#lt;y#gt;.go"]`) || strings.Contains(out, `"q"`) {
		t.Errorf("mermaid labels not escaped:\n%s", out)
	}
	if n := strings.Count(out, "-->|"); n != 5 {
		t.Errorf("mermaid has %d edges, want 5:\n%s", n, out)
	}
}

// TestGraphMLTypes checks that GraphML declares every attribute with its
// type (line an int) and carries symbol kinds and signatures.
func TestGraphMLTypes(t *testing.T) {
	out := export(t, "graphml")
	for _, want := range []string{`<key id="line" for="node" attr.name="line" attr.type="int"/>`,
		`<key id="symbol_kind" for="node" attr.name="symbol_kind" attr.type="string"/>`, `<data key="symbol_kind">function</data>`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("graphml lacks %s", want)
		}
	}
	if err := xml.Unmarshal(out, new(struct{})); err != nil {
		t.Errorf("graphml does not parse: %v", err)
	}
}

// TestViewFocusDropsOuterRing checks that a neighbourhood keeps the edges
// leading out from the focus, not those among its outermost nodes.
func TestViewFocusDropsOuterRing(t *testing.T) {
	g := &Graph{
		Nodes: []Node{{ID: "file:a"}, {ID: "file:b"}, {ID: "file:c"}, {ID: "file:d"}},
		Edges: []Edge{{Source: "file:a", Target: "file:b", Kind: "imports"}, {Source: "file:a", Target: "file:c", Kind: "imports"},
			{Source: "file:b", Target: "file:c", Kind: "imports"}, {Source: "file:c", Target: "file:d", Kind: "imports"}},
	}
	one, err := g.View(ViewOptions{Focus: "file:a", Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(edgesOf(one), "; "); got != "file:a -imports-> file:b; file:a -imports-> file:c" || len(one.Nodes) != 3 {
		t.Errorf("depth 1: %d nodes, edges %s", len(one.Nodes), got)
	}
	two, _ := g.View(ViewOptions{Focus: "file:a", Depth: 2})
	if len(two.Edges) != 4 || len(two.Nodes) != 4 {
		t.Errorf("depth 2: %d nodes, edges %v", len(two.Nodes), edgesOf(two))
	}
}
