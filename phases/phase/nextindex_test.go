package phase

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestFullNextIndexDecodesWhatItsKeyspacesRead: a full run's NextIndex of
// a few keyspaces (enrich asks for the reverse edges, wiki for four)
// decodes of each packed record only the parts those keyspaces are built
// from, and builds the entries a whole decode would.
func TestFullNextIndexDecodesWhatItsKeyspacesRead(t *testing.T) {
	build := func(packed bool) (*State, *snapshot.DecodeCounts) {
		files := snapshot.NewFileSet(nil)
		if packed {
			if err := files.Pack(t.TempDir()); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 40 {
			files.Set(&snapshot.File{Path: fmt.Sprintf("d/f%02d.go", i), Lang: "go", Summary: "s",
				Res: snapshot.Resolution{Edges: []snapshot.Edge{{Source: fmt.Sprintf("d/f%02d.go", i), Target: "d/f00.go", Kind: "imports"}},
					Lookups: []string{"n|go|x"}}})
		}
		return &State{Full: true, Next: &snapshot.Snapshot{Files: files}, Config: &config.Config{Concurrency: 3}, Scratch: t.TempDir()}, files.CountDecodes()
	}
	plain, _ := build(false)
	packed, counts := build(true)
	defer packed.Next.Files.Close()
	only := []byte{snapshot.KsRevEdge, snapshot.KsLookup}
	var got, want []string
	for _, c := range []struct {
		st  *State
		out *[]string
	}{{plain, &want}, {packed, &got}} {
		kv := c.st.NextIndex(only...)
		if err := kv.Scan(nil, func(k, _ []byte) error { *c.out = append(*c.out, string(k)); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 {
		t.Errorf("packed NextIndex: %q; want %q", got, want)
	}
	if n := counts.Of(snapshot.PartRes | snapshot.PartImplicit | snapshot.PartLookups); n != 40 || counts.Total() != 40 {
		t.Errorf("NextIndex made %d decodes, %d of the reverse edges' and lookups' parts; want 40 of them only", counts.Total(), n)
	}
}
