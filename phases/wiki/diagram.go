package wiki

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// writeDiagram writes a Mermaid flowchart of the module and its busiest
// neighbours (at most maxDiagramSide each way), edges labelled with counts.
func writeDiagram(b *strings.Builder, mf modFacts) {
	if len(mf.Out)+len(mf.In) == 0 {
		return
	}
	b.WriteString("\n## Neighbourhood\n\n```mermaid\nflowchart LR\n")
	fmt.Fprintf(b, "  m0[\"%s\"]\n", mermaidLabel(mf.Dir))
	ids := map[string]string{mf.Dir: "m0"}
	node := func(d string) string {
		if id, ok := ids[d]; ok {
			return id
		}
		id := fmt.Sprintf("m%d", len(ids))
		ids[d] = id
		fmt.Fprintf(b, "  %s[\"%s\"]\n", id, mermaidLabel(d))
		return id
	}
	for _, d := range busiest(mf.Out) {
		fmt.Fprintf(b, "  m0 -->|%d| %s\n", total(mf.Out[d]), node(d))
	}
	for _, d := range busiest(mf.In) {
		fmt.Fprintf(b, "  %s -->|%d| m0\n", node(d), total(mf.In[d]))
	}
	b.WriteString("```\n")
	if n := len(mf.Out) + len(mf.In) - len(busiest(mf.Out)) - len(busiest(mf.In)); n > 0 {
		fmt.Fprintf(b, "\n%d less connected neighbours are not drawn.\n", n)
	}
}

// busiest are the neighbours with the most edges, ties by name.
func busiest(deps map[string]map[string]int) []string {
	ds := slices.Sorted(maps.Keys(deps))
	sort.SliceStable(ds, func(i, j int) bool { return total(deps[ds[i]]) > total(deps[ds[j]]) })
	if len(ds) > maxDiagramSide {
		ds = ds[:maxDiagramSide]
	}
	return ds
}

// mermaidLabel keeps a label inside Mermaid's quoted-string syntax, and
// its < and > as Mermaid's entity codes: a label may be rendered as HTML.
func mermaidLabel(dir string) string {
	if dir == "." || dir == "" {
		dir = "(root)"
	}
	return mermaidEscapes.Replace(dir)
}

var mermaidEscapes = strings.NewReplacer(`"`, "'", "\n", " ", `\`, "/", "<", "#60;", ">", "#62;")
