package graph

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats lists the export formats.
var Formats = []string{"jsonl", "json", "dot", "graphml", "mermaid"}

// Write writes g in a format; equal graphs give byte-equal output.
func Write(w io.Writer, g *Graph, format string) error {
	bw := bufio.NewWriter(w)
	var err error
	switch format {
	case "jsonl":
		err = writeJSONL(bw, g)
	case "json":
		err = writeJSON(bw, g)
	case "dot":
		err = writeDOT(bw, g)
	case "graphml":
		err = writeGraphML(bw, g)
	case "mermaid":
		err = writeMermaid(bw, g)
	default:
		return fmt.Errorf("unknown export format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

func writeJSONL(w io.Writer, g *Graph) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, n := range g.Nodes {
		if err := enc.Encode(n); err != nil {
			return err
		}
	}
	for _, e := range g.Edges {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(w io.Writer, g *Graph) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	nodes, edges := g.Nodes, g.Edges
	if nodes == nil {
		nodes = []Node{}
	}
	if edges == nil {
		edges = []Edge{}
	}
	return enc.Encode(map[string]any{"nodes": nodes, "edges": edges})
}

// label is a node's unique, readable name: a module's directory, a
// file's path, a symbol's qualified name over its path.
func label(n Node) string {
	switch n.Kind {
	case "symbol":
		return n.Name + "\n" + n.Path
	case "module":
		return n.Path + "/"
	}
	return n.Path
}

func edgeLabel(e Edge) string {
	kind := e.Kind
	switch { // the model explorer's guesses, told apart from rule edges
	case e.DetectedBy == "llm" && e.Confidence > 0:
		kind += " (llm " + strconv.FormatFloat(e.Confidence, 'f', 2, 64) + ")"
	case e.DetectedBy == "llm":
		kind += " (llm)"
	}
	if e.Weight > 1 {
		return fmt.Sprintf("%s ×%d", kind, e.Weight)
	}
	return kind
}

// drawn is one arrow of a picture: the edges between two nodes, of every
// kind, under one label ("calls ×12, imports").
type drawn struct {
	source, target, label string
	// weight counts the edges drawn (merged kinds and lifted edges).
	weight int
}

// penWidth grows with the log of an arrow's weight, from 1 to at most 5.
func penWidth(weight int) float64 {
	w := 1.0
	for n := weight; n > 1 && w < 5; n /= 4 {
		w++
	}
	return w
}

// parallel merges the edges between the same two nodes (adjacent, as
// edges are sorted by source and target) into one arrow: fewer arrows
// render faster and read better.
func parallel(edges []Edge) []drawn {
	var out []drawn
	for i, e := range edges {
		l := edgeLabel(e)
		if i > 0 && e.Source == edges[i-1].Source && e.Target == edges[i-1].Target {
			last := &out[len(out)-1]
			last.weight += max(e.Weight, 1)
			if !strings.Contains(", "+last.label+", ", ", "+l+", ") {
				last.label += ", " + l
			}
			continue
		}
		out = append(out, drawn{e.Source, e.Target, l, max(e.Weight, 1)})
	}
	return out
}

// maxLabelledArrows is the most arrows a DOT export labels: Graphviz lays
// every edge label out as a node, which turns a module picture of a
// 700-file repository from seconds into minutes. Past it the kinds go in
// a tooltip and the weight sets the pen width.
const maxLabelledArrows = 200

func writeDOT(w io.Writer, g *Graph) error {
	arrows := parallel(g.Edges)
	fmt.Fprintln(w, "digraph lgraph {")
	// Bounded network-simplex and crossing-minimization passes: a large
	// picture renders in seconds at little cost to its layout.
	fmt.Fprintln(w, "  rankdir=LR; nslimit=2; mclimit=0.5;")
	fmt.Fprintln(w, "  node [shape=box, fontname=\"Helvetica\"];")
	shape := map[string]string{"module": "folder", "file": "note", "symbol": "ellipse"}
	for _, n := range g.Nodes {
		fmt.Fprintf(w, "  %s [label=%s, shape=%s];\n", strconv.Quote(n.ID), strconv.Quote(label(n)), shape[n.Kind])
	}
	for _, e := range arrows {
		if len(arrows) <= maxLabelledArrows {
			fmt.Fprintf(w, "  %s -> %s [label=%s];\n", strconv.Quote(e.source), strconv.Quote(e.target), strconv.Quote(e.label))
			continue
		}
		fmt.Fprintf(w, "  %s -> %s [tooltip=%s, penwidth=%s];\n", strconv.Quote(e.source), strconv.Quote(e.target),
			strconv.Quote(e.label), strconv.FormatFloat(penWidth(e.weight), 'f', 1, 64))
	}
	_, err := fmt.Fprintln(w, "}")
	return err
}

// graphmlKeys are every node and edge attribute, with its GraphML type.
var graphmlKeys = []struct{ id, for_, name, typ string }{
	{"kind", "node", "kind", "string"}, {"path", "node", "path", "string"}, {"name", "node", "name", "string"},
	{"lang", "node", "lang", "string"}, {"symbol_kind", "node", "symbol_kind", "string"}, {"line", "node", "line", "int"},
	{"end_line", "node", "end_line", "int"}, {"signature", "node", "signature", "string"}, {"summary", "node", "summary", "string"},
	{"ekind", "edge", "kind", "string"}, {"via", "edge", "via", "string"}, {"resolved_by", "edge", "resolved_by", "string"},
	{"detected_by", "edge", "detected_by", "string"}, {"confidence", "edge", "confidence", "double"},
	{"esummary", "edge", "summary", "string"}, {"weight", "edge", "weight", "int"},
}

func writeGraphML(w io.Writer, g *Graph) error {
	fmt.Fprintln(w, `<?xml version="1.0" encoding="UTF-8"?>`)
	fmt.Fprintln(w, `<graphml xmlns="http://graphml.graphdrawing.org/xmlns">`)
	for _, k := range graphmlKeys {
		fmt.Fprintf(w, `  <key id="%s" for="%s" attr.name="%s" attr.type="%s"/>`+"\n", k.id, k.for_, k.name, k.typ)
	}
	fmt.Fprintln(w, `  <graph id="lgraph" edgedefault="directed">`)
	for _, n := range g.Nodes {
		fmt.Fprintf(w, `    <node id="%s">`, esc(n.ID))
		data(w, "kind", n.Kind)
		data(w, "path", n.Path)
		data(w, "name", n.Name)
		data(w, "lang", n.Lang)
		data(w, "symbol_kind", n.SymbolKind)
		dataInt(w, "line", n.Line)
		dataInt(w, "end_line", n.EndLine)
		data(w, "signature", n.Signature)
		data(w, "summary", n.Summary)
		fmt.Fprintln(w, `</node>`)
	}
	for i, e := range g.Edges {
		fmt.Fprintf(w, `    <edge id="e%d" source="%s" target="%s">`, i, esc(e.Source), esc(e.Target))
		data(w, "ekind", e.Kind)
		data(w, "via", e.Via)
		data(w, "resolved_by", e.ResolvedBy)
		data(w, "detected_by", e.DetectedBy)
		if e.Confidence > 0 {
			data(w, "confidence", strconv.FormatFloat(e.Confidence, 'f', 2, 64))
		}
		data(w, "esummary", e.Summary)
		dataInt(w, "weight", e.Weight)
		fmt.Fprintln(w, `</edge>`)
	}
	fmt.Fprintln(w, `  </graph>`)
	_, err := fmt.Fprintln(w, `</graphml>`)
	return err
}

func dataInt(w io.Writer, key string, value int) {
	if value > 0 {
		data(w, key, strconv.Itoa(value))
	}
}

// writeMermaid writes a Mermaid flowchart: nodes numbered in id order,
// labelled with their unique names.
func writeMermaid(w io.Writer, g *Graph) error {
	fmt.Fprintln(w, "flowchart LR")
	num := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		num[n.ID] = i
		fmt.Fprintf(w, "  n%d[\"%s\"]\n", i, mermaidText(label(n)))
	}
	for _, e := range parallel(g.Edges) {
		s, ok1 := num[e.source]
		t, ok2 := num[e.target]
		if !ok1 || !ok2 {
			continue // an edge into a node the graph does not hold
		}
		fmt.Fprintf(w, "  n%d -->|%s| n%d\n", s, mermaidText(e.label), t)
	}
	return nil
}

// mermaidText escapes what Mermaid reads inside a quoted label.
func mermaidText(s string) string { return mermaidEscapes.Replace(s) }

// Built once: a Replacer's tables cost more to build than to use.
var mermaidEscapes = strings.NewReplacer(`"`, "#quot;", "|", "#124;", "\n", "<br/>", "<", "#lt;", ">", "#gt;")

func data(w io.Writer, key, value string) {
	if value != "" {
		fmt.Fprintf(w, `<data key="%s">%s</data>`, key, esc(value))
	}
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
