package graph

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// wantStreamed fails the test unless Stream writes s in every streamable
// format, with and without a kind filter, byte for byte as Write writes
// Build's graph, its runs cut small (on disk in a temporary directory)
// and left whole in memory.
func wantStreamed(t *testing.T, s *snapshot.Snapshot) {
	t.Helper()
	full := Build(s)
	for _, kinds := range [][]string{nil, {"calls", "imports"}} {
		g, err := full.View(ViewOptions{Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range StreamFormats {
			var want bytes.Buffer
			if err := Write(&want, g, format); err != nil {
				t.Fatal(err)
			}
			for _, run := range []struct {
				bytes   int
				scratch string
			}{{0, ""}, {512, t.TempDir()}} {
				var got bytes.Buffer
				c, err := stream(s, &got, format, kinds, run.scratch, run.bytes)
				if err != nil {
					t.Fatalf("%s %v, runs of %d: %v", format, kinds, run.bytes, err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("%s %v, runs of %d: streamed export differs from the built one:\n%s\nwant:\n%s", format, kinds, run.bytes, head(got.Bytes()), head(want.Bytes()))
				}
				if c != (Counts{len(g.Nodes), len(g.Edges)}) {
					t.Fatalf("%s: counted %+v, the graph has %d nodes and %d edges", format, c, len(g.Nodes), len(g.Edges))
				}
			}
		}
	}
}

// manyFiles is a sample of 60 files in 7 directories with duplicate edges,
// implicit edges found by rule and by the model explorer,
// ties broken only by a summary and a zero byte in a field: runs are cut
// in it, and files and modules have edges between them.
func manyFiles() *snapshot.Snapshot {
	s := snapshot.New()
	for i := range 60 {
		p := fmt.Sprintf("pkg%d/f%02d.py", i%7, i)
		next := fmt.Sprintf("pkg%d/f%02d.py", (i+1)%7, (i+1)%60)
		f := &snapshot.File{Path: p, Lang: "python", Summary: fmt.Sprintf("file %d <&>", i),
			Facts: &facts.File{Symbols: []facts.Symbol{
				{Name: "run", Qualified: "run", Kind: "function", Line: 1, EndLine: 2},
				{Name: "Box", Qualified: "Box", Kind: "class", Line: 4, EndLine: 9, Signature: "class Box(Base)"},
			}},
			EdgeSummaries: map[string]string{next: "uses it\x00 oddly"},
			Res: snapshot.Resolution{Edges: []snapshot.Edge{
				{Source: "sym:" + p + "#run", Target: "sym:" + next + "#run", Kind: "calls", Via: "run", ResolvedBy: "import"},
				{Source: "sym:" + p + "#run", Target: "sym:" + next + "#run", Kind: "calls", Via: "run", ResolvedBy: "import"},
				{Source: "sym:" + p + "#run", Target: "sym:" + next + "#Box", Kind: "calls", Via: "Box\x00()", ResolvedBy: "name"},
				{Source: "file:" + p, Target: "file:" + next, Kind: "imports", Via: "pkg"},
			}},
			Implicit: []snapshot.Edge{{Source: "file:" + p, Target: "file:" + next, Kind: "imports", Via: "pkg"}},
		}
		if i%3 == 0 { // the model explorer's, lifted apart from the rules'
			f.Implicit = append(f.Implicit, snapshot.Edge{Source: "file:" + p, Target: "file:" + next, Kind: "implicit", Via: "env:PORT"})
			f.Explored = []snapshot.Edge{{Source: "file:" + p, Target: "file:" + next, Kind: "implicit", Via: "env:HOST", ResolvedBy: snapshot.DetectedByLLM}}
		}
		s.Files.Set(f)
	}
	return s
}

func head(b []byte) []byte { return b[:min(len(b), 2000)] }

// TestStreamWritesWhatBuildWrites: on a sample with escapes, on one with
// duplicate edges, ties broken only by a summary, a zero byte in a field
// and many files (so runs are cut), and on an empty snapshot.
func TestStreamWritesWhatBuildWrites(t *testing.T) {
	wantStreamed(t, sample())
	wantStreamed(t, snapshot.New())
	wantStreamed(t, manyFiles())
}

// published is s as a published snapshot reads it: records in tables, read
// back on demand (what export reads), with the record of broken, if any,
// cut short.
func published(t *testing.T, s *snapshot.Snapshot, broken string) *snapshot.Snapshot {
	t.Helper()
	es := []snapshot.Entry{{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(s)}}
	for _, f := range s.Files.All() {
		rec := snapshot.EncodeRecord(f)
		if f.Path == broken {
			rec = rec[:len(rec)/2]
		}
		es = append(es, snapshot.Entry{Key: snapshot.FileKey(f.Path), Value: rec})
		es = append(es, snapshot.GenericEntries(f)...)
	}
	slices.SortFunc(es, func(a, b snapshot.Entry) int { return bytes.Compare(a.Key, b.Key) })
	out, err := snapshot.Open(snapshot.NewMemKV(es), nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStreamOfAPublishedSnapshot: records read from tables (without being
// kept) stream as Build writes them; a record that cannot be read fails
// the stream before a byte is written.
func TestStreamOfAPublishedSnapshot(t *testing.T) {
	wantStreamed(t, published(t, sample(), ""))
	var out bytes.Buffer
	_, err := Stream(published(t, sample(), "a/x.go"), &out, "jsonl", nil, "")
	if err == nil || out.Len() != 0 {
		t.Fatalf("a broken record: error %v, %d bytes written; want an error and nothing written", err, out.Len())
	}
}
