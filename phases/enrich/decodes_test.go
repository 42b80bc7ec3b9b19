package enrich

import (
	"context"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestFullRunDecodesOnlyWhatItReads: a full run, whose records are held
// packed, decodes each code file's record twice, each in the parts that
// pass reads: its edges for the reverse-edge index the use counts come
// from, then its facts, edges, summary and edge summaries to summarize it,
// explain its edges and set both (only that section is encoded again).
// None is decoded whole, nor with the symbols twice. The records it sets
// are those a run of decoded records sets, their other parts untouched.
func TestFullRunDecodesOnlyWhatItReads(t *testing.T) {
	files := []*snapshot.File{
		goFile("util/util.go", []string{"A", "B"}),
		goFile("app/a.go", []string{"Main"}, [2]string{"util/util.go", "A"}),
		goFile("app/b.go", []string{"Run"}, [2]string{"util/util.go", "A"}, [2]string{"app/a.go", "Main"}),
		goFile("cmd/c.go", []string{"Cmd"}, [2]string{"app/b.go", "Run"}, [2]string{"util/util.go", "B"}),
	}
	next := snapshot.New()
	if err := next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer next.Files.Close()
	for _, f := range files {
		next.Files.Set(f)
	}
	counts := next.Files.CountDecodes()
	cfg := config.Default()
	st := &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: t.TempDir()}
	if _, err := (Phase{Read: readBlob}).Run(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	n := int64(len(files))
	for _, c := range []struct {
		what  string
		parts snapshot.Parts
		want  int64
	}{
		{"the whole record", snapshot.AllParts, 0},
		{"the edges (the reverse-edge index)", snapshot.PartRes | snapshot.PartImplicit, n},
		{"the facts, edges and enrichment (a summary and the edge summaries)", snapshot.PartFacts | snapshot.PartRes | snapshot.PartSummary | snapshot.PartEdgeSummaries, n},
	} {
		if got := counts.Of(c.parts); got != c.want {
			t.Errorf("decodes of %s: %d, want %d", c.what, got, c.want)
		}
	}
	if got := counts.Total(); got != 2*n {
		t.Errorf("%d decodes of %d records, want 2 each", got, n)
	}
	sameEnrichment(t, "packed run", next, enrichAll(t, files, false))
	for _, f := range files {
		got := next.Files.Get(f.Path)
		if len(got.Facts.Symbols) != len(f.Facts.Symbols) || len(got.Res.Edges) != len(f.Res.Edges) || got.NormSHA != f.NormSHA {
			t.Errorf("%s: facts or edges changed: %+v", f.Path, got)
		}
	}
	if got := next.Files.Get("app/b.go"); len(got.EdgeSummaries) != 2 || got.Summary == "" {
		t.Errorf("app/b.go: summary %q, edge summaries %q: want both", got.Summary, got.EdgeSummaries)
	}
}
