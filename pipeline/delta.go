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
	var symAdded, symRemoved, edgeAdded, edgeRemoved listed
	for p := range paths {
		// Symbols, edges and summaries are all it reads: an outline
		// leaves the references and lookups, most of a record, undecoded.
		var before, after *snapshot.File
		if st.Base != nil {
			before = st.Base.Files.Outline(p)
		}
		after = st.Next.Files.Outline(p)
		added, removed := diffSets(symbolIDs(before), symbolIDs(after))
		symAdded.add(added)
		symRemoved.add(removed)
		ea, er := diffSets(edgeKeys(before), edgeKeys(after))
		for _, e := range ea {
			d.EdgesAdded[store.EdgeKind(e)]++
		}
		for _, e := range er {
			d.EdgesRemoved[store.EdgeKind(e)]++
		}
		edgeAdded.add(ea)
		edgeRemoved.add(er)
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
	d.Added, d.Removed = symAdded.n, symRemoved.n
	d.SymbolsAdded, d.SymbolsRemoved = symAdded.names, symRemoved.names
	if symAdded.over() || symRemoved.over() {
		d.SymbolsAdded, d.SymbolsRemoved, d.Truncated = nil, nil, true
	}
	d.EdgeList.Added, d.EdgeList.Removed = edgeAdded.names, edgeRemoved.names
	if edgeAdded.over() || edgeRemoved.over() {
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

// listed gathers names while the delta may still list them: past
// store.MaxDeltaSymbols a list is dropped whole, so from there it only
// counts (a first index adds every symbol and edge: 535,538 edge names, 73
// MB live at publish, on a 9,254-file init).
type listed struct {
	names []string
	n     int
}

func (l *listed) add(names []string) {
	if l.n += len(names); l.over() {
		l.names = nil
		return
	}
	l.names = append(l.names, names...)
}

func (l *listed) over() bool { return l.n > store.MaxDeltaSymbols }

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
	for _, n := range appendEdgeNames(nil, f) {
		out[n] = true
	}
	return out
}

// appendEdgeNames appends the names of f's edges, resolved and implicit
// (store.EdgeName), to names; a name may come twice.
func appendEdgeNames(names []string, f *snapshot.File) []string {
	for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
		for _, e := range list {
			names = append(names, store.EdgeName(e.Kind, e.Source, e.Target, e.Via))
		}
	}
	return names
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
