package snapshot

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestRecordExplored: a record keeps the explorer's proposals and edges,
// and one without them encodes without the section, so it reads the same
// with or without it.
func TestRecordExplored(t *testing.T) {
	f := &File{Path: "a.py", Blob: "b1", Lang: "python",
		Signals:   []facts.Signal{{Kind: "env", Key: "DB", Line: 3}},
		Implicit:  []Edge{{Source: "file:a.py", Target: "file:b.py", Kind: "implicit", Via: "env:DB"}},
		Couplings: []facts.Coupling{{Kind: "registry", Key: "pdf", Lines: []int{4, 9}, Evidence: []string{`lookup("pdf")`}, Confidence: 70}},
		Explored:  []Edge{{Source: "file:a.py", Target: "file:c.py", Kind: "implicit", Via: "registry:pdf", ResolvedBy: DetectedByLLM}},
	}
	got, err := DecodeRecord(EncodeRecord(f))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if got.KeyConfidence("registry:pdf") != 70 || got.KeyConfidence("env:DB") != 100 || got.KeyConfidence("topic:x") != 0 {
		t.Errorf("key confidences %d %d %d", got.KeyConfidence("registry:pdf"), got.KeyConfidence("env:DB"), got.KeyConfidence("topic:x"))
	}
	plain := *f
	plain.Couplings, plain.Explored = nil, nil
	withSection := EncodeRecord(f)
	without := EncodeRecord(&plain)
	if len(without) >= len(withSection) || bytes.Contains(without, []byte("registry:pdf")) {
		t.Errorf("a record without proposals still carries the explorer's section")
	}
	back, err := DecodeRecord(without)
	if err != nil || back.Couplings != nil || back.Explored != nil {
		t.Errorf("record without proposals decodes to %+v, %v", back, err)
	}
}
