package wiki

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// countingSource is a FileSource that records which records were read.
type countingSource struct {
	snapshot.MapSource
	mu    sync.Mutex
	reads []string
}

func (c *countingSource) File(p string) (*snapshot.File, error) {
	c.mu.Lock()
	c.reads = append(c.reads, p)
	c.mu.Unlock()
	return c.MapSource.File(p)
}

// moduleFile is a Go file of dir with one documented function that calls
// the function of each of calls.
func moduleFile(p string, calls ...string) *snapshot.File {
	name := fmt.Sprintf("F%x", len(p)*7919%4096)
	f := &snapshot.File{Path: p, Lang: lang.Go, Summary: "Does " + p + ".", Facts: &facts.File{
		Doc:     "Package of " + p + ".",
		Symbols: []facts.Symbol{{Name: name, Qualified: name, Kind: facts.KindFunction, Signature: "func " + name + "()", Doc: name + " works."}},
	}}
	self := nodeid.Symbol(p, name, 1)
	for _, c := range calls {
		f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: self, Target: nodeid.File(c), Kind: edgekind.Imports},
			snapshot.Edge{Source: self, Target: nodeid.Symbol(c, "Helper", 1), Kind: edgekind.Calls, ResolvedBy: "import"})
	}
	return f
}

// TestOneFileUpdateReadsNoMemberRecord: redoing the docs a 1-file commit
// touches reads the listings of their modules, not the records of their
// members (a module of 200 files would decode 200), and gives the inputs
// a computation from every record gives.
func TestOneFileUpdateReadsNoMemberRecord(t *testing.T) {
	src := &countingSource{MapSource: snapshot.MapSource{}}
	add := func(f *snapshot.File) { src.MapSource[f.Path] = f }
	helper := &snapshot.File{Path: "util/helper.go", Lang: lang.Go, Facts: &facts.File{
		Symbols: []facts.Symbol{{Name: "Helper", Qualified: "Helper", Kind: facts.KindFunction, Signature: "func Helper()"}}}}
	add(helper)
	add(&snapshot.File{Path: "util/other.go", Lang: lang.Go, Facts: &facts.File{}})
	for i := range 200 {
		add(moduleFile(fmt.Sprintf("big/f%03d.go", i), "util/helper.go"))
		add(moduleFile(fmt.Sprintf("small/s%d.go", i%3), "util/helper.go"))
	}
	var es []snapshot.Entry
	for _, f := range src.MapSource {
		es = append(es, snapshot.GenericEntries(f)...)
	}
	base := snapshot.New()
	base.Files, base.Index = snapshot.NewFileSet(src), snapshot.NewMemKV(es)
	next := base.Clone()
	changed := moduleFile("big/f007.go", "util/helper.go", "util/other.go")
	next.Files.Set(changed)
	cfg := config.Default()
	st := &phase.State{Base: base, Next: next, Config: &cfg, LLM: llm.Offline{}}

	src.reads = nil
	h := &history{touched: map[string]bool{}}
	idx, dirs, _ := Phase{}.dirs(st, false, h)
	got, err := moduleInputs(st, readerOf(t, st, idx, false), dirs, h)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"big", "util"}; !slices.Equal(dirs, want) {
		t.Errorf("looked at %q, want %q", dirs, want)
	}
	if slices.ContainsFunc(src.reads, func(p string) bool { return p != changed.Path }) {
		t.Errorf("read %d records (%q), want the changed file's base record at most", len(src.reads), src.reads)
	}
	whole := allInputs(&snapshot.Snapshot{Files: snapshot.NewFileSet(*next.Files.Flatten()), Modules: snapshot.NewModuleSet(nil)},
		nil, func(string) []snapshot.HistoryEntry { return nil })
	for _, dir := range dirs {
		if g, w := got[dir].key("offline"), whole[dir].key("offline"); g != w {
			t.Errorf("module %s: input from its listing differs from the one from its records:\n%+v\n%+v", dir, got[dir].llm, whole[dir].llm)
		}
	}
}

// countingKV is a KV that counts point reads by keyspace.
type countingKV struct {
	snapshot.KV
	mu   sync.Mutex
	gets map[byte]int
}

func (c *countingKV) Get(key []byte) ([]byte, bool, error) {
	c.mu.Lock()
	c.gets[key[0]]++
	c.mu.Unlock()
	return c.KV.Get(key)
}

// TestTargetsAreCheckedInTheLeafIndex: whether a member's dependency target
// is an indexed file is answered by the leaf index, whose entries are a
// path and a digest, not by the target's directory listing, which carries
// its symbols (at 100,000 files one table block of listings per target).
// A target no file is at still counts for nothing.
func TestTargetsAreCheckedInTheLeafIndex(t *testing.T) {
	src := snapshot.MapSource{}
	digest := func(f *snapshot.File) *snapshot.File {
		f.SHA256 = fmt.Sprintf("%064x", len(src)+1)
		src[f.Path] = f
		return f
	}
	for i := range 20 {
		digest(&snapshot.File{Path: fmt.Sprintf("lib%d/helper.go", i), Lang: lang.Go, Facts: &facts.File{
			Symbols: []facts.Symbol{{Name: "Helper", Qualified: "Helper", Kind: facts.KindFunction}}}})
	}
	for i := range 20 {
		digest(moduleFile(fmt.Sprintf("app/f%02d.go", i), fmt.Sprintf("lib%d/helper.go", i), "gone/missing.go"))
	}
	var es []snapshot.Entry
	for _, f := range src {
		es = append(es, snapshot.GenericEntries(f)...)
	}
	base := snapshot.New()
	base.Files, base.Index = snapshot.NewFileSet(src), snapshot.NewMemKV(es)
	next := base.Clone()
	next.Files.Set(digest(moduleFile("app/f03.go", "lib3/helper.go", "lib4/helper.go")))
	cfg := config.Default()
	st := &phase.State{Base: base, Next: next, Config: &cfg, LLM: llm.Offline{}}

	h := &history{touched: map[string]bool{}}
	idx, _, _ := Phase{}.dirs(st, false, h)
	counted := &countingKV{KV: idx, gets: map[byte]int{}}
	got, err := moduleInputs(st, readerOf(t, st, counted, false), []string{"app"}, h)
	if err != nil {
		t.Fatal(err)
	}
	if n := counted.gets[snapshot.KsDir]; n > 1 {
		t.Errorf("read %d directory listings to check targets, want the missing one's at most", n)
	}
	if n := counted.gets[snapshot.KsLeaf]; n != 21 {
		t.Errorf("read %d leaves, want 21 (each target once)", n)
	}
	out := got["app"].llm.Out
	if len(out) != 20 || slices.Contains(out, "gone") {
		t.Errorf("modules app uses: %q, want the 20 lib directories", out)
	}
}
