package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var t0 = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

// run makes a published run of main from commit c(id-1) to c(id).
func run(id int, d Delta) *Run {
	from := fmt.Sprintf("c%d", id-1)
	for _, e := range d.EdgeList.Added {
		d.EdgesAdded = inc(d.EdgesAdded, EdgeKind(e))
	}
	for _, e := range d.EdgeList.Removed {
		d.EdgesRemoved = inc(d.EdgesRemoved, EdgeKind(e))
	}
	return &Run{ID: id, Branch: "main", From: &from, To: fmt.Sprintf("c%d", id), Outcome: "published",
		Started: t0.Add(time.Duration(id) * time.Hour), Knowledge: &d}
}

func inc(m map[string]int, k string) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	m[k]++
	return m
}

var (
	callAB = EdgeName("calls", "sym:a.py#a", "sym:b.py#b", "")
	callAC = EdgeName("calls", "sym:a.py#a", "sym:c.py#c", "")
	impAB  = EdgeName("imports", "file:a.py", "file:b.py", "b")
)

func all() Window { return Window{Until: t0.Add(1000 * time.Hour), Branch: "main"} }

func TestFoldNets(t *testing.T) {
	runs := []*Run{
		run(3, Delta{SymbolsAdded: []string{"sym:c.py#c"}, EdgeList: EdgeChanges{Removed: []string{callAC}}}),
		run(1, Delta{SymbolsAdded: []string{"sym:b.py#tmp"}, EdgeList: EdgeChanges{Added: []string{callAB, impAB}}}),
		run(2, Delta{SymbolsRemoved: []string{"sym:b.py#tmp"}, EdgeList: EdgeChanges{Removed: []string{callAB}, Added: []string{callAC}}}),
	}
	sp := Fold(runs, all(), nil)
	want := &Span{Until: all().Until, Branch: "main", Runs: []int{1, 2, 3},
		SymbolsAdded: []string{"sym:c.py#c"}, SymbolsRemoved: []string{},
		EdgesAdded: map[string]int{"imports": 1}, EdgesRemoved: map[string]int{}}
	if d := cmp.Diff(want, sp); d != "" {
		t.Fatalf("span (-want +got):\n%s", d)
	}
}

func TestFoldRebases(t *testing.T) {
	init := run(2, Delta{Added: 5000, Truncated: true, EdgesAdded: map[string]int{"calls": 9000}})
	init.From = nil
	other := run(4, Delta{SymbolsAdded: []string{"sym:x.py#x"}})
	other.From = ptr("elsewhere")
	for _, tc := range []struct {
		name     string
		runs     []*Run
		countsAt int
		counted  []int
		added    []string
	}{
		{"init inside the span", []*Run{run(1, Delta{SymbolsAdded: []string{"sym:old"}}), init, run(3, Delta{SymbolsAdded: []string{"sym:new"}})}, 2, []int{3}, []string{"sym:new"}},
		{"a run from another base", []*Run{run(3, Delta{SymbolsAdded: []string{"sym:old"}}), other, run(5, Delta{SymbolsAdded: []string{"sym:new"}})}, 4, []int{4, 5}, []string{"sym:new", "sym:x.py#x"}},
		{"a continuous chain", []*Run{run(3, Delta{SymbolsAdded: []string{"sym:a"}}), run(4, Delta{SymbolsAdded: []string{"sym:b"}})}, 0, []int{3, 4}, []string{"sym:a", "sym:b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp := Fold(tc.runs, all(), nil)
			if (sp.CountsFrom == nil) != (tc.countsAt == 0) || (sp.CountsFrom != nil && sp.CountsFrom.Run != tc.countsAt) {
				t.Fatalf("counts_from %+v, want run %d", sp.CountsFrom, tc.countsAt)
			}
			if !cmp.Equal(sp.Runs, tc.counted) || !cmp.Equal(sp.SymbolsAdded, tc.added) {
				t.Fatalf("runs %v, added %v; want %v, %v", sp.Runs, sp.SymbolsAdded, tc.counted, tc.added)
			}
			if sp.Truncated || len(sp.EdgesAdded) != 0 {
				t.Fatalf("a rebased span counted the init: truncated %v, edges %v", sp.Truncated, sp.EdgesAdded)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestFoldTruncated(t *testing.T) {
	big := run(2, Delta{Added: 2000, Truncated: true, EdgesAdded: map[string]int{"calls": 1500}})
	old := run(3, Delta{EdgesAdded: map[string]int{"calls": 2}}) // written before edges were listed
	sp := Fold([]*Run{run(1, Delta{EdgeList: EdgeChanges{Added: []string{callAB}}}), big, old}, all(), nil)
	if !sp.Truncated || len(sp.TruncatedBecause) != 2 || sp.EdgesAdded["calls"] != 1503 {
		t.Fatalf("truncated %v because %q, calls %d; want both runs named and 1503 calls summed", sp.Truncated, sp.TruncatedBecause, sp.EdgesAdded["calls"])
	}

	runs := []*Run{run(5, Delta{}), run(6, Delta{})}
	pruned := &Pruned{Run: 4, Started: run(4, Delta{}).Started}
	for _, tc := range []struct {
		w    Window
		want bool
	}{
		{all(), true},
		{Window{Since: run(5, Delta{}).Started, Until: all().Until, Branch: "main"}, false},
		{Window{Since: pruned.Started, Until: all().Until, Branch: "main"}, true},
		{Window{FromRun: 5, Until: all().Until, Branch: "main"}, false},
	} {
		sp := Fold(runs, tc.w, pruned)
		if sp.Truncated != tc.want || (tc.want && !strings.Contains(sp.TruncatedBecause[0], "gc removed runs up to 4")) {
			t.Errorf("window %+v after gc pruned run 4: truncated %v %q, want %v", tc.w, sp.Truncated, sp.TruncatedBecause, tc.want)
		}
	}
}
