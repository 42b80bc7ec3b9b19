// Package verify compares a published snapshot with a rebuild of the same
// tree, as sets (drift hides in equal totals), by category and direction.
package verify

import (
	"encoding/json"
	"sort"

	"github.com/lgraph/lgraph/internal/graph"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Categories of compared items.
const (
	Nodes      = "node"
	Edges      = "edge"
	Summaries  = "summary"
	ModuleDocs = "module_doc"
)

// Divergence is one item present on one side only.
type Divergence struct {
	Category string `json:"category"`
	// Direction is "missing" (the rebuild has it, the published graph does
	// not) or "stale" (the published graph has it, the rebuild does not).
	Direction string `json:"direction"`
	Item      string `json:"item"`
}

// Report is the result of a comparison.
type Report struct {
	Compared    map[string]int `json:"compared"`
	Divergences []Divergence   `json:"divergences"`
}

// OK reports whether nothing diverged.
func (r *Report) OK() bool { return len(r.Divergences) == 0 }

// Compare diffs the published snapshot against the rebuilt one.
func Compare(published, rebuilt *snapshot.Snapshot) *Report {
	a, b := items(graph.Build(published)), items(graph.Build(rebuilt))
	r := &Report{Compared: map[string]int{}, Divergences: []Divergence{}}
	for _, cat := range []string{Nodes, Edges, Summaries, ModuleDocs} {
		r.Compared[cat] = len(b[cat])
		for item := range b[cat] {
			if !a[cat][item] {
				r.Divergences = append(r.Divergences, Divergence{Category: cat, Direction: "missing", Item: item})
			}
		}
		for item := range a[cat] {
			if !b[cat][item] {
				r.Divergences = append(r.Divergences, Divergence{Category: cat, Direction: "stale", Item: item})
			}
		}
	}
	sort.Slice(r.Divergences, func(i, j int) bool {
		x, y := r.Divergences[i], r.Divergences[j]
		if x.Category != y.Category {
			return x.Category < y.Category
		}
		if x.Direction != y.Direction {
			return x.Direction < y.Direction
		}
		return x.Item < y.Item
	})
	return r
}

// items splits a graph into comparable sets: structure without prose, and
// the prose (summaries, edge summaries, module docs) keyed by what it describes.
func items(g *graph.Graph) map[string]map[string]bool {
	out := map[string]map[string]bool{Nodes: {}, Edges: {}, Summaries: {}, ModuleDocs: {}}
	for _, n := range g.Nodes {
		summary := n.Summary
		n.Summary = ""
		out[Nodes][encode(n)] = true
		switch {
		case summary == "":
		case n.Kind == "module":
			out[ModuleDocs][n.ID+": "+summary] = true
		default:
			out[Summaries][n.ID+": "+summary] = true
		}
	}
	for _, e := range g.Edges {
		summary := e.Summary
		e.Summary = ""
		out[Edges][encode(e)] = true
		if summary != "" {
			out[Summaries][e.Source+" -> "+e.Target+": "+summary] = true
		}
	}
	return out
}

func encode(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
