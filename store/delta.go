package store

import (
	"sort"
	"time"
)

// Span is the net knowledge change over the published runs of a period.
type Span struct {
	Since  time.Time `json:"since"`
	Until  time.Time `json:"until"`
	Branch string    `json:"branch,omitempty"`
	Runs   []int     `json:"runs"`
	// SymbolsAdded and SymbolsRemoved are net: a symbol added and removed
	// again within the span appears in neither.
	SymbolsAdded   []string       `json:"symbols_added"`
	SymbolsRemoved []string       `json:"symbols_removed"`
	EdgesAdded     map[string]int `json:"edges_added"`
	EdgesRemoved   map[string]int `json:"edges_removed"`
	Summaries      int            `json:"summaries_rewritten"`
	ModuleDocs     int            `json:"module_docs_rewritten"`
}

// Fold combines the deltas of runs (any order) into the net change of a
// span; runs outside it, unpublished or of another branch are skipped.
func Fold(runs []*Run, since, until time.Time, branch string) *Span {
	sort.Slice(runs, func(i, j int) bool { return runs[i].ID < runs[j].ID })
	sp := &Span{Since: since, Until: until, Branch: branch, Runs: []int{}, EdgesAdded: map[string]int{}, EdgesRemoved: map[string]int{}}
	net := map[string]int{} // symbol -> +1 added, -1 removed, 0 no net change
	for _, r := range runs {
		if r.Outcome != "published" || r.Knowledge == nil || r.Started.Before(since) || !r.Started.Before(until) {
			continue
		}
		if branch != "" && r.Branch != branch {
			continue
		}
		sp.Runs = append(sp.Runs, r.ID)
		for _, s := range r.Knowledge.SymbolsAdded {
			net[s]++
		}
		for _, s := range r.Knowledge.SymbolsRemoved {
			net[s]--
		}
		for k, n := range r.Knowledge.EdgesAdded {
			sp.EdgesAdded[k] += n
		}
		for k, n := range r.Knowledge.EdgesRemoved {
			sp.EdgesRemoved[k] += n
		}
		sp.Summaries += r.Knowledge.Summaries
		sp.ModuleDocs += r.Knowledge.ModuleDocs
	}
	sp.SymbolsAdded, sp.SymbolsRemoved = []string{}, []string{}
	for s, n := range net {
		switch {
		case n > 0:
			sp.SymbolsAdded = append(sp.SymbolsAdded, s)
		case n < 0:
			sp.SymbolsRemoved = append(sp.SymbolsRemoved, s)
		}
	}
	sort.Strings(sp.SymbolsAdded)
	sort.Strings(sp.SymbolsRemoved)
	return sp
}
