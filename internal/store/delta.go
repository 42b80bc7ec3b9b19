package store

import (
	"fmt"
	"sort"
	"time"
)

// Window selects the runs of a span: started in [Since, Until) and with an
// id in [FromRun, ToRun] (0: no bound).
type Window struct {
	Since, Until   time.Time
	FromRun, ToRun int
	Branch         string
}

// before reports a run older than the window.
func (w Window) before(r *Run) bool {
	return r.Started.Before(w.Since) || (w.FromRun != 0 && r.ID < w.FromRun)
}

func (w Window) holds(r *Run) bool {
	return !r.Started.Before(w.Since) && r.Started.Before(w.Until) &&
		(w.FromRun == 0 || r.ID >= w.FromRun) && (w.ToRun == 0 || r.ID <= w.ToRun)
}

// Span is the net knowledge change over the published runs of a period.
type Span struct {
	Since  time.Time `json:"since"`
	Until  time.Time `json:"until"`
	Branch string    `json:"branch,omitempty"`
	// Runs are the runs whose changes are counted, oldest first.
	Runs []int `json:"runs"`
	// CountsFrom is set when the span crosses a change of base: a run that
	// indexed from nothing, or one that started from another graph than the
	// previous run's (a new branch's first update, a ref gc dropped). The
	// net is then counted from that graph, and Reason says which it is.
	CountsFrom *Rebase `json:"counts_from,omitempty"`
	// SymbolsAdded and SymbolsRemoved are net: a symbol added and removed
	// again within the span appears in neither. Edges net the same way and
	// are counted by kind.
	SymbolsAdded   []string       `json:"symbols_added"`
	SymbolsRemoved []string       `json:"symbols_removed"`
	EdgesAdded     map[string]int `json:"edges_added"`
	EdgesRemoved   map[string]int `json:"edges_removed"`
	Summaries      int            `json:"summaries_rewritten"`
	ModuleDocs     int            `json:"module_docs_rewritten"`
	// Truncated says the net is incomplete; TruncatedBecause says why (the
	// ledger no longer holds the span's start, or a run changed too much
	// for its lists to be kept).
	Truncated        bool     `json:"truncated"`
	TruncatedBecause []string `json:"truncated_because,omitempty"`
}

// Rebase is where a span's net is counted from.
type Rebase struct {
	Run    int    `json:"run"`
	Reason string `json:"reason"`
}

// Fold nets the knowledge deltas of a branch's published runs in the window
// (runs in any order; others are skipped). pruned, when gc removed runs,
// tells whether the window reaches back past what the ledger still holds.
func Fold(runs []*Run, w Window, pruned *Pruned) *Span {
	sort.Slice(runs, func(i, j int) bool { return runs[i].ID < runs[j].ID })
	sp := &Span{Since: w.Since, Until: w.Until, Branch: w.Branch}
	n := newNet()
	prevTo := ""
	for _, r := range runs {
		if r.Outcome != OutcomePublished || r.Knowledge == nil || (w.Branch != "" && r.Branch != w.Branch) {
			continue
		}
		if !w.holds(r) {
			if w.before(r) {
				prevTo = r.To // the graph the span starts from
			}
			continue
		}
		switch {
		case r.From == nil:
			n, sp.Runs = newNet(), nil
			sp.CountsFrom = &Rebase{Run: r.ID, Reason: fmt.Sprintf("run %d indexed from nothing; the net counts from the graph it built", r.ID)}
			prevTo = r.To
			continue
		case prevTo != "" && *r.From != prevTo:
			n, sp.Runs = newNet(), nil
			sp.CountsFrom = &Rebase{Run: r.ID, Reason: fmt.Sprintf("run %d started from %.12s, not from the previous run's %.12s; the net counts from the graph of %.12s", r.ID, *r.From, prevTo, *r.From)}
		}
		sp.Runs = append(sp.Runs, r.ID)
		n.add(r)
		prevTo = r.To
	}
	n.finish(sp)
	if pruned != nil && !w.Since.After(pruned.Started) && (w.FromRun == 0 || w.FromRun <= pruned.Run) && sp.CountsFrom == nil {
		sp.Truncated = true
		sp.TruncatedBecause = append([]string{fmt.Sprintf("gc removed runs up to %d from the ledger (gc.keep_runs); the span starts before what it holds", pruned.Run)}, sp.TruncatedBecause...)
	}
	if sp.Runs == nil {
		sp.Runs = []int{}
	}
	return sp
}

// net accumulates a span: +1 per add, -1 per remove, so what came and
// went again sums to 0.
type net struct {
	symbols, edges map[string]int
	// kinds counts the edges of runs whose lists were not kept, which can
	// only be summed.
	kindsAdded, kindsRemoved map[string]int
	summaries, moduleDocs    int
	lost                     []string
}

func newNet() *net {
	return &net{symbols: map[string]int{}, edges: map[string]int{}, kindsAdded: map[string]int{}, kindsRemoved: map[string]int{}}
}

func (n *net) add(r *Run) {
	d := r.Knowledge
	if d.Truncated || !d.edgesListed() {
		n.lost = append(n.lost, fmt.Sprintf("run %d changed more symbols or edges than its ledger entry lists (%d of each); its changes are summed, not netted", r.ID, MaxDeltaSymbols))
		for k, c := range d.EdgesAdded {
			n.kindsAdded[k] += c
		}
		for k, c := range d.EdgesRemoved {
			n.kindsRemoved[k] += c
		}
	}
	for _, s := range d.SymbolsAdded {
		n.symbols[s]++
	}
	for _, s := range d.SymbolsRemoved {
		n.symbols[s]--
	}
	for _, e := range d.EdgeList.Added { // empty when not listed

		n.edges[e]++
	}
	for _, e := range d.EdgeList.Removed {
		n.edges[e]--
	}
	n.summaries += d.Summaries
	n.moduleDocs += d.ModuleDocs
}

func (n *net) finish(sp *Span) {
	sp.SymbolsAdded, sp.SymbolsRemoved = []string{}, []string{}
	for s, c := range n.symbols {
		switch {
		case c > 0:
			sp.SymbolsAdded = append(sp.SymbolsAdded, s)
		case c < 0:
			sp.SymbolsRemoved = append(sp.SymbolsRemoved, s)
		}
	}
	sort.Strings(sp.SymbolsAdded)
	sort.Strings(sp.SymbolsRemoved)
	sp.EdgesAdded, sp.EdgesRemoved = n.kindsAdded, n.kindsRemoved
	for e, c := range n.edges {
		switch k := EdgeKind(e); {
		case c > 0:
			sp.EdgesAdded[k]++
		case c < 0:
			sp.EdgesRemoved[k]++
		}
	}
	sp.Summaries, sp.ModuleDocs = n.summaries, n.moduleDocs
	sp.Truncated = len(n.lost) > 0
	sp.TruncatedBecause = n.lost
}
