package snapshot

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/facts"
)

// FactsEncoding names EncodeFacts's encoding in the keys of the values it
// wrote (facts/<extractor version>/<encoding>/<lang>/<blob>): a cache
// holding facts of another encoding misses them instead of misreading them.
// Change it when EncodeFacts's output changes.
const FactsEncoding = "b1"

// EncodeFacts encodes a file's facts as the cache keeps them: a record's
// facts and references sections (one string table), then the C-family
// macros, which a record does not keep (the project's macro table is
// built from them). The JSON it replaces was more than twice the size,
// which the cache's spill, compression and stream then carried
// (docs/implementation.md, "Facts in the cache").
func EncodeFacts(f *facts.File) []byte {
	e := getEncoder()
	defer putEncoder(e)
	e.factsHead(f)
	if f != nil {
		e.refs(f.Refs)
		e.macros(f.NamespaceMacros)
		e.macros(f.MacroLines)
		e.macros(f.MacroCalls)
	}
	return e.bytes()
}

// DecodeFacts decodes what EncodeFacts wrote. The facts' strings share
// b's bytes, which the caller must not change afterwards.
func DecodeFacts(b []byte) (*facts.File, error) {
	d, err := openRecord(b)
	if err != nil {
		return nil, fmt.Errorf("decode facts: %w", err)
	}
	f := d.factsHead()
	if f != nil {
		f.Refs = d.refs()
		f.NamespaceMacros = d.macros()
		f.MacroLines = d.macros()
		f.MacroCalls = d.macros()
	}
	if d.err == nil && len(d.buf) > 0 {
		d.err = fmt.Errorf("%d bytes after the facts", len(d.buf))
	}
	if d.err != nil {
		return nil, fmt.Errorf("decode facts: %w", d.err)
	}
	return f, nil
}

func (e *encoder) macros(ms []facts.Macro) {
	e.uvarint(uint64(len(ms)))
	for _, m := range ms {
		e.str(m.Name)
		e.int(m.Line)
		e.str(m.Ops)
		e.str(m.Call)
	}
}

func (d *decoder) macros() []facts.Macro {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]facts.Macro, n)
	for i := range out {
		out[i] = facts.Macro{Name: d.str(), Line: d.int(), Ops: d.str(), Call: d.str()}
	}
	return out
}
