package enrich

import (
	"context"
	"slices"
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

func readBlob(id string) ([]byte, error) { return []byte("package x // " + id + "\n"), nil }

// goFile is a Go file defining defs whose functions call each of calls
// (a path and a definition of it).
func goFile(p string, defs []string, calls ...[2]string) *snapshot.File {
	f := &snapshot.File{Path: p, Blob: "blob-" + p, NormSHA: "n-" + p, Lang: lang.Go, Facts: &facts.File{Doc: "Package of " + p + "."}}
	for _, d := range defs {
		f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: d, Qualified: d, Kind: facts.KindFunction, Signature: "func " + d + "()"})
	}
	self := nodeid.Symbol(p, defs[0], 1)
	for _, c := range calls {
		f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: self, Target: nodeid.File(c[0]), Kind: edgekind.Imports},
			snapshot.Edge{Source: self, Target: nodeid.Symbol(c[0], c[1], 1), Kind: edgekind.Calls, Via: c[1], ResolvedBy: "import"})
	}
	return f
}

// enrichAll runs the phase over files as a full run does, its records
// packed when packed.
func enrichAll(t *testing.T, files []*snapshot.File, packed bool) *snapshot.Snapshot {
	t.Helper()
	unenriched := make([]*snapshot.File, len(files))
	for i, f := range files {
		c := *f
		c.Summary, c.SummaryKey, c.EdgeSummaries = "", "", nil
		unenriched[i] = &c
	}
	next := snapshotOf(t, unenriched, packed)
	cfg := config.Default()
	st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
	if _, err := (Phase{Read: readBlob}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	return next
}

// snapshotOf is a snapshot holding files, their records packed in a
// spill file when packed, as a full run's are.
func snapshotOf(t *testing.T, files []*snapshot.File, packed bool) *snapshot.Snapshot {
	t.Helper()
	next := snapshot.New()
	if packed {
		if err := next.Files.Pack(t.TempDir()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { next.Files.Close() })
	}
	for _, f := range files {
		next.Files.Set(f)
	}
	return next
}

func sameEnrichment(t *testing.T, what string, got, want *snapshot.Snapshot) {
	t.Helper()
	for _, p := range want.Files.Paths() {
		g, w := got.Files.Get(p), want.Files.Get(p)
		if g.Summary != w.Summary || g.SummaryKey != w.SummaryKey || !mapsEqual(g.EdgeSummaries, w.EdgeSummaries) {
			t.Errorf("%s: %s has summary %q (%s) and edge summaries %q, want %q (%s) and %q",
				what, p, g.Summary, g.SummaryKey, g.EdgeSummaries, w.Summary, w.SummaryKey, w.EdgeSummaries)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestSummariesAndEdgeSummariesSetTogether: the summaries are set with
// the edge summaries they feed (a full run decodes and packs each record
// once for both). A packed run gives what a run of decoded records gives,
// each edge summary made from the new summaries; on an update a file
// summarized again for its use counts alone, which explains no edge (its
// key changes, not its text), gets its new key all the same, as a full
// run gives it.
func TestSummariesAndEdgeSummariesSetTogether(t *testing.T) {
	util := goFile("util/util.go", []string{"A", "B"})
	files := []*snapshot.File{util,
		goFile("app/a.go", []string{"Main"}, [2]string{"util/util.go", "A"}),
		goFile("app/b.go", []string{"Run"}, [2]string{"util/util.go", "A"}, [2]string{"app/a.go", "Main"}),
		goFile("cmd/c.go", []string{"Cmd"}, [2]string{"app/b.go", "Run"}),
	}
	packed, loose := enrichAll(t, files, true), enrichAll(t, files, false)
	sameEnrichment(t, "packed run", packed, loose)
	if f := packed.Files.Get("app/b.go"); len(f.EdgeSummaries) != 2 || f.Summary == "" {
		t.Fatalf("app/b.go: summary %q, edge summaries %q: want both", f.Summary, f.EdgeSummaries)
	}

	// The update: cmd/c.go calls util's B too. util is a target whose
	// counts changed; nothing it depends on changed.
	base := loose
	var es []snapshot.Entry
	for _, f := range base.Files.All() {
		es = append(es, snapshot.GenericEntries(f)...)
	}
	base.Index = snapshot.NewMemKV(es)
	next := base.Clone()
	changed := goFile("cmd/c.go", []string{"Cmd"}, [2]string{"app/b.go", "Run"}, [2]string{"util/util.go", "B"})
	next.Files.Set(changed)
	cfg := config.Default()
	st := &phase.State{Base: base, Next: next, Config: &cfg, LLM: llm.Offline{},
		Touched: map[string]bool{changed.Path: true}, Reresolved: map[string]bool{changed.Path: true}}
	if _, err := (Phase{Read: readBlob}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	var final []*snapshot.File
	for _, f := range next.Files.All() {
		final = append(final, f)
	}
	sameEnrichment(t, "update", next, enrichAll(t, final, false))
	if was, is := base.Files.Get(util.Path), next.Files.Get(util.Path); was.SummaryKey == is.SummaryKey {
		t.Errorf("util's summary key did not change with its use counts: the test no longer covers a summary set alone")
	}
}

func TestSortedMinus(t *testing.T) {
	got := sortedMinus([]string{"a", "b", "c", "e", "g"}, []string{"b", "d", "e", "f"})
	if want := []string{"a", "c", "g"}; !slices.Equal(got, want) {
		t.Errorf("sortedMinus = %q, want %q", got, want)
	}
}
