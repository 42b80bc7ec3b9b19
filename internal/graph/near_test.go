package graph

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestNearIsTheBuiltView: a symbol-level view of every node of the
// samples, at depths 0 to 3, with and without a kind filter, and of
// paths, module directories and names that are no node, is what View
// gives of the built graph, or the same error. One sample has edges into
// a file no record has, reached from two files (a walk passes through
// such an end), an edge into a directory no file is in, and a record
// holding an edge that starts in another file.
func TestNearIsTheBuiltView(t *testing.T) {
	dangling := manyFiles()
	for _, p := range []string{"pkg1/f01.py", "pkg4/f04.py"} {
		f := *dangling.Files.Get(p)
		f.Res.Edges = append(copied(f.Res.Edges), snapshot.Edge{Source: "sym:" + p + "#run", Target: "sym:gone/x.py#f", Kind: "calls", Via: "f"})
		dangling.Files.Set(&f)
	}
	ghost := *dangling.Files.Get("pkg0/f00.py")
	ghost.Res.Edges = append(copied(ghost.Res.Edges), snapshot.Edge{Source: "file:pkg0/f00.py", Target: "mod:ghost", Kind: "imports", Via: "ghost"})
	dangling.Files.Set(&ghost)
	f := *dangling.Files.Get("pkg2/f02.py")
	f.Implicit = append(copied(f.Implicit), snapshot.Edge{Source: "file:pkg5/f05.py", Target: "file:pkg6/f06.py", Kind: "implicit", Via: "env:X"})
	dangling.Files.Set(&f)
	samples := map[string]*snapshot.Snapshot{
		"sample": sample(), "many files": manyFiles(), "dangling": dangling,
		"published": published(t, manyFiles(), ""), "empty": snapshot.New(),
	}
	for name, s := range samples {
		built := Build(s)
		near, err := NewNear(s)
		if err != nil {
			t.Fatal(err)
		}
		focuses := []string{"pkg3/f10.py", "pkg3", "pkg3/", "nowhere.py", "sym:gone/x.py#f", "file:gone/x.py", "ghost", "mod:ghost"}
		for _, n := range built.Nodes {
			focuses = append(focuses, n.ID)
		}
		for _, focus := range focuses {
			for depth := range 4 {
				for _, kinds := range [][]string{nil, {"calls"}} {
					o := ViewOptions{Focus: focus, Depth: depth, Kinds: kinds}
					want, werr := built.View(o)
					got, gerr := near.View(o)
					if !errors.Is(gerr, ErrNoFocus) && errors.Is(werr, ErrNoFocus) || (gerr == nil) != (werr == nil) {
						t.Fatalf("%s %+v: error %v, want %v", name, o, gerr, werr)
					}
					if werr != nil {
						if gerr.Error() != werr.Error() {
							t.Fatalf("%s %+v: error %q, want %q", name, o, gerr, werr)
						}
						continue
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s %+v: near view\n%+v\nwant\n%+v", name, o, got, want)
					}
				}
			}
		}
	}
}

// copied copies a record's edges, so a test's change leaves the sample's
// record as it was.
func copied(es []snapshot.Edge) []snapshot.Edge { return append([]snapshot.Edge(nil), es...) }

// TestNearReadsOnlyWhatIsNear: a depth-1 view of one symbol of a chain
// of 60 files reads the records of a few files, not of all 60.
func TestNearReadsOnlyWhatIsNear(t *testing.T) {
	near, err := NewNear(manyFiles())
	if err != nil {
		t.Fatal(err)
	}
	start, _ := near.unitOf("sym:pkg3/f10.py#run")
	if got := near.filesNear(start, 1); len(got) > 12 {
		t.Errorf("a depth-1 view reads %d files: %v", len(got), got)
	}
}
