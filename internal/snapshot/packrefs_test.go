package snapshot

import (
	"bytes"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestPackRefsRoundTrip: references set aside come back equal, and a
// record encoded with them is the record encoded before they were set
// aside; damaged bytes are an error, not references.
func TestPackRefsRoundTrip(t *testing.T) {
	refs := []facts.Ref{
		{Name: "run", Qualifier: "s.client", Kind: facts.RefCall, From: "Server.Start", Line: 12, Recv: "NewClient()", Args: "(String,?)"},
		{Name: "run", Qualifier: "s.client", Kind: facts.RefCall, From: "Server.Start", Line: 13},
		{Name: "Getenv", Qualifier: "os", Kind: facts.RefReference, Line: 1},
	}
	got, err := UnpackRefs(PackRefs(refs))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(refs) {
		t.Fatalf("got %d references, want %d", len(got), len(refs))
	}
	for i := range refs {
		if got[i] != refs[i] {
			t.Fatalf("reference %d: got %+v, want %+v", i, got[i], refs[i])
		}
	}
	f := &File{Path: "a.go", Lang: "go", Facts: &facts.File{Package: "a", Refs: refs}}
	back := *f
	back.Facts = &facts.File{Package: "a", Refs: got}
	if !bytes.Equal(EncodeRecord(f), EncodeRecord(&back)) {
		t.Fatal("a record with its references put back encodes differently")
	}
	if none, err := UnpackRefs(PackRefs(nil)); err != nil || none != nil {
		t.Fatalf("no references: %v, %v", none, err)
	}
	if _, err := UnpackRefs([]byte{0xff, 0xff, 0xff}); err == nil {
		t.Fatal("damaged bytes unpacked without an error")
	}
}
