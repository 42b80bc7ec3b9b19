package wiki

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/enrich"
	"github.com/lgraph/lgraph/phases/phase"
)

// fullRun is the state of a full run over files, its records held packed
// as a full run holds them, the enrich phase run.
func fullRun(t *testing.T, files []*snapshot.File) *phase.State {
	t.Helper()
	next := snapshot.New()
	if err := next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { next.Files.Close() })
	for _, f := range files {
		f.Blob = "blob-" + f.Path
		next.Files.Set(f)
	}
	cfg := config.Default()
	st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
	read := func(id string) ([]byte, error) { return []byte("package x // " + id + "\n"), nil }
	if _, err := (enrich.Phase{Read: read}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestFullRunCountsUsesFromTheEnrichTable: a full run's wiki reads how its
// members are used from the counts the enrich phase took of every code
// file (a secret one's too), so its index holds no reverse edge (most of a
// full index's entries, each sorted and spilled), and the inputs are those
// counted from the reverse edges and those computed from every record.
func TestFullRunCountsUsesFromTheEnrichTable(t *testing.T) {
	var files []*snapshot.File
	for i := range 12 {
		files = append(files, moduleFile(fmt.Sprintf("lib%d/helper.go", i%3), fmt.Sprintf("core/c%d.go", i%2)))
		files = append(files, moduleFile(fmt.Sprintf("app/f%02d.go", i), fmt.Sprintf("lib%d/helper.go", i%3), "core/c0.go"))
	}
	files = append(files, moduleFile("core/c0.go"), moduleFile("core/c1.go", "core/c0.go"),
		moduleFile("core/credentials.go", "core/c1.go"), moduleFile("app/credentials.go", "core/credentials.go"))
	st := fullRun(t, files)
	if n := st.Uses.Len(); n != len(st.Next.Files.CodePaths()) {
		t.Fatalf("the enrich phase counted the uses of %d files, want every code file's (%d)", n, len(st.Next.Files.CodePaths()))
	}

	h := &history{touched: map[string]bool{}}
	idx, dirs, _ := Phase{}.dirs(st, true, h)
	entries := 0
	if err := idx.Scan(nil, func(_, _ []byte) error { entries++; return nil }); err != nil {
		t.Fatal(err)
	}
	if entries > 0 {
		t.Errorf("the full run's wiki index holds %d entries, want none: the uses are counted, \"used by\" too", entries)
	}
	got, err := moduleInputs(st, readerOf(t, st, idx, true), dirs, h)
	if err != nil {
		t.Fatal(err)
	}

	st.Uses = nil // counted from the reverse edges instead
	idx, _, _ = Phase{}.dirs(st, true, h)
	counted, err := moduleInputs(st, readerOf(t, st, idx, false), dirs, h)
	if err != nil {
		t.Fatal(err)
	}
	whole := allInputs(&snapshot.Snapshot{Files: snapshot.NewFileSet(*st.Next.Files.Flatten()), Modules: snapshot.NewModuleSet(nil)},
		nil, func(string) []snapshot.HistoryEntry { return nil })
	if len(got) != 5 || len(whole) != len(got) {
		t.Fatalf("inputs of %d modules, want 5 (and %d from the records)", len(got), len(whole))
	}
	for dir, in := range got {
		if g, c, w := in.key("offline"), counted[dir].key("offline"), whole[dir].key("offline"); g != c || g != w {
			t.Errorf("module %s: input from the table differs:\n%+v\n%+v\n%+v", dir, in.body, counted[dir].body, whole[dir].body)
		}
	}
}

// readerOf is a modReader of idx for the run st, its reads in order or
// a scan per module.
func readerOf(t *testing.T, st *phase.State, idx snapshot.KV, inOrder bool) *modReader {
	t.Helper()
	r, err := newModReader(st, idx, inOrder)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// scanningKV counts the scans and point reads of a KV by keyspace.
type scanningKV struct {
	snapshot.KV
	mu          sync.Mutex
	scans, gets map[byte]int
}

func (c *scanningKV) Scan(prefix []byte, fn func(k, v []byte) error) error {
	c.mu.Lock()
	c.scans[prefix[0]]++
	c.mu.Unlock()
	return c.KV.Scan(prefix, fn)
}

func (c *scanningKV) Get(key []byte) ([]byte, bool, error) {
	c.mu.Lock()
	c.gets[key[0]]++
	c.mu.Unlock()
	return c.KV.Get(key)
}

// TestFullRunReadsTheIndexInOnePass: a full run asks every module's
// input, in slices, and reads the used-by counts in one pass, not a scan
// of each module's prefix (a full run's index is many runs, and each seek
// reads a block of every run), and its members and their targets from
// its records, not from listings and leaves it would index; the inputs
// are those the listings give, module by module. A run that asks every
// module without being a full run (a new provider) reads the listings,
// the used-by counts and the leaves in one pass each. A directory the
// globs leave out has no input either way.
func TestFullRunReadsTheIndexInOnePass(t *testing.T) {
	var files []*snapshot.File
	for i := range 30 {
		files = append(files, moduleFile(fmt.Sprintf("lib%d/helper.go", i%4), fmt.Sprintf("core/c%d.go", i%2)),
			moduleFile(fmt.Sprintf("app%d/f%02d.go", i%5, i), fmt.Sprintf("lib%d/helper.go", i%4), "core/c0.go", "gone/missing.go"))
	}
	files = append(files, moduleFile("core/c0.go"), moduleFile("core/c1.go", "core/c0.go"), moduleFile("app0/sub/deep.go", "app0/f00.go"),
		&snapshot.File{Path: "app1/go.mod", Lang: lang.ProjectFile})
	for i, f := range files {
		f.SHA256 = fmt.Sprintf("%064x", i+1) // a leaf each
	}
	st := fullRun(t, files)
	st.Config.Wiki.Modules = []string{"app*", "app0/**", "core", "lib0", "lib1", "lib2"} // lib3 left out
	h := &history{touched: map[string]bool{}}
	newProvider := *st
	newProvider.Full = false // its index is every file's all the same: there is no base
	listings, dirs, _ := Phase{}.dirs(&newProvider, true, h)
	want, err := moduleInputs(&newProvider, readerOf(t, &newProvider, listings, false), dirs, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != 11 || len(want) != 10 {
		t.Fatalf("inputs of %d modules of %d (%q), want 10 of 11", len(want), len(dirs), dirs)
	}
	for _, c := range []struct {
		st             *phase.State
		listed, leaves int
	}{{st, 0, 0}, {&newProvider, 1, 1}} {
		idx, asked, _ := Phase{}.dirs(c.st, true, h)
		if !slices.Equal(asked, dirs) {
			t.Errorf("full %t: asked %q, want the listed %q", c.st.Full, asked, dirs)
		}
		counted := &scanningKV{KV: idx, scans: map[byte]int{}, gets: map[byte]int{}}
		r := readerOf(t, c.st, counted, true)
		got := map[string]modInput{}
		for lo := 0; lo < len(dirs); lo += 3 { // slices, as a run writes them
			ins, err := moduleInputs(c.st, r, dirs[lo:min(lo+3, len(dirs))], h)
			if err != nil {
				t.Fatal(err)
			}
			maps.Copy(got, ins)
		}
		if len(got) != len(want) {
			t.Errorf("full %t: inputs of %d modules, want %d", c.st.Full, len(got), len(want))
		}
		for dir, in := range want {
			if g, w := got[dir].key("offline"), in.key("offline"); g != w {
				t.Errorf("full %t: module %s: input read in order differs:\n%+v\n%+v", c.st.Full, dir, got[dir].body, in.body)
			}
		}
		if n := counted.scans[snapshot.KsUsedBy]; n != 0 {
			t.Errorf("full %t: the used-by counts scanned %d times for %d modules, want none: the use counts count them", c.st.Full, n, len(dirs))
		}
		if n := counted.scans[snapshot.KsDir]; n != c.listed {
			t.Errorf("full %t: the listings scanned %d times, want %d", c.st.Full, n, c.listed)
		}
		if n := counted.scans[snapshot.KsLeaf]; n != c.leaves {
			t.Errorf("full %t: the leaves scanned %d times, want %d", c.st.Full, n, c.leaves)
		}
		if n := counted.gets[snapshot.KsLeaf] + counted.gets[snapshot.KsDir]; n > 1 {
			t.Errorf("full %t: %d point reads to check targets, want the missing one's at most", c.st.Full, n)
		}
	}
}
