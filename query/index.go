// Package query answers read questions about one snapshot: who a file
// depends on, who calls a symbol, what a change may impact, which names
// match a search, and what a node is. Everything is a pure function of the
// snapshot (and of a staleness function the caller supplies); an Index is
// built once per question and never touches the store.
package query

import (
	"strings"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/snapshot"
)

// Edge kinds the queries follow (DESIGN §7).
const (
	KindImports    = "imports"
	KindCalls      = "calls"
	KindContains   = "contains"
	KindReferences = "references"
	KindExtends    = "extends"
	KindImplements = "implements"
)

// dependencyKinds are the edge kinds through which one node depends on another.
var dependencyKinds = map[string]bool{
	KindImports: true, KindCalls: true, KindReferences: true, KindExtends: true, KindImplements: true,
}

// StaleFunc reports whether answers about a file may be out of date and
// what to do about it ("update" or "read_file").
type StaleFunc func(path string) (stale bool, suggest string)

// Index is a snapshot's nodes with their edges in both directions.
type Index struct {
	snap  *snapshot.Snapshot
	stale StaleFunc
	nodes map[string]*node
	out   map[string][]snapshot.Edge // by source id
	in    map[string][]snapshot.Edge // by target id
	// syms lists each file's symbols in source order; byLast maps the last
	// segment of a qualified name to its symbols.
	syms   map[string][]*node
	byLast map[string][]*node
}

// node is one file or symbol of the snapshot.
type node struct {
	id   string
	path string
	name string // qualified name of a symbol, path of a file
	file *snapshot.File
	sym  *facts.Symbol // nil for a file
}

func (n *node) kind() string {
	if n.sym == nil {
		return "file"
	}
	return "symbol"
}

// New indexes a snapshot. stale may be nil: then nothing is stale.
func New(s *snapshot.Snapshot, stale StaleFunc) *Index {
	if stale == nil {
		stale = func(string) (bool, string) { return false, "" }
	}
	ix := &Index{
		snap: s, stale: stale,
		nodes: make(map[string]*node, len(s.Files)*8),
		out:   make(map[string][]snapshot.Edge, len(s.Files)*4),
		in:    make(map[string][]snapshot.Edge, len(s.Files)*4),
		syms:  make(map[string][]*node, len(s.Files)),
	}
	ix.byLast = make(map[string][]*node, len(s.Files)*8)
	for _, p := range s.Paths() {
		f := s.Files[p]
		ix.nodes[snapshot.FileID(p)] = &node{id: snapshot.FileID(p), path: p, name: p, file: f}
		ix.addSymbols(f)
		for _, e := range f.Res.Edges {
			ix.out[e.Source] = append(ix.out[e.Source], e)
			ix.in[e.Target] = append(ix.in[e.Target], e)
		}
	}
	return ix
}

func (ix *Index) addSymbols(f *snapshot.File) {
	if f.Facts == nil || len(f.Facts.Symbols) == 0 {
		return
	}
	ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
	list := make([]*node, len(ids))
	for i := range f.Facts.Symbols {
		s := &f.Facts.Symbols[i]
		n := &node{id: ids[i], path: f.Path, name: s.Qualified, file: f, sym: s}
		list[i] = n
		ix.nodes[n.id] = n
		last := lastSegment(s.Qualified)
		ix.byLast[last] = append(ix.byLast[last], n)
	}
	ix.syms[f.Path] = list
}

// lastSegment is the part of a dotted qualified name after its last dot.
func lastSegment(q string) string {
	return q[strings.LastIndexByte(q, '.')+1:]
}

// pathOf returns the file path of a file or symbol id, known or not.
func (ix *Index) pathOf(id string) string {
	if n := ix.nodes[id]; n != nil {
		return n.path
	}
	switch {
	case strings.HasPrefix(id, "file:"):
		return id[len("file:"):]
	case strings.HasPrefix(id, "sym:"):
		p, _, _ := strings.Cut(id[len("sym:"):], "#")
		return p
	}
	return ""
}

// Mark flags an item whose file may be out of date; both fields are
// omitted when it is not.
type Mark struct {
	Stale   bool   `json:"stale,omitempty"`
	Suggest string `json:"suggest,omitempty"`
}

func (ix *Index) mark(path string) Mark {
	stale, suggest := ix.stale(path)
	if !stale {
		return Mark{}
	}
	return Mark{Stale: true, Suggest: suggest}
}

// NodeRef names one file or symbol in a result.
type NodeRef struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"` // file or symbol
	SymbolKind string `json:"symbol_kind,omitempty"`
	Name       string `json:"name"` // qualified name of a symbol, path of a file
	Path       string `json:"path"`
	Line       int    `json:"line,omitempty"`
	Mark
}

// ref describes a node by id; an id missing from the snapshot (an edge into
// a file that is gone) is still described from the id alone.
func (ix *Index) ref(id string) NodeRef {
	n := ix.nodes[id]
	if n == nil {
		p := ix.pathOf(id)
		kind, name := "file", p
		if strings.HasPrefix(id, "sym:") {
			kind, name = "symbol", id[strings.IndexByte(id, '#')+1:]
		}
		return NodeRef{ID: id, Kind: kind, Name: name, Path: p, Mark: ix.mark(p)}
	}
	r := NodeRef{ID: n.id, Kind: n.kind(), Name: n.name, Path: n.path, Mark: ix.mark(n.path)}
	if n.sym != nil {
		r.SymbolKind, r.Line = n.sym.Kind, n.sym.Line
	}
	return r
}

// lessRef orders result items by path, then line, then id.
func lessRef(a, b NodeRef) bool {
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.ID < b.ID
}

// edges returns the edges out of a node, or into it when reverse is set.
func (ix *Index) edges(id string, reverse bool) []snapshot.Edge {
	if reverse {
		return ix.in[id]
	}
	return ix.out[id]
}

// far is the end of an edge away from the node it was reached from.
func far(e snapshot.Edge, reverse bool) string {
	if reverse {
		return e.Source
	}
	return e.Target
}
