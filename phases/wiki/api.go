package wiki

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// apiEntry is one exported symbol of the Public API section.
type apiEntry struct {
	sym  facts.Symbol
	file string
}

func isType(kind string) bool {
	switch kind {
	case facts.KindClass, facts.KindStruct, facts.KindInterface, facts.KindTrait, facts.KindEnum, facts.KindType:
		return true
	}
	return false
}

// writeAPI writes the exported symbols of the production files, grouped by
// type: each type with its exported methods, then functions, then constants
// and variables. Entries are in path and source order.
func writeAPI(b *strings.Builder, ms []member) {
	types := map[string][]apiEntry{} // type name -> the type and its members
	var typeOrder []string
	var funcs, vals []apiEntry
	for _, m := range ms {
		for _, s := range m.Syms {
			if !exported(m.Path, s.Name) || s.Kind == facts.KindField {
				continue
			}
			e := apiEntry{sym: s, file: m.Path}
			switch {
			case s.Parent == "" && isType(s.Kind):
				if types[s.Name] == nil {
					typeOrder = append(typeOrder, s.Name)
				}
				types[s.Name] = append([]apiEntry{e}, types[s.Name]...)
			case s.Parent != "" && !strings.Contains(s.Parent, ".") && exported(m.Path, s.Parent):
				// A private type's methods are no part of the API.
				if types[s.Parent] == nil {
					typeOrder = append(typeOrder, s.Parent)
				}
				types[s.Parent] = append(types[s.Parent], e)
			case s.Parent == "" && (s.Kind == facts.KindFunction || s.Kind == facts.KindMethod):
				funcs = append(funcs, e)
			case s.Parent == "" && (s.Kind == facts.KindConst || s.Kind == facts.KindVar):
				vals = append(vals, e)
			}
		}
	}
	if len(typeOrder)+len(funcs)+len(vals) == 0 {
		return
	}
	b.WriteString("\n## Public API\n")
	left := maxAPIEntries
	sort.Strings(typeOrder)
	for _, t := range typeOrder {
		left = writeAPIGroup(b, CodeSpan(t), types[t], left)
	}
	left = writeAPIGroup(b, "Functions", funcs, left)
	left = writeAPIGroup(b, "Constants and variables", vals, left)
	if left < 0 {
		fmt.Fprintf(b, "\n… %d more exported symbols.\n", -left)
	}
}

// writeAPIGroup writes up to left entries and returns what is left
// (negative: how many were left out).
func writeAPIGroup(b *strings.Builder, title string, es []apiEntry, left int) int {
	if len(es) == 0 {
		return left
	}
	if left <= 0 {
		return left - len(es)
	}
	fmt.Fprintf(b, "\n### %s\n\n", title)
	for _, e := range es {
		if left <= 0 {
			left--
			continue
		}
		left--
		// A signature written over several lines joins onto one.
		sig := strings.NewReplacer("( ", "(", ", )", ")", ",)", ")").Replace(strings.Join(strings.Fields(e.sym.Signature), " "))
		if sig == "" {
			sig = e.sym.Kind + " " + e.sym.Qualified
		}
		line := "- " + CodeSpan(sig)
		if d := firstLine(e.sym.Doc); d != "" {
			line += " — " + Text(d)
		}
		b.WriteString(line + "\n")
	}
	return left
}

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
	return strings.NewReplacer(`"`, "'", "\n", " ", `\`, "/", "<", "#60;", ">", "#62;").Replace(dir)
}
