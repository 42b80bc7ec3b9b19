package snapshot

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestRefSpillPutRecyclesItsEncoder: a full run sets every parsed file's
// references aside, so Put writes them to the file through a recycled
// encoder and buffer (the file keeps a copy) rather than a fresh encoder
// and encoding per file, and what it writes is PackRefs's encoding.
func TestRefSpillPutRecyclesItsEncoder(t *testing.T) {
	var refs []facts.Ref
	for i := range 40 { // past linearStrings: the encoder's string map too
		refs = append(refs, facts.Ref{Name: fmt.Sprint("call", i), Qualifier: fmt.Sprint("pkg", i), Kind: facts.RefCall, From: "F", Line: i})
	}
	s, err := NewRefSpill(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Put("warm.go", refs); err != nil {
		t.Fatal(err)
	}
	b, found, err := s.packed("warm.go")
	if err != nil || !found || !bytes.Equal(b, PackRefs(refs)) {
		t.Fatalf("Put wrote %d bytes (found %v, err %v); want PackRefs's %d", len(b), found, err, len(PackRefs(refs)))
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := s.Put("warm.go", refs); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("setting %d references aside allocated %.1f times; want the encoder and buffer recycled", len(refs), allocs)
	}
}
