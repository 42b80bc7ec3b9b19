package pipeline

import (
	"sort"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/phase"
)

// knowledgeDelta lists what the run changed in the graph, looking only at
// the files the run touched or re-resolved (so it costs what the diff costs).
func knowledgeDelta(st *phase.State) *store.Delta {
	d := &store.Delta{EdgesAdded: map[string]int{}, EdgesRemoved: map[string]int{}}
	paths := map[string]bool{}
	for p := range st.Touched {
		paths[p] = true
	}
	for p := range st.Reresolved {
		paths[p] = true
	}
	for p := range paths {
		var before, after *snapshot.File
		if st.Base != nil {
			before = st.Base.Files.Get(p)
		}
		after = st.Next.Files.Get(p)
		added, removed := diffSets(symbolIDs(before), symbolIDs(after))
		d.SymbolsAdded = append(d.SymbolsAdded, added...)
		d.SymbolsRemoved = append(d.SymbolsRemoved, removed...)
		ea, er := diffSets(edgeKeys(before), edgeKeys(after))
		for _, e := range ea {
			d.EdgesAdded[store.EdgeKind(e)]++
		}
		for _, e := range er {
			d.EdgesRemoved[store.EdgeKind(e)]++
		}
		d.EdgeList.Added = append(d.EdgeList.Added, ea...)
		d.EdgeList.Removed = append(d.EdgeList.Removed, er...)
		if after != nil && (before == nil || before.Summary != after.Summary) && after.Summary != "" {
			d.Summaries++
		}
	}
	for _, dir := range st.Next.Modules.Changed() {
		m := st.Next.Modules.Get(dir)
		if m == nil {
			continue
		}
		if b := baseModule(st, dir); b == nil || b.Doc != m.Doc {
			d.ModuleDocs++
		}
	}
	d.Added, d.Removed = len(d.SymbolsAdded), len(d.SymbolsRemoved)
	if d.Added > store.MaxDeltaSymbols || d.Removed > store.MaxDeltaSymbols {
		d.SymbolsAdded, d.SymbolsRemoved, d.Truncated = nil, nil, true
	}
	if len(d.EdgeList.Added) > store.MaxDeltaSymbols || len(d.EdgeList.Removed) > store.MaxDeltaSymbols {
		d.EdgeList, d.Truncated = store.EdgeChanges{}, true
	}
	if st.Base == nil {
		// A first index adds everything; spans count from its graph
		// (store.Fold), so listing it would only bloat the ledger.
		d.SymbolsAdded, d.EdgeList = nil, store.EdgeChanges{}
	}
	for _, l := range [][]string{d.SymbolsAdded, d.SymbolsRemoved, d.EdgeList.Added, d.EdgeList.Removed} {
		sort.Strings(l)
	}
	return d
}

func baseModule(st *phase.State, dir string) *snapshot.Module {
	if st.Base == nil {
		return nil
	}
	return st.Base.Modules.Get(dir)
}

func symbolIDs(f *snapshot.File) map[string]bool {
	out := map[string]bool{}
	if f == nil || f.Facts == nil {
		return out
	}
	for _, id := range snapshot.SymbolIDs(f.Path, f.Facts.Symbols) {
		out[id] = true
	}
	return out
}

// edgeKeys names a file's edges (store.EdgeName).
func edgeKeys(f *snapshot.File) map[string]bool {
	out := map[string]bool{}
	if f == nil {
		return out
	}
	for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
		for _, e := range list {
			out[store.EdgeName(e.Kind, e.Source, e.Target, e.Via)] = true
		}
	}
	return out
}

func diffSets(a, b map[string]bool) (added, removed []string) {
	for k := range b {
		if !a[k] {
			added = append(added, k)
		}
	}
	for k := range a {
		if !b[k] {
			removed = append(removed, k)
		}
	}
	return added, removed
}
