package snapshot

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/facts"
)

// PackRefs encodes a file's references alone, in the record's form: a
// table of their unique strings, then varints. Between resolution and
// publishing nothing of a full run reads references, and as structs they
// are the largest part of every file's facts (120 bytes each before their
// strings), so the run holds them packed, several times smaller.
func PackRefs(refs []facts.Ref) []byte {
	e := newEncoder()
	e.refs(refs)
	return e.bytes()
}

// UnpackRefs decodes what PackRefs encoded. The strings share b's bytes,
// which the caller must not change afterwards.
func UnpackRefs(b []byte) ([]facts.Ref, error) {
	d, err := openRecord(b)
	if err != nil {
		return nil, fmt.Errorf("unpack references: %w", err)
	}
	refs := d.refs()
	if d.err != nil {
		return nil, fmt.Errorf("unpack references: %w", d.err)
	}
	return refs, nil
}
