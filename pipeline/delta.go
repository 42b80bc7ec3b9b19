package pipeline

import (
	"sort"

	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
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
			d.EdgesAdded[e[:index(e)]]++
		}
		for _, e := range er {
			d.EdgesRemoved[e[:index(e)]]++
		}
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
	sort.Strings(d.SymbolsAdded)
	sort.Strings(d.SymbolsRemoved)
	return d
}

func baseModule(st *phase.State, dir string) *snapshot.Module {
	if st.Base == nil {
		return nil
	}
	return st.Base.Modules.Get(dir)
}

func index(s string) int {
	for i := range s {
		if s[i] == 0 {
			return i
		}
	}
	return len(s)
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

// edgeKeys encodes edges as "kind\x00source\x00target\x00via".
func edgeKeys(f *snapshot.File) map[string]bool {
	out := map[string]bool{}
	if f == nil {
		return out
	}
	for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
		for _, e := range list {
			out[e.Kind+"\x00"+e.Source+"\x00"+e.Target+"\x00"+e.Via] = true
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
