package graph

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// ErrNoFocus says that a view's focus names no node of the graph.
var ErrNoFocus = errors.New("no such node")

// Levels are the granularities an export can show.
var Levels = []string{"symbol", "file", "module"}

// ViewOptions select the part of a graph an export shows.
type ViewOptions struct {
	// Level is symbol (everything), file (files and the edges between
	// them) or module (directories and the edges between them).
	Level string
	// Kinds keeps only edges of these kinds (empty: all).
	Kinds []string
	// Focus keeps only the neighbourhood of one node: a node id, a path
	// or a module directory; Depth is how many edges away (either
	// direction) a kept node may be.
	Focus string
	Depth int
}

// View returns the part of g the options select. At the file and module
// levels every edge is lifted to the files or modules of its ends, edges
// inside one node and contains edges are dropped, and parallel edges of a
// kind merge into one whose Weight counts them.
func (g *Graph) View(o ViewOptions) (*Graph, error) {
	if o.Level == "" {
		o.Level = "symbol"
	}
	if !slices.Contains(Levels, o.Level) {
		return nil, fmt.Errorf("level %q: use one of %s", o.Level, strings.Join(Levels, ", "))
	}
	out := g.filterKinds(o.Kinds)
	if o.Level != "symbol" {
		out = out.lift(o.Level)
	}
	if o.Focus == "" {
		return out, nil
	}
	return out.Focus(o.Focus, o.Level, o.Depth)
}

func (g *Graph) filterKinds(kinds []string) *Graph {
	if len(kinds) == 0 {
		return g
	}
	out := &Graph{Nodes: g.Nodes}
	for _, e := range g.Edges {
		if slices.Contains(kinds, e.Kind) {
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}

// liftID is the file or module id a node id (or a path, as a focus may be
// written) belongs to.
func liftID(id, level string) string {
	if nodeid.IsModule(id) {
		if level == "module" {
			return id
		}
		return ""
	}
	p := writtenPath(id)
	if level == "file" {
		return nodeid.File(p)
	}
	return nodeid.Module(path.Dir(p))
}

// writtenPath is the path of a file or symbol id, or s itself: a path as
// a person writes it.
func writtenPath(s string) string {
	if n, ok := nodeid.Parse(s); ok {
		return n.Path
	}
	return s
}

func (g *Graph) lift(level string) *Graph {
	l := newLifter(level, nil)
	for _, n := range g.Nodes {
		l.keepNode(n)
	}
	for _, e := range g.Edges {
		if e.Kind != edgekind.Contains {
			l.count(e)
		}
	}
	return l.graph()
}

// focusID finds the node a --focus value names at a level.
func (g *Graph) focusID(focus, level string) string {
	return firstNode(focus, level, func(id string) bool {
		_, ok := slices.BinarySearchFunc(g.Nodes, id, func(n Node, id string) int { return strings.Compare(n.ID, id) })
		return ok
	})
}

// firstNode is the first of the ids a --focus value may mean at a level
// (the value as an id, as a file path, as a module directory, then what
// it lifts to) for which isNode holds; "" when none does.
func firstNode(focus, level string, isNode func(id string) bool) string {
	cands := []string{focus, nodeid.File(focus), nodeid.Module(strings.TrimSuffix(focus, "/"))}
	if level != "symbol" {
		if id := liftID(focus, level); id != "" {
			cands = append(cands, id)
		}
		if level == "module" {
			cands = append(cands, nodeid.Module(path.Dir(writtenPath(focus))))
		}
	}
	for _, c := range cands {
		if isNode(c) {
			return c
		}
	}
	return ""
}

// neighbourhood keeps the nodes within depth edges of focus, either
// direction, and the edges that lead out from focus: those with an end
// nearer than depth (edges among the outermost ring would only crowd the
// picture).
func (g *Graph) neighbourhood(focus string, depth int) *Graph {
	adj := map[string][]string{}
	for _, e := range g.Edges {
		adj[e.Source] = append(adj[e.Source], e.Target)
		adj[e.Target] = append(adj[e.Target], e.Source)
	}
	dist := map[string]int{focus: 0}
	frontier := []string{focus}
	for d := 0; d < depth && len(frontier) > 0; d++ {
		var next []string
		for _, id := range frontier {
			for _, nb := range adj[id] {
				if _, seen := dist[nb]; !seen {
					dist[nb] = d + 1
					next = append(next, nb)
				}
			}
		}
		frontier = next
	}
	out := &Graph{}
	for _, n := range g.Nodes {
		if _, ok := dist[n.ID]; ok {
			out.Nodes = append(out.Nodes, n)
		}
	}
	for _, e := range g.Edges {
		ds, ok1 := dist[e.Source]
		dt, ok2 := dist[e.Target]
		if ok1 && ok2 && min(ds, dt) < depth {
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}
