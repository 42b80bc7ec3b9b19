package pipeline

import (
	"slices"
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
// touched paths). Safe for concurrent use.
func (t *firstTally) add(f *snapshot.File) {
	if !t.st.Touched[f.Path] && !t.st.Reresolved[f.Path] {
		return
	}
	symbols := 0
	if f.Facts != nil {
		ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
		slices.Sort(ids)
		symbols = len(slices.Compact(ids))
	}
	names := appendEdgeNames(nil, f)
	slices.Sort(names)
	names = slices.Compact(names)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.symbols += symbols
	for _, n := range names {
		t.edges[store.EdgeKind(n)]++
	}
	t.edgeCount += len(names)
	if f.Summary != "" {
		t.summaries++
	}
}

// delta is the tally as knowledgeDelta gives it for a run with no base.
func (t *firstTally) delta() *store.Delta {
	d := &store.Delta{Added: t.symbols, EdgesAdded: t.edges, EdgesRemoved: map[string]int{}, Summaries: t.summaries}
	for _, dir := range t.st.Next.Modules.Changed() {
		if t.st.Next.Modules.Get(dir) != nil {
			d.ModuleDocs++
		}
	}
	d.Truncated = t.symbols > store.MaxDeltaSymbols || t.edgeCount > store.MaxDeltaSymbols
	return d
}
