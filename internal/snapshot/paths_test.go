package snapshot

import (
	"slices"
	"sync"
	"testing"
)

// TestPathsKeptUntilAPathComesOrGoes: Paths answers the paths there are
// after every kind of change, before and after Pack, though a set
// without a base keeps its list between changes; a caller changing its
// copy changes nothing; a clone over a set lists the set's paths as they
// are now.
func TestPathsKeptUntilAPathComesOrGoes(t *testing.T) {
	fs := NewFileSet(nil)
	record := func(path string) *File {
		f := peekRecord()
		f.Path = path
		return f
	}
	want := func(step string, paths ...string) {
		t.Helper()
		if got := fs.Paths(); !slices.Equal(got, paths) {
			t.Errorf("after %s: Paths() = %q, want %q", step, got, paths)
		}
	}
	want("nothing")
	fs.Set(record("c.py"))
	fs.Set(record("a.py"))
	want("two sets", "a.py", "c.py")
	fs.Set(record("b.py"))
	want("a third", "a.py", "b.py", "c.py")
	got := fs.Paths()
	got[0] = "changed by the caller"
	want("a caller's change to its copy", "a.py", "b.py", "c.py")
	fs.Set(record("b.py"))
	want("b set again", "a.py", "b.py", "c.py")
	fs.Delete("b.py")
	want("b deleted", "a.py", "c.py")
	fs.Delete("none.py")
	want("a delete of no record", "a.py", "c.py")
	if err := fs.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	want("Pack", "a.py", "c.py")
	fs.SetStaged(fs.Stage(record("d.py")))
	want("a new record staged", "a.py", "c.py", "d.py")
	s, err := fs.Edit("a.py", 0, PartSummary, func(f *File) (*File, error) {
		nf := *f
		nf.Summary = "edited"
		return &nf, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fs.SetStaged(*s)
	want("an edit", "a.py", "c.py", "d.py")
	fs.Set(record("b.py"))
	want("b set into the packed set", "a.py", "b.py", "c.py", "d.py")
	fs.Delete("c.py")
	want("c deleted from the packed set", "a.py", "b.py", "d.py")

	clone := NewFileSet(setSource{fs})
	clone.Set(record("e.py"))
	if got, want := clone.Paths(), []string{"a.py", "b.py", "d.py", "e.py"}; !slices.Equal(got, want) {
		t.Errorf("clone: Paths() = %q, want %q", got, want)
	}
	fs.Set(record("f.py"))
	if got, want := clone.Paths(), []string{"a.py", "b.py", "d.py", "e.py", "f.py"}; !slices.Equal(got, want) {
		t.Errorf("clone after its base gained f.py: Paths() = %q, want %q", got, want)
	}

	fs.Clear()
	want("Clear")
	fs.Set(record("g.py"))
	want("a set after Clear", "g.py")
}

// TestPathsFromManyGoroutines: readers on several goroutines (the wiki's
// module readers) each get the whole list, the first of them sorting it;
// run with -race, the kept list is seen as written.
func TestPathsFromManyGoroutines(t *testing.T) {
	fs := NewFileSet(nil)
	var want []string
	for _, p := range []string{"d.go", "b.go", "a.go", "c.go"} {
		f := peekRecord()
		f.Path = p
		fs.Set(f)
		want = append(want, p)
	}
	slices.Sort(want)
	got := make([][]string, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = fs.Paths() })
	}
	wg.Wait()
	for i, g := range got {
		if !slices.Equal(g, want) {
			t.Errorf("reader %d: Paths() = %q, want %q", i, g, want)
		}
	}
}
