package graph

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unique"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// ErrStray says that a record holds an edge whose source lies in another
// file, so Lift cannot tell duplicates apart one file at a time.
var ErrStray = errors.New("an edge is held by a file it does not start in")

// Lift returns what Build(s).View(ViewOptions{Level: level, Kinds: kinds})
// returns, for the file or module level, without building the symbol-level
// graph: each edge is lifted as its file's record is read, and only the
// lifted nodes and edges are kept (at 100,000 files the built graph held
// 805,694 nodes and 1,454,523 edges to export a picture of 9,771 modules).
//
// Build drops exact duplicate edges before View counts them. Every edge a
// record holds starts in that record's file (a symbol or the file itself),
// so its duplicates are all in that record, and one file's edges are
// enough to compare. A record that breaks that rule makes Lift return
// ErrStray, and the caller builds the graph whole instead.
func Lift(s *snapshot.Snapshot, level string, kinds []string) (*Graph, error) {
	if level != "file" && level != "module" {
		return nil, fmt.Errorf("level %q: lift to one of file, module", level)
	}
	l := newLifter(level, kinds)
	visit(s, l.node, l.edge)
	if err := s.Files.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w", err)
	}
	if l.stray {
		return nil, ErrStray
	}
	return l.graph(), nil
}

// liftKey is a lifted edge; the model explorer's edges are lifted apart
// from the rules' (by), as View lifts them.
type liftKey struct{ s, t, k, by string }

// lifter follows visit, which reads one file's record at a time: the
// file's node, then its symbols and edges, and the modules last.
type lifter struct {
	level  string
	kinds  []string
	nodes  []Node
	weight map[liftKey]int
	file   string        // the path of the record being read
	seen   map[Edge]bool // its edges counted so far
	stray  bool
}

func newLifter(level string, kinds []string) *lifter {
	return &lifter{level: level, kinds: kinds, weight: map[liftKey]int{}, seen: map[Edge]bool{}}
}

// node starts a file's record at its file node, and keeps the nodes of
// the level.
func (l *lifter) node(n Node) {
	if n.Kind == nodeid.KindFile {
		l.file = n.Path
		clear(l.seen)
	}
	l.keepNode(n)
}

// keepNode keeps n if it is of the level, its strings copied (a language,
// like an edge's kind, one copy for all): a node visit makes points into
// its record's bytes, and keeping one string of a record kept the whole
// record (at 100,000 files a file-level export held 976 MB).
func (l *lifter) keepNode(n Node) {
	if n.Kind == l.level {
		n.Path, n.Name, n.Lang = strings.Clone(n.Path), strings.Clone(n.Name), unique.Make(n.Lang).Value()
		n.Summary, n.Signature = strings.Clone(n.Summary), strings.Clone(n.Signature)
		l.nodes = append(l.nodes, n)
	}
}

// edge counts a record's edge unless the kinds leave it out or the record
// gave it already.
func (l *lifter) edge(e Edge) {
	if e.Kind == edgekind.Contains || len(l.kinds) > 0 && !slices.Contains(l.kinds, e.Kind) {
		return
	}
	if nodeid.PathOf(e.Source) != l.file {
		l.stray = true
		return
	}
	if l.seen[e] {
		return
	}
	l.seen[e] = true
	l.count(e)
}

// count adds e, lifted, to the weight of its lifted edge; an edge inside
// one node of the level is dropped.
func (l *lifter) count(e Edge) {
	s, t := liftID(e.Source, l.level), liftID(e.Target, l.level)
	if s == "" || t == "" || s == t {
		return
	}
	by := ""
	if e.DetectedBy == "llm" {
		by = e.DetectedBy
	}
	// Interned on every count, not only a key's first: assigning to a
	// map entry stores the key given again, so a record's own kind string
	// would keep that record (tried: a module-level export at 100,000
	// files went from 416 to 733 MB).
	l.weight[liftKey{s, t, unique.Make(e.Kind).Value(), by}]++
}

// graph is the lifted graph: the level's nodes by id, the lifted edges
// with their weights, sorted.
func (l *lifter) graph() *Graph {
	sort.Slice(l.nodes, func(i, j int) bool { return nodeLess(l.nodes[i], l.nodes[j]) })
	out := &Graph{Nodes: l.nodes}
	for k, w := range l.weight {
		out.Edges = append(out.Edges, Edge{Type: "edge", Source: k.s, Target: k.t, Kind: k.k, DetectedBy: k.by, Weight: w})
	}
	sort.Slice(out.Edges, func(i, j int) bool { return edgeLess(out.Edges[i], out.Edges[j]) })
	return out
}

// Focus keeps the neighbourhood of one node of g, a graph already at the
// level given (View's last step, for a graph Lift made).
func (g *Graph) Focus(focus, level string, depth int) (*Graph, error) {
	id := g.focusID(focus, level)
	if id == "" {
		return nil, noFocus(focus, level)
	}
	return g.neighbourhood(id, max(depth, 0)), nil
}

// noFocus is the error of a focus that names no node at a level.
func noFocus(focus, level string) error {
	return fmt.Errorf("focus %q: %w at the %s level (give a name, a node id, a path or a module directory)", focus, ErrNoFocus, level)
}
