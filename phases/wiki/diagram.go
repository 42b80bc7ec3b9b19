package wiki

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// writeDiagram writes a Mermaid flowchart of the module and its busiest
// neighbours (at most maxDiagramSide each way), edges labelled with counts.
func writeDiagram(b *bytes.Buffer, mf modFacts) {
	if len(mf.Out)+len(mf.In) == 0 {
		return
	}
	b.WriteString("\n## Neighbourhood\n\n```mermaid\nflowchart LR\n")
	writeNode(b, "m0", mf.Dir)
	ids := map[string]string{mf.Dir: "m0"}
	node := func(d string) string {
		if id, ok := ids[d]; ok {
			return id
		}
		id := "m" + strconv.Itoa(len(ids))
		ids[d] = id
		writeNode(b, id, d)
		return id
	}
	out, in := busiest(mf.Out), busiest(mf.In)
	for _, d := range out {
		n := total(mf.Out[d])
		id := node(d) // the node is declared before the edge to it
		b.WriteString("  m0 -->|" + strconv.Itoa(n) + "| " + id + "\n")
	}
	for _, d := range in {
		id := node(d)
		b.WriteString("  " + id + " -->|" + strconv.Itoa(total(mf.In[d])) + "| m0\n")
	}
	b.WriteString("```\n")
	if n := len(mf.Out) + len(mf.In) - len(out) - len(in); n > 0 {
		fmt.Fprintf(b, "\n%d less connected neighbours are not drawn.\n", n)
	}
}

// writeNode declares the node id of the module dir.
func writeNode(b *bytes.Buffer, id, dir string) {
	b.WriteString("  " + id + "[\"")
	b.WriteString(mermaidLabel(dir))
	b.WriteString("\"]\n")
}

// busiest are the neighbours with the most edges, ties by name.
func busiest(deps map[string]map[string]int) []string {
	// Each total once: a comparison summing two maps cost more than the sort.
	type neighbour struct {
		dir   string
		edges int
	}
	ns := make([]neighbour, 0, len(deps))
	for d, kinds := range deps {
		ns = append(ns, neighbour{d, total(kinds)})
	}
	slices.SortFunc(ns, func(a, b neighbour) int { return cmp.Or(b.edges-a.edges, strings.Compare(a.dir, b.dir)) })
	ds := make([]string, min(len(ns), maxDiagramSide))
	for i := range ds {
		ds[i] = ns[i].dir
	}
	return ds
}

// mermaidLabel keeps a label inside Mermaid's quoted-string syntax, and
// its < and > as Mermaid's entity codes: a label may be rendered as HTML.
func mermaidLabel(dir string) string {
	if dir == "." || dir == "" {
		dir = "(root)"
	}
	if strings.ContainsAny(dir, mermaidSpecial) {
		return mermaidEscapes.Replace(dir)
	}
	return dir // most paths: no copy
}

// mermaidSpecial are the bytes mermaidEscapes replaces.
const mermaidSpecial = "\"\n\\<>"

var mermaidEscapes = strings.NewReplacer(`"`, "'", "\n", " ", `\`, "/", "<", "#60;", ">", "#62;")
