package graph

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestLiftIsTheBuiltView: lifting each record's edges as it is read gives
// the graph View gives of the built one, at both levels, with and without
// a kind filter, on records in memory and read back from tables, and a
// focus on it the same neighbourhood.
func TestLiftIsTheBuiltView(t *testing.T) {
	samples := map[string]*snapshot.Snapshot{
		"sample": sample(), "many files": manyFiles(), "empty": snapshot.New(),
		"published": published(t, manyFiles(), ""),
	}
	for name, s := range samples {
		for _, level := range []string{"file", "module"} {
			for _, kinds := range [][]string{nil, {"calls"}, {"imports", "implicit"}} {
				want, err := Build(s).View(ViewOptions{Level: level, Kinds: kinds})
				if err != nil {
					t.Fatal(err)
				}
				got, err := Lift(s, level, kinds)
				if err != nil {
					t.Fatalf("%s %s %v: %v", name, level, kinds, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s %v: lifted\n%+v\nwant\n%+v", name, level, kinds, got, want)
				}
				if name != "many files" {
					continue
				}
				wantFocus, err := Build(s).View(ViewOptions{Level: level, Kinds: kinds, Focus: "pkg3/f10.py", Depth: 1})
				if err != nil {
					t.Fatal(err)
				}
				gotFocus, err := got.Focus("pkg3/f10.py", level, 1)
				if err != nil || !reflect.DeepEqual(gotFocus, wantFocus) {
					t.Fatalf("%s %s %v: focus %+v, %v\nwant %+v", name, level, kinds, gotFocus, err, wantFocus)
				}
			}
		}
	}
	llm := false
	for _, e := range mustLift(t, manyFiles(), "module").Edges {
		llm = llm || e.DetectedBy == "llm"
	}
	if !llm {
		t.Fatal("the many-files sample lifts no model explorer's edge between modules: the comparison shows too little")
	}
}

func mustLift(t *testing.T, s *snapshot.Snapshot, level string) *Graph {
	t.Helper()
	g, err := Lift(s, level, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLiftRefusesAStrayEdge: a record holding an edge that starts in
// another file could duplicate an edge of that file's record, which Lift
// cannot see; it says so instead of counting it.
func TestLiftRefusesAStrayEdge(t *testing.T) {
	s := manyFiles()
	f := *s.Files.Get("pkg1/f01.py")
	f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: "file:pkg2/f02.py", Target: "file:pkg3/f03.py", Kind: "imports", Via: "pkg"})
	s.Files.Set(&f)
	if _, err := Lift(s, "module", nil); !errors.Is(err, ErrStray) {
		t.Fatalf("Lift = %v, want ErrStray", err)
	}
	if _, err := Lift(s, "module", []string{"calls"}); err != nil {
		t.Fatalf("with the stray edge's kind filtered out: %v", err)
	}
}
