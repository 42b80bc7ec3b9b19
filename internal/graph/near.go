package graph

import (
	"fmt"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Near answers symbol-level views with a focus (View with Focus set)
// without building the whole graph: one pass over the records notes which
// files and modules have an edge between them, and a view builds the
// graph of only the records near its focus. At 100,000 files the whole
// graph held 805,694 nodes and 1,454,523 edges, about 1.7 GB, to show a
// symbol's dozen neighbours.
//
// A view is exact, not an estimate. Let a unit be a file (its own node and
// its symbols') or a module. Every edge joins two units or lies inside
// one, so a node d edges from the focus lies in a unit at most d unit-steps
// away, and a breadth-first walk of the units to the view's depth finds
// every file whose nodes the view can show. Every edge starts in the
// record of its source's file (Lift relies on that too), so the records of
// those files hold every edge that touches a node nearer than the depth:
// the built graph of those records has the same neighbourhood.
type Near struct {
	s      *snapshot.Snapshot
	units  map[string]int32 // "f" \0 path or "m" \0 dir -> unit
	file   []string         // a unit's file path; "" for a module, or a path no record has
	module []bool           // whether a unit is a module
	listed int32            // units numbered before any edge's: the files with a record and their directories
	adj    [][]int32        // each unit's neighbours, repeats allowed
}

// NewNear reads every record's edges once (not the rest of the record).
func NewNear(s *snapshot.Snapshot) (*Near, error) {
	n := &Near{s: s, units: map[string]int32{}}
	paths := s.Paths()
	fileUnits := make([]int32, len(paths))
	for i, p := range paths {
		fu := n.unit("f", p)
		n.file[fu], fileUnits[i] = p, fu
		n.join(fu, n.unit("m", path.Dir(p)))
	}
	n.listed = int32(len(n.file))
	for i, p := range paths {
		f := s.Files.GetParts(p, snapshot.PartRes|snapshot.PartImplicit)
		if f == nil {
			continue
		}
		from := fileUnits[i]
		for _, edges := range [][]snapshot.Edge{f.Res.Edges, f.Implicit, f.Explored} {
			for _, e := range edges {
				if e.Kind == edgekind.Contains {
					continue // inside the file: a file contains its symbols
				}
				if to, ok := n.unitOf(e.Target); ok {
					n.joinEdge(from, e.Source, to)
				}
			}
		}
	}
	if err := s.Files.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w", err)
	}
	return n, nil
}

// unit returns the unit of a file path ("f") or module directory ("m"),
// numbering it when it is new.
func (n *Near) unit(kind, name string) int32 {
	key := kind + "\x00" + name
	if u, ok := n.units[key]; ok {
		return u
	}
	u := int32(len(n.file))
	n.units[key] = u // key is a copy: no record's bytes are kept
	n.file = append(n.file, "")
	n.module = append(n.module, kind == "m")
	n.adj = append(n.adj, nil)
	return u
}

// unitOf is the unit of a node id: its file's, or its module's.
func (n *Near) unitOf(id string) (int32, bool) {
	if p := nodeid.PathOf(id); p != "" {
		return n.unit("f", p), true
	}
	if m, ok := nodeid.Parse(id); ok && m.Kind == nodeid.KindModule {
		return n.unit("m", m.Path), true
	}
	return 0, false
}

// joinEdge joins the units of an edge's ends. Its source lies in the file
// of the record holding it (from); should a record break that rule, the
// record's file is joined to both ends too, so that a view near either end
// still reads the record that holds the edge.
func (n *Near) joinEdge(from int32, source string, to int32) {
	src, ok := n.unitOf(source)
	if !ok || src == from {
		n.join(from, to)
		return
	}
	n.join(src, to)
	n.join(from, src)
	n.join(from, to)
}

func (n *Near) join(a, b int32) {
	if a != b {
		n.adj[a] = append(n.adj[a], b)
		n.adj[b] = append(n.adj[b], a)
	}
}

// View returns Build(s).View(o) for a symbol-level view with a focus.
func (n *Near) View(o ViewOptions) (*Graph, error) {
	if o.Level != "" && o.Level != "symbol" || o.Focus == "" {
		return nil, fmt.Errorf("near view of level %q, focus %q: only a symbol-level view with a focus", o.Level, o.Focus)
	}
	focus := firstNode(o.Focus, "symbol", n.isNode)
	if focus == "" {
		return nil, noFocus(o.Focus, "symbol")
	}
	start, _ := n.unitOf(focus)
	paths := n.filesNear(start, max(o.Depth, 0))
	sub := snapshot.New()
	sub.Files = snapshot.NewFileSet(nearSource{all: n.s.Files, paths: paths})
	sub.Modules = n.s.Modules
	g := Build(sub)
	if err := n.s.Files.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w", err)
	}
	o.Focus = focus
	return g.View(o)
}

// isNode reports whether id is a node of the whole graph.
func (n *Near) isNode(id string) bool {
	parsed, ok := nodeid.Parse(id)
	if !ok {
		return false
	}
	switch parsed.Kind {
	case nodeid.KindModule: // a directory some file is in, not only an edge's end
		u, ok := n.units["m\x00"+parsed.Path]
		return ok && n.firstFile(u) != ""
	case nodeid.KindFile:
		u, ok := n.units["f\x00"+parsed.Path]
		return ok && n.file[u] != ""
	}
	f := n.s.Files.GetParts(parsed.Path, snapshot.PartFacts)
	return f != nil && f.Facts != nil && slices.Contains(snapshot.SymbolIDs(f.Path, f.Facts.Symbols), id)
}

// filesNear lists, sorted, the files of the units at most depth
// unit-steps from start, and one file of each module among them (which
// makes the module's node).
func (n *Near) filesNear(start int32, depth int) []string {
	dist := map[int32]int{start: 0}
	frontier := []int32{start}
	for d := 0; d < depth && len(frontier) > 0; d++ {
		var next []int32
		for _, u := range frontier {
			for _, v := range n.adj[u] {
				if _, seen := dist[v]; !seen {
					dist[v] = d + 1
					next = append(next, v)
				}
			}
		}
		frontier = next
	}
	keep := map[string]bool{}
	for u := range dist {
		if p := n.file[u]; p != "" {
			keep[p] = true
		}
		if p := n.firstFile(u); n.module[u] && p != "" {
			keep[p] = true
		}
	}
	out := make([]string, 0, len(keep))
	for p := range keep {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// firstFile is a file of module unit u: "" for a file unit, or for a
// directory no file is in (an edge's end only). A listed directory's
// neighbours start with its files.
func (n *Near) firstFile(u int32) string {
	if !n.module[u] || u >= n.listed {
		return ""
	}
	return n.file[n.adj[u][0]]
}

// nearSource lists some of a snapshot's paths but reads any record: an
// explorer edge's confidence reads the record at its other end.
type nearSource struct {
	all   *snapshot.FileSet
	paths []string
}

func (s nearSource) File(p string) (*snapshot.File, error) {
	return s.all.GetParts(p, snapshot.AllParts), nil
}

func (s nearSource) Paths() ([]string, error) { return s.paths, nil }

func (s nearSource) Len() int { return len(s.paths) }
