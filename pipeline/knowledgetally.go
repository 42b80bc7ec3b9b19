package pipeline

import (
	"slices"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/phase"
)

// firstTally is a first index's tally of what changed (knowledgeDelta
// with no base), counted by the publishing workers as they read each
// record for its index entries: with nothing to compare against, the
// tally is every touched file's distinct symbols, edges and summary, all
// in the parts the index entries read, and reading every record once
// more for it cost a full pass over the records (2.5 s CPU at 100,000
// files).
type firstTally struct {
	st        *phase.State
	mu        sync.Mutex
	symbols   int
	edges     map[string]int // by kind
	edgeCount int
	summaries int
}

func newFirstTally(st *phase.State) *firstTally {
	return &firstTally{st: st, edges: map[string]int{}}
}

// add counts f, if the run touched it (as knowledgeDelta reads only the
// touched paths). Safe for concurrent use. It counts what knowledgeDelta
// counts (distinct symbol ids, distinct edge names) without building
// either: at 100,000 files the ids and names, made only to be sorted and
// counted, were most of its 0.7 s CPU.
func (t *firstTally) add(f *snapshot.File) {
	if !t.st.Touched[f.Path] && !t.st.Reresolved[f.Path] {
		return
	}
	symbols := distinctSymbols(f)
	edges := distinctEdges(f)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.symbols += symbols
	for i := 0; i < len(edges); {
		j := i + 1
		for j < len(edges) && edges[j].Kind == edges[i].Kind {
			j++
		}
		t.edges[edges[i].Kind] += j - i
		t.edgeCount += j - i
		i = j
	}
	if f.Summary != "" {
		t.summaries++
	}
}

// distinctSymbols is how many distinct ids f's symbols have
// (snapshot.SymbolIDs). Those ids tell repeated names apart with a "~N"
// suffix, so they are all distinct unless a name itself holds a '~'
// (one id could then spell another's): only then are they built.
func distinctSymbols(f *snapshot.File) int {
	if f.Facts == nil {
		return 0
	}
	for _, s := range f.Facts.Symbols {
		if strings.IndexByte(s.Qualified, '~') >= 0 {
			ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
			slices.Sort(ids)
			return len(slices.Compact(ids))
		}
	}
	return len(f.Facts.Symbols)
}

// distinctEdges lists f's edges, resolved and implicit, with one of each
// name (store.EdgeName), sorted by kind. A name joins the edge's parts
// with spaces, so two edges have the same name when their parts are the
// same, unless a part holds a space: only then are the names built.
func distinctEdges(f *snapshot.File) []snapshot.Edge {
	n := len(f.Res.Edges) + len(f.Implicit)
	if n == 0 {
		return nil
	}
	edges := make([]snapshot.Edge, 0, n)
	for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
		for _, e := range list {
			if strings.IndexByte(e.Kind, ' ') >= 0 || strings.IndexByte(e.Source, ' ') >= 0 ||
				strings.IndexByte(e.Target, ' ') >= 0 || strings.IndexByte(e.Via, ' ') >= 0 {
				return distinctEdgesByName(f)
			}
			// Only the parts of the name are kept: the rest need not match.
			edges = append(edges, snapshot.Edge{Kind: e.Kind, Source: e.Source, Target: e.Target, Via: e.Via})
		}
	}
	slices.SortFunc(edges, compareEdges)
	return slices.Compact(edges)
}

func compareEdges(a, b snapshot.Edge) int {
	if c := strings.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	if c := strings.Compare(a.Source, b.Source); c != 0 {
		return c
	}
	if c := strings.Compare(a.Target, b.Target); c != 0 {
		return c
	}
	return strings.Compare(a.Via, b.Via)
}

// distinctEdgesByName is distinctEdges through the names themselves, for
// edges whose parts hold spaces: each distinct name stands as an edge of
// its kind (store.EdgeKind).
func distinctEdgesByName(f *snapshot.File) []snapshot.Edge {
	names := appendEdgeNames(nil, f)
	slices.Sort(names)
	names = slices.Compact(names)
	edges := make([]snapshot.Edge, len(names))
	for i, n := range names {
		edges[i] = snapshot.Edge{Kind: store.EdgeKind(n), Source: n}
	}
	slices.SortStableFunc(edges, func(a, b snapshot.Edge) int { return strings.Compare(a.Kind, b.Kind) })
	return edges
}

// delta is the tally as knowledgeDelta gives it for a run with no base.
func (t *firstTally) delta() *store.Delta {
	d := &store.Delta{Added: t.symbols, EdgesAdded: t.edges, EdgesRemoved: map[string]int{}, Summaries: t.summaries}
	for _, dir := range t.st.Next.Modules.Changed() {
		if t.st.Next.Modules.Has(dir) {
			d.ModuleDocs++
		}
	}
	d.Truncated = t.symbols > store.MaxDeltaSymbols || t.edgeCount > store.MaxDeltaSymbols
	return d
}
