// Package graph turns a snapshot into the node and edge lists that exports,
// queries and verify share, in one deterministic order.
package graph

import (
	"bytes"
	"path"
	"sort"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Node is one exported node (docs/design.md §7); line numbers are attributes.
type Node struct {
	Type       string `json:"type"`
	ID         string `json:"id"`
	Kind       string `json:"kind"`
	Path       string `json:"path"`
	Name       string `json:"name"`
	Lang       string `json:"lang"`
	SymbolKind string `json:"symbol_kind,omitempty"`
	Line       int    `json:"line,omitempty"`
	EndLine    int    `json:"end_line,omitempty"`
	Signature  string `json:"signature,omitempty"`
	Summary    string `json:"summary,omitempty"`
}

// Edge is one exported edge.
type Edge struct {
	Type   string `json:"type"`
	Source string `json:"source"`
	Target string `json:"target"`
	Kind   string `json:"kind"`
	Via    string `json:"via"`
	// ResolvedBy says how a calls or references edge was resolved: type,
	// import, scope or name (a bare name match).
	ResolvedBy string `json:"resolved_by,omitempty"`
	// DetectedBy says what found an implicit edge: rules, or llm for the
	// model explorer's edges.
	DetectedBy string `json:"detected_by,omitempty"`
	// Confidence is an llm edge's: the lower of its two ends' (a key an
	// end found by rule counts 1), from 0 to 1.
	Confidence float64 `json:"confidence,omitempty"`
	Summary    string  `json:"summary,omitempty"`
	// Weight counts the edges merged into this one by a file or module
	// level view (0 in the full graph).
	Weight int `json:"weight,omitempty"`
}

// Graph is a snapshot's nodes and edges, sorted.
type Graph struct {
	Nodes []Node
	Edges []Edge
}

// Build lists a snapshot's nodes (modules, files, symbols) and edges (the
// resolved edges plus module-contains-file), sorted by id and by
// (source, target, kind, via, resolved_by, detected_by), ties by their
// JSON lines (Stream writes the same graph without holding it).
func Build(s *snapshot.Snapshot) *Graph {
	g := &Graph{}
	visit(s, func(n Node) { g.Nodes = append(g.Nodes, n) }, func(e Edge) { g.Edges = append(g.Edges, e) })
	sort.Slice(g.Nodes, func(i, j int) bool { return nodeLess(g.Nodes[i], g.Nodes[j]) })
	sort.Slice(g.Edges, func(i, j int) bool { return edgeLess(g.Edges[i], g.Edges[j]) })
	g.Edges = dedupe(g.Edges)
	return g
}

// visit calls node and edge for each of a snapshot's nodes and edges, in
// no particular order; an edge may come twice.
func visit(s *snapshot.Snapshot, node func(Node), edge func(Edge)) {
	dirs := map[string]bool{}
	for _, p := range s.Paths() {
		// Read whole but not kept: Get keeps each record it decodes, and
		// Stream holds no more of the graph than one file's.
		f := s.Files.GetParts(p, snapshot.AllParts)
		if f == nil {
			continue
		}
		dir := path.Dir(p)
		dirs[dir] = true
		node(Node{Type: "node", ID: nodeid.File(p), Kind: nodeid.KindFile, Path: p, Name: path.Base(p), Lang: f.Lang, Summary: f.Summary})
		edge(Edge{Type: "edge", Source: nodeid.Module(dir), Target: nodeid.File(p), Kind: edgekind.Contains})
		symbolNodes(f, node)
		for _, e := range f.Implicit {
			edge(Edge{Type: "edge", Source: e.Source, Target: e.Target, Kind: e.Kind, Via: e.Via, DetectedBy: detectedBy(e)})
		}
		for _, e := range f.Explored {
			edge(Edge{Type: "edge", Source: e.Source, Target: e.Target, Kind: e.Kind, Via: e.Via,
				DetectedBy: detectedBy(e), Confidence: Confidence(s, f, e)})
		}
		for _, e := range f.Res.Edges {
			out := Edge{Type: "edge", Source: e.Source, Target: e.Target, Kind: e.Kind, Via: e.Via, ResolvedBy: e.ResolvedBy}
			if e.Kind == edgekind.Imports {
				out.Summary = f.EdgeSummaries[nodeid.PathOf(e.Target)]
			}
			edge(out)
		}
	}
	for dir := range dirs {
		n := Node{Type: "node", ID: nodeid.Module(dir), Kind: nodeid.KindModule, Path: dir, Name: path.Base(dir)}
		if m := s.Modules.Get(dir); m != nil {
			n.Summary = m.Doc
		}
		node(n)
	}
}

func symbolNodes(f *snapshot.File, node func(Node)) {
	if f.Facts == nil {
		return
	}
	ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
	for i, s := range f.Facts.Symbols {
		node(Node{
			Type: "node", ID: ids[i], Kind: nodeid.KindSymbol, Path: f.Path, Name: s.Qualified, Lang: f.Lang,
			SymbolKind: s.Kind, Line: s.Line, EndLine: s.EndLine, Signature: s.Signature,
		})
	}
}

// nodeLess orders nodes by id; two of one id (none in a well-formed
// snapshot) by their JSON lines, so the order never depends on the sort.
func nodeLess(a, b Node) bool {
	if a.ID != b.ID {
		return a.ID < b.ID
	}
	return bytes.Compare(jsonLine(a), jsonLine(b)) < 0
}

func edgeLess(a, b Edge) bool {
	if a.Source != b.Source {
		return a.Source < b.Source
	}
	if a.Target != b.Target {
		return a.Target < b.Target
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Via != b.Via {
		return a.Via < b.Via
	}
	if a.ResolvedBy != b.ResolvedBy {
		return a.ResolvedBy < b.ResolvedBy
	}
	if a.DetectedBy != b.DetectedBy {
		return a.DetectedBy < b.DetectedBy
	}
	return bytes.Compare(jsonLine(a), jsonLine(b)) < 0
}

// detectedBy is what found an implicit edge: "rules" unless the edge
// records otherwise.
func detectedBy(e snapshot.Edge) string {
	if e.ResolvedBy != "" {
		return e.ResolvedBy
	}
	return "rules"
}

// Confidence is how sure an explorer edge of file f is, from 0 to 1: the
// lower of its ends' confidence in the key it goes through.
func Confidence(s *snapshot.Snapshot, f *snapshot.File, e snapshot.Edge) float64 {
	c := f.KeyConfidence(e.Via)
	if t := s.Files.Get(nodeid.PathOf(e.Target)); t != nil {
		c = min(c, t.KeyConfidence(e.Via))
	}
	return float64(c) / 100
}

func dedupe(edges []Edge) []Edge {
	out := edges[:0]
	for i, e := range edges {
		if i > 0 && e == edges[i-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}
