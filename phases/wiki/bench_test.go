package wiki

import (
	"context"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/enrich"
	"github.com/lgraph/lgraph/phases/phase"
)

// benchFiles are files Go files in dirs directories, each defining eight
// documented functions and calling three functions of files elsewhere.
func benchFiles(dirs, files int) []*snapshot.File {
	path := func(i int) string { return fmt.Sprintf("pkg%02d/file%03d.go", i%dirs, i) }
	var out []*snapshot.File
	for i := range files {
		p := path(i)
		f := &snapshot.File{Path: p, Blob: "blob-" + p, NormSHA: "n-" + p, Lang: lang.Go,
			Facts: &facts.File{Doc: "Package of " + p + ". It does things."}}
		for s := range 8 {
			name := fmt.Sprintf("Func%d", s)
			f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: facts.KindFunction,
				Signature: "func " + name + "(ctx context.Context, n int) (string, error)", Doc: name + " does its part of " + p + "."})
		}
		self := nodeid.Symbol(p, "Func0", 1)
		for c := range 3 {
			t := path((i*7 + c*131 + 1) % files)
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: self, Target: nodeid.File(t), Kind: edgekind.Imports},
				snapshot.Edge{Source: self, Target: nodeid.Symbol(t, fmt.Sprintf("Func%d", c), 1), Kind: edgekind.Calls, Via: "Func", ResolvedBy: "import"})
		}
		out = append(out, f)
	}
	return out
}

// benchRun is a full run's state over files, held packed, before the
// enrich phase.
func benchRun(b *testing.B, files []*snapshot.File) *phase.State {
	next := snapshot.New()
	if err := next.Files.Pack(b.TempDir()); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { next.Files.Close() })
	for _, f := range files {
		c := *f
		next.Files.Set(&c)
	}
	cfg := config.Default()
	return &phase.State{Next: next, Config: &cfg, LLM: llm.Offline{}, Full: true, Scratch: b.TempDir()}
}

func blobOf(id string) ([]byte, error) { return []byte("package x // " + id + "\n"), nil }

// BenchmarkFullRunEnrich is the enrich phase of a full run of 2,000 files.
func BenchmarkFullRunEnrich(b *testing.B) {
	files := benchFiles(80, 2000)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		st := benchRun(b, files)
		b.StartTimer()
		if _, err := (enrich.Phase{Read: blobOf}).Run(context.Background(), st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullRunWiki is the module docs of a full run of 2,000 files,
// its enrich phase run: the inputs read and every doc written.
func BenchmarkFullRunWiki(b *testing.B) {
	st := benchRun(b, benchFiles(80, 2000))
	if _, err := (enrich.Phase{Read: blobOf}).Run(context.Background(), st); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		st.Next.Modules = snapshot.NewModuleSet(nil)
		h := &history{touched: map[string]bool{}}
		idx, dirs, _ := Phase{}.dirs(st, true, h)
		r, err := newModReader(st, idx, true)
		if err != nil {
			b.Fatal(err)
		}
		inputs, err := moduleInputs(st, r, dirs, h)
		if err != nil {
			b.Fatal(err)
		}
		var usage llm.Usage
		if err := (&docWriter{st: st, usage: &usage}).write(context.Background(), dirs, inputs); err != nil {
			b.Fatal(err)
		}
		r.Close()
		if len(inputs) != 80 {
			b.Fatalf("%d modules, want 80", len(inputs))
		}
	}
}
