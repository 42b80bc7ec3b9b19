package snapshot

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestRefSpillRoundTrip: references put aside by many writers at once come
// back equal by path, from the unlinked file and from memory; a path with
// none is not found, and the scratch directory is left empty.
func TestRefSpillRoundTrip(t *testing.T) {
	refsOf := func(i int) []facts.Ref {
		return []facts.Ref{
			{Name: fmt.Sprint("run", i), Qualifier: "s.client", Kind: facts.RefCall, From: "Server.Start", Line: i, Recv: "NewClient()", Args: "(String,?)"},
			{Name: "Getenv", Qualifier: "os", Kind: facts.RefReference, Line: i + 1},
		}
	}
	for _, dir := range []string{t.TempDir(), ""} {
		s, err := NewRefSpill(dir)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Go(func() {
				if err := s.Put(fmt.Sprintf("f%d.go", i), refsOf(i)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if err := s.Put("empty.go", nil); err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			p := fmt.Sprintf("f%d.go", i)
			got, found, err := s.Refs(p)
			if err != nil || !found || !s.Has(p) {
				t.Fatalf("dir %q, %s: found %v, %v", dir, p, found, err)
			}
			want := refsOf(i)
			if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
				t.Fatalf("dir %q, %s: got %+v, want %+v", dir, p, got, want)
			}
		}
		if _, found, err := s.Refs("empty.go"); found || err != nil || s.Has("empty.go") {
			t.Fatalf("dir %q: a file without references found (%v)", dir, err)
		}
		if dir != "" {
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Fatalf("the spill left %d files in its directory", len(left))
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
