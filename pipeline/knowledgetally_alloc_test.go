package pipeline

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/phase"
)

// tallyFile is a record with repeated symbol names and repeated edges,
// resolved and implicit.
func tallyFile(path string, symbols, edges int) *snapshot.File {
	f := &snapshot.File{Path: path, Facts: &facts.File{}, Summary: "s"}
	for i := range symbols {
		f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Qualified: fmt.Sprintf("T.m%d", i%(symbols/2+1))})
	}
	kinds := []string{"calls", "imports", "references"}
	for i := range edges {
		e := snapshot.Edge{Kind: kinds[i%3], Source: path + "#f", Target: fmt.Sprintf("t%d.go", i%(edges/3+1)), ResolvedBy: fmt.Sprint(i % 2)}
		if i%5 == 0 {
			e.Via = "v"
		}
		f.Res.Edges = append(f.Res.Edges, e)
		if i%4 == 0 {
			f.Implicit = append(f.Implicit, e)
		}
	}
	return f
}

// tallyByNames is the tally firstTally.add keeps, counted the way
// knowledgeDelta counts it: from the symbol ids and edge names built.
func tallyByNames(fs ...*snapshot.File) (symbols int, edges map[string]int, edgeCount int) {
	edges = map[string]int{}
	for _, f := range fs {
		ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
		slices.Sort(ids)
		symbols += len(slices.Compact(ids))
		names := appendEdgeNames(nil, f)
		slices.Sort(names)
		names = slices.Compact(names)
		for _, n := range names {
			edges[store.EdgeKind(n)]++
		}
		edgeCount += len(names)
	}
	return symbols, edges, edgeCount
}

// TestFirstTallyCountsWhatTheNamesCount: the tally counted without
// building ids and names is the one counted from them, for names with
// repeats, a name that spells another's id ("m~2") and edge parts holding
// spaces (whose names two different edges can share).
func TestFirstTallyCountsWhatTheNamesCount(t *testing.T) {
	plain := tallyFile("a.go", 40, 90)
	tilde := tallyFile("b.go", 6, 9)
	tilde.Facts.Symbols = append(tilde.Facts.Symbols, facts.Symbol{Qualified: "T.m0~2"}, facts.Symbol{Qualified: "T.m0"})
	spaced := tallyFile("c.go", 4, 12)
	spaced.Res.Edges = append(spaced.Res.Edges,
		snapshot.Edge{Kind: "calls", Source: "x -> y", Target: "z"},
		snapshot.Edge{Kind: "calls", Source: "x", Target: "y -> z"},
		snapshot.Edge{Kind: "odd kind", Source: "x", Target: "y"})
	files := []*snapshot.File{plain, tilde, spaced}
	touched := map[string]bool{}
	for _, f := range files {
		touched[f.Path] = true
	}
	tally := newFirstTally(&phase.State{Touched: touched})
	for _, f := range files {
		tally.add(f)
	}
	symbols, edges, edgeCount := tallyByNames(files...)
	if tally.symbols != symbols || tally.edgeCount != edgeCount || fmt.Sprint(tally.edges) != fmt.Sprint(edges) || tally.summaries != 3 {
		t.Errorf("tally: %d symbols, %d edges %v, %d summaries; by names: %d symbols, %d edges %v",
			tally.symbols, tally.edgeCount, tally.edges, tally.summaries, symbols, edgeCount, edges)
	}
}

// TestFirstTallyAllocatesOncePerRecord: counting a record's distinct
// symbols and edges takes one allocation (its list of edges), not one per
// symbol id and edge name (at 100,000 files those made most of the
// tally's CPU).
func TestFirstTallyAllocatesOncePerRecord(t *testing.T) {
	f := tallyFile("a.go", 200, 300)
	tally := newFirstTally(&phase.State{Touched: map[string]bool{f.Path: true}})
	tally.add(f) // the kinds' map entries exist from here on
	if allocs := testing.AllocsPerRun(20, func() { tally.add(f) }); allocs > 1 {
		t.Errorf("a record of 200 symbols and 300 edges: %.0f allocations to tally, want at most 1", allocs)
	}
}
