// Package query answers read questions about one snapshot: who a file
// depends on, who calls a symbol, what a change may impact, which names
// match a search, and what a node is. Everything is a pure function of the
// snapshot (and of a staleness function the caller supplies); an Index is
// built once per question and never touches the store.
package query

import (
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// dependencyKinds are the edge kinds through which one node depends on another.
var dependencyKinds = map[string]bool{
	edgekind.Imports: true, edgekind.Calls: true, edgekind.References: true, edgekind.Extends: true, edgekind.Implements: true, edgekind.Implicit: true,
}

// StaleFunc reports whether answers about a file may be out of date and
// what to do about it ("update" or "read_file").
type StaleFunc func(path string) (stale bool, suggest string)

// Index answers queries over one snapshot. It is cheap to create: the
// edges out of a node are read from its file (a file's resolved edges all
// start in it), edges into nodes from the snapshot's reverse-edge index,
// names from its name index, and symbol ids are computed per file on first
// use, so a question pays only for what it touches. A snapshot held only in
// memory (no tables) is answered by scanning its records instead.
type Index struct {
	snap  *snapshot.Snapshot
	stale StaleFunc
	ids   map[string][]string    // symbol ids by path, filled on first use
	syms  map[string]pathSymbols // symbols by path, filled on first use
	refs  map[string][]facts.Ref // references by path, filled on first use
	err   error
}

// New indexes a snapshot. stale may be nil: then nothing is stale.
func New(s *snapshot.Snapshot, stale StaleFunc) *Index {
	if stale == nil {
		stale = func(string) (bool, string) { return false, "" }
	}
	return &Index{snap: s, stale: stale, ids: map[string][]string{}, syms: map[string]pathSymbols{}, refs: map[string][]facts.Ref{}}
}

// Err is the first error met reading the snapshot's tables or records (a
// damaged store); answers given after it may be incomplete.
func (ix *Index) Err() error {
	if ix.err != nil {
		return ix.err
	}
	return ix.snap.Files.Err()
}

func (ix *Index) fail(err error) {
	if err != nil && ix.err == nil {
		ix.err = err
	}
}

// node is one file or symbol of the snapshot.
type node struct {
	id   string
	file *snapshot.File
	sym  *facts.Symbol // nil for a file
}

func (n node) kind() string {
	if n.sym == nil {
		return nodeid.KindFile
	}
	return nodeid.KindSymbol
}

// name is a symbol's qualified name or a file's path.
func (n node) name() string {
	if n.sym == nil {
		return n.file.Path
	}
	return n.sym.Qualified
}

// symbolIDs returns the node ids of a file's symbols, in source order.
func (ix *Index) symbolIDs(f *snapshot.File) []string {
	if f.Facts == nil {
		return nil
	}
	return ix.idsOf(f.Path, f.Facts.Symbols)
}

// idsOf returns the node ids of a path's symbols, computed once a path.
func (ix *Index) idsOf(p string, syms []facts.Symbol) []string {
	ids, ok := ix.ids[p]
	if !ok {
		ids = snapshot.SymbolIDs(p, syms)
		ix.ids[p] = ids
	}
	return ids
}

// symbolsOf returns a path's symbols (ok false when it has no record),
// read once a path and decoding no more of the record than they need.
func (ix *Index) symbolsOf(p string) ([]facts.Symbol, bool) {
	if s, ok := ix.syms[p]; ok {
		return s.syms, s.ok
	}
	syms, ok := ix.snap.Files.Symbols(p)
	ix.syms[p] = pathSymbols{syms: syms, ok: ok}
	return syms, ok
}

type pathSymbols struct {
	syms []facts.Symbol
	ok   bool
}

// symbolAt finds a symbol by id reading only its file's symbols.
func (ix *Index) symbolAt(id string) (*facts.Symbol, bool) {
	p := nodeid.PathOf(id)
	syms, ok := ix.symbolsOf(p)
	if !ok {
		return nil, false
	}
	for i, sid := range ix.idsOf(p, syms) {
		if sid == id {
			return &syms[i], true
		}
	}
	return nil, false
}

// symbols lists a file's symbols in source order.
func (ix *Index) symbols(f *snapshot.File) []node {
	ids := ix.symbolIDs(f)
	out := make([]node, len(ids))
	for i := range ids {
		out[i] = node{id: ids[i], file: f, sym: &f.Facts.Symbols[i]}
	}
	return out
}

// node finds a file or symbol by id.
func (ix *Index) node(id string) (node, bool) {
	f := ix.snap.Files.Get(nodeid.PathOf(id))
	if f == nil {
		return node{}, false
	}
	if nodeid.IsFile(id) {
		return node{id: id, file: f}, true
	}
	for i, sid := range ix.symbolIDs(f) {
		if sid == id {
			return node{id: id, file: f, sym: &f.Facts.Symbols[i]}, true
		}
	}
	return node{}, false
}

// out returns the edges that start at a node, contains included.
func (ix *Index) out(id string) []snapshot.Edge {
	f := ix.snap.Files.Get(nodeid.PathOf(id))
	if f == nil {
		return nil
	}
	var out []snapshot.Edge
	for _, e := range f.Res.Edges {
		if e.Source == id {
			out = append(out, e)
		}
	}
	return out
}

// into returns the resolved and implicit edges (but contains) that end at
// one of the targets, from the reverse-edge index when the snapshot has
// one. (Implicit edges join files, so only a file target has any.)
func (ix *Index) into(targets map[string]bool) []snapshot.Edge {
	if ix.snap.Index != nil {
		return ix.intoIndexed(targets)
	}
	return ix.intoScan(targets)
}

// intoScan finds the edges into targets by scanning every resolved and
// implicit edge.
func (ix *Index) intoScan(targets map[string]bool) []snapshot.Edge {
	var out []snapshot.Edge
	for _, f := range ix.snap.Files.All() {
		for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
			for _, e := range list {
				if targets[e.Target] && e.Kind != edgekind.Contains {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// edges returns the edges out of a node, or into it when reverse is set;
// contains edges are left out either way.
func (ix *Index) edges(id string, reverse bool) []snapshot.Edge {
	if reverse {
		return ix.into(map[string]bool{id: true})
	}
	var out []snapshot.Edge
	for _, e := range ix.out(id) {
		if e.Kind != edgekind.Contains {
			out = append(out, e)
		}
	}
	return out
}

// far is the end of an edge away from the node it was reached from.
func far(e snapshot.Edge, reverse bool) string {
	if reverse {
		return e.Source
	}
	return e.Target
}

// lastSegment is the part of a dotted qualified name after its last dot.
func lastSegment(q string) string {
	return q[strings.LastIndexByte(q, '.')+1:]
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
	// As refOf describes a node, from the file key or the file's symbols.
	if p := nodeid.PathOf(id); nodeid.IsFile(id) && ix.snap.Files.Has(p) {
		return NodeRef{ID: id, Kind: nodeid.KindFile, Name: p, Path: p, Mark: ix.mark(p)}
	}
	if sym, ok := ix.symbolAt(id); ok && nodeid.IsSymbol(id) {
		p := nodeid.PathOf(id)
		return NodeRef{ID: id, Kind: nodeid.KindSymbol, SymbolKind: sym.Kind, Name: sym.Qualified, Path: p, Line: sym.Line, Mark: ix.mark(p)}
	}
	n, ok := ix.node(id)
	if !ok {
		p := nodeid.PathOf(id)
		kind, name := nodeid.KindFile, p
		if nodeid.IsSymbol(id) {
			kind, name = nodeid.KindSymbol, nodeid.NameOf(id)
		}
		return NodeRef{ID: id, Kind: kind, Name: name, Path: p, Mark: ix.mark(p)}
	}
	return ix.refOf(n)
}

func (ix *Index) refOf(n node) NodeRef {
	r := NodeRef{ID: n.id, Kind: n.kind(), Name: n.name(), Path: n.file.Path, Mark: ix.mark(n.file.Path)}
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
