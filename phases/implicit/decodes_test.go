package implicit

import (
	"context"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestFullRunDecodesOnlyWhatItReads: on a full run, whose records are held
// packed, the phase reads each record's language and blob, and writes its
// signals and implicit edges; reading or writing
// any record whole again costs a whole decode (and encode) per file. The
// records' other parts come through untouched, and files sharing a key
// are joined.
func TestFullRunDecodesOnlyWhatItReads(t *testing.T) {
	ctx := context.Background()
	c, err := cache.Open(ctx, t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cfg := config.Default()
	cfg.Concurrency = 2
	st := &phase.State{Cache: c, Config: &cfg, LLM: llm.Offline{}, Full: true, Next: snapshot.New(), Progress: phase.NoProgress{}}
	if err := st.Next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer st.Next.Files.Close()
	blobs := map[string][]byte{}
	for i := range 6 {
		p := fmt.Sprintf("svc/m%d.py", i)
		blobs[p] = []byte("import os\n\nDB = os.environ[\"DATABASE_URL\"]\n")
		st.Next.Files.Set(&snapshot.File{Path: p, Lang: "python", Blob: p, Summary: "kept " + p})
	}
	counts := st.Next.Files.CountDecodes()
	read := func(id string) ([]byte, error) { return blobs[id], nil }
	if _, err := (Phase{Read: read}).Run(ctx, st); err != nil {
		t.Fatal(err)
	}
	if n := counts.Of(snapshot.AllParts); n != 0 || counts.Total() == 0 {
		t.Errorf("the implicit phase of a full run decoded %d records whole (of %d decodes); want none", n, counts.Total())
	}
	// Two reads a file: its head, then its signals' section once, to
	// write its signals and its edges together (they share the section).
	// The signal index is built from the signals as they were read, not
	// from a third pass.
	if n := counts.Total(); n != 2*6 {
		t.Errorf("the implicit phase of a full run made %d decodes of 6 records; want 2 each", n)
	}
	f := st.Next.Files.Get("svc/m0.py")
	if f == nil || len(f.Signals) == 0 || len(f.Implicit) != 5 || f.Summary != "kept svc/m0.py" {
		t.Errorf("svc/m0.py after the phase: %+v; want its signals, 5 implicit edges and its summary", f)
	}
}
