package phase

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestFullIndexOnWorkers: a full run's index, built on several workers
// each with runs of its own, holds exactly the entries of every record,
// as one collection of them would.
func TestFullIndexOnWorkers(t *testing.T) {
	next := snapshot.New()
	if err := next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer next.Files.Close()
	var want []snapshot.Entry
	for i := range 300 {
		p := fmt.Sprintf("d%d/f%03d.go", i%7, i)
		self := nodeid.Symbol(p, "F", 1)
		f := &snapshot.File{Path: p, Lang: lang.Go, Summary: "File " + p + ".", Facts: &facts.File{
			Symbols: []facts.Symbol{{Name: "F", Qualified: "F", Kind: facts.KindFunction}}}}
		for _, t := range []int{(i + 1) % 300, (i * 7) % 300} {
			tp := fmt.Sprintf("d%d/f%03d.go", t%7, t)
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: self, Target: nodeid.Symbol(tp, "F", 1), Kind: edgekind.Calls, Via: "F"})
		}
		next.Files.Set(f)
		want = append(want, snapshot.GenericEntries(f)...)
	}
	want = snapshot.SortEntries(want)
	cfg := config.Default()
	cfg.Concurrency = 3
	st := &State{Next: next, Config: &cfg, Full: true, Scratch: t.TempDir()}
	var got []snapshot.Entry
	err := st.NextIndex().Scan(nil, func(k, v []byte) error {
		got = append(got, snapshot.Entry{Key: bytes.Clone(k), Value: bytes.Clone(v)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i].Key, want[i].Key) || !bytes.Equal(got[i].Value, want[i].Value) {
			t.Fatalf("entry %d: %q = %q, want %q = %q", i, got[i].Key, got[i].Value, want[i].Key, want[i].Value)
		}
	}
}
