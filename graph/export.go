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
var Formats = []string{"jsonl", "json", "dot", "graphml"}

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

func writeDOT(w io.Writer, g *Graph) error {
	fmt.Fprintln(w, "digraph lgraph {")
	fmt.Fprintln(w, "  node [shape=box, fontname=\"Helvetica\"];")
	shape := map[string]string{"module": "folder", "file": "note", "symbol": "ellipse"}
	for _, n := range g.Nodes {
		fmt.Fprintf(w, "  %s [label=%s, shape=%s];\n", strconv.Quote(n.ID), strconv.Quote(n.Name), shape[n.Kind])
	}
	for _, e := range g.Edges {
		fmt.Fprintf(w, "  %s -> %s [label=%s];\n", strconv.Quote(e.Source), strconv.Quote(e.Target), strconv.Quote(e.Kind))
	}
	_, err := fmt.Fprintln(w, "}")
	return err
}

func writeGraphML(w io.Writer, g *Graph) error {
	fmt.Fprintln(w, `<?xml version="1.0" encoding="UTF-8"?>`)
	fmt.Fprintln(w, `<graphml xmlns="http://graphml.graphdrawing.org/xmlns">`)
	for _, k := range []struct{ id, for_, name string }{
		{"kind", "node", "kind"}, {"path", "node", "path"}, {"name", "node", "name"}, {"lang", "node", "lang"},
		{"line", "node", "line"}, {"ekind", "edge", "kind"}, {"via", "edge", "via"}, {"resolved_by", "edge", "resolved_by"},
	} {
		fmt.Fprintf(w, `  <key id="%s" for="%s" attr.name="%s" attr.type="string"/>`+"\n", k.id, k.for_, k.name)
	}
	fmt.Fprintln(w, `  <graph id="lgraph" edgedefault="directed">`)
	for _, n := range g.Nodes {
		fmt.Fprintf(w, `    <node id="%s">`, esc(n.ID))
		data(w, "kind", n.Kind)
		data(w, "path", n.Path)
		data(w, "name", n.Name)
		data(w, "lang", n.Lang)
		if n.Line > 0 {
			data(w, "line", strconv.Itoa(n.Line))
		}
		fmt.Fprintln(w, `</node>`)
	}
	for i, e := range g.Edges {
		fmt.Fprintf(w, `    <edge id="e%d" source="%s" target="%s">`, i, esc(e.Source), esc(e.Target))
		data(w, "ekind", e.Kind)
		data(w, "via", e.Via)
		data(w, "resolved_by", e.ResolvedBy)
		fmt.Fprintln(w, `</edge>`)
	}
	fmt.Fprintln(w, `  </graph>`)
	_, err := fmt.Fprintln(w, `</graphml>`)
	return err
}

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
