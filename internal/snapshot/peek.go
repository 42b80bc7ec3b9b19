package snapshot

import (
	"bytes"
	"fmt"

	"github.com/lgraph/lgraph/internal/facts"
)

// A read that answers about many files usually needs one part of each
// record: the symbols (to name a node) or one edge summary (to say why a
// file depends on another). Peeking decodes that part and steps over the
// rest without building it, which costs a fraction of a full decode.

// peekSource is a FileSource that can decode parts of a record.
type peekSource interface {
	Symbols(path string) ([]facts.Symbol, bool, error)
	Refs(path string) ([]facts.Ref, bool, error)
	EdgeSummary(path, target string) (string, bool, error)
}

// Symbols returns a path's symbols in source order (ok false when the
// path has no record), decoding no more of the record than they need.
func (fs *FileSet) Symbols(path string) ([]facts.Symbol, bool) {
	if p, ok := fs.peek(path); ok {
		syms, found, err := p.Symbols(path)
		fs.note(err)
		return syms, found
	}
	f := fs.Get(path)
	if f == nil || f.Facts == nil {
		return nil, f != nil
	}
	return f.Facts.Symbols, true
}

// Refs returns a path's references (ok false when the path has no record),
// decoding no more of the record than they need.
func (fs *FileSet) Refs(path string) ([]facts.Ref, bool) {
	if p, ok := fs.peek(path); ok {
		refs, found, err := p.Refs(path)
		fs.note(err)
		return refs, found
	}
	f := fs.Get(path)
	if f == nil || f.Facts == nil {
		return nil, f != nil
	}
	return f.Facts.Refs, true
}

// EdgeSummary returns the summary of why path depends on target ("" when
// there is none).
func (fs *FileSet) EdgeSummary(path, target string) string {
	if p, ok := fs.peek(path); ok {
		s, _, err := p.EdgeSummary(path, target)
		fs.note(err)
		return s
	}
	if f := fs.Get(path); f != nil {
		return f.EdgeSummaries[target]
	}
	return ""
}

// peek returns the base as a peekSource when the path's record comes from
// it unchanged.
func (fs *FileSet) peek(path string) (peekSource, bool) {
	if !fs.fromBase(path) {
		return nil, false
	}
	p, ok := fs.base.(peekSource)
	return p, ok
}

// fromBase reports a path whose record, if any, is its base's: the run has
// neither set nor deleted it.
func (fs *FileSet) fromBase(path string) bool {
	return !fs.setHere(path) && !fs.del[path]
}

func (fs *FileSet) note(err error) {
	if err == nil {
		return
	}
	fs.errMu.Lock()
	defer fs.errMu.Unlock()
	if fs.err == nil {
		fs.err = err
	}
}

// Symbols implements peekSource: from the decoded record when there is
// one, else from the table's bytes.
func (t *tableSource) Symbols(path string) ([]facts.Symbol, bool, error) {
	return peekFacts(t, path, func(f *facts.File) []facts.Symbol { return f.Symbols }, (*decoder).symbols)
}

// Refs implements peekSource.
func (t *tableSource) Refs(path string) ([]facts.Ref, bool, error) {
	return peekFacts(t, path, func(f *facts.File) []facts.Ref { return f.Refs }, func(d *decoder) []facts.Ref {
		d.skipSymbols()
		d.skipImports()
		if d.sitesFollow {
			d.skipRefs() // the call sites
		}
		return d.refs()
	})
}

// peekFacts reads one part of a path's facts (ok false when the path has
// no record): whole takes it from a record already decoded, part decodes
// it from the record's bytes, starting at the facts' symbols.
func peekFacts[T any](t *tableSource, path string, whole func(*facts.File) T, part func(*decoder) T) (T, bool, error) {
	var none T
	d, f, err := t.open(path)
	switch {
	case err != nil || (d == nil && f == nil):
		return none, false, err
	case f != nil:
		if f.Facts == nil {
			return none, true, nil
		}
		return whole(f.Facts), true, nil
	}
	d.skipFileHead()
	out := none
	if form := d.uvarint(); form != 0 {
		d.str() // package
		if form&formDoc == 2 {
			d.str() // doc
		}
		d.int() // syntax errors
		d.sitesFollow = form&formSites != 0
		d.unionsFollow = form&formUnions != 0
		out = part(d)
	}
	if d.err != nil {
		return none, false, fmt.Errorf("record of %s: %w", path, d.err)
	}
	return out, true, nil
}

// EdgeSummary implements peekSource. The record's bytes are read in place
// and only the summary is copied out: strings are unique in a record's
// table, so the target is found by one walk over the table, its pair in
// the summaries by index, and the summary by a second walk.
func (t *tableSource) EdgeSummary(path, target string) (string, bool, error) {
	if f, ok := t.seen.get(path); ok {
		return f.EdgeSummaries[target], true, nil
	}
	v, ok, err := t.kv.Get(FileKey(path))
	if err != nil || !ok {
		return "", false, err
	}
	s, err := edgeSummaryOf(v, target)
	if err != nil {
		return "", false, fmt.Errorf("record of %s: %w", path, err)
	}
	return s, true, nil
}

// edgeSummaryOf finds target's edge summary in an encoded record.
func edgeSummaryOf(rec []byte, target string) (string, error) {
	d := &decoder{buf: rec}
	key := -1
	n := d.count()
	for i := 0; i < n && d.err == nil; i++ {
		s, ok := d.raw()
		if ok && key < 0 && string(s) == target {
			key = i
		}
	}
	d.skipFileHead()
	d.skipFacts()
	d.skipEdges()
	d.skipStrs() // lookups
	d.int()      // unresolved
	d.skipSites()
	d.uvarint() // summary
	d.uvarint() // summary key
	value := -1
	for m := d.count(); m > 0 && d.err == nil; m-- {
		k, v := d.uvarint(), d.uvarint()
		if key >= 0 && k == uint64(key) {
			value = int(v)
		}
	}
	if d.err != nil || value < 0 {
		return "", d.err
	}
	if value >= n {
		return "", errTruncated
	}
	d = &decoder{buf: rec}
	d.count()
	for i := 0; i <= value && d.err == nil; i++ {
		s, ok := d.raw()
		if ok && i == value {
			return string(s), nil
		}
	}
	return "", errTruncated
}

// raw reads one length-prefixed string of a record's table in place.
func (d *decoder) raw() ([]byte, bool) {
	l := d.uvarint()
	if d.err != nil || l > uint64(len(d.buf)) {
		if d.err == nil {
			d.err = errTruncated
		}
		return nil, false
	}
	s := d.buf[:l]
	d.buf = d.buf[l:]
	return s, true
}

// open returns the decoded record of a path when one is at hand, else a
// decoder over a copy of its bytes (nil, nil when there is no record).
func (t *tableSource) open(path string) (*decoder, *File, error) {
	if f, ok := t.seen.get(path); ok {
		return nil, f, nil
	}
	v, ok, err := t.kv.Get(FileKey(path))
	if err != nil || !ok {
		return nil, nil, err
	}
	d, err := openRecord(bytes.Clone(v))
	if err != nil {
		return nil, nil, fmt.Errorf("record of %s: %w", path, err)
	}
	return d, nil, nil
}

// skipFileHead steps over path, blob, digests, language and size.
func (d *decoder) skipFileHead() {
	for range 5 {
		d.uvarint()
	}
	d.int()
}

// skipSites steps over a list of unresolved call sites.
func (d *decoder) skipSites() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.uvarint()
		d.uvarint()
		d.uvarint()
		d.int()
	}
}

// skipStrs steps over a list of strings.
func (d *decoder) skipStrs() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.uvarint()
	}
}

// skipEdges steps over an edge list.
func (d *decoder) skipEdges() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		for range 5 {
			d.uvarint()
		}
	}
}

// skipFacts steps over a file's facts, mirroring decoder.facts.
func (d *decoder) skipFacts() {
	if d.skipFactsHead() {
		d.skipRefs()
	}
}

func (d *decoder) skipRefs() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		for range 4 { // name, qualifier, kind, from
			d.uvarint()
		}
		d.int()
		d.uvarint() // recv
		d.uvarint() // args
	}
}

func (d *decoder) skipSymbols() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		for range 4 { // name, qualified, kind, parent
			d.uvarint()
		}
		d.int()
		d.int()
		d.uvarint() // signature
		d.uvarint() // doc
		d.skipStrs()
		d.skipStrs()
		d.uvarint() // type
		d.uvarint() // params
		if d.unionsFollow {
			d.skipStrs()
		}
	}
}

func (d *decoder) skipImports() {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.uvarint() // path
		d.uvarint() // alias
		d.skipStrs()
		d.uvarint() // kind
		d.int()
		d.skipStrs()
		d.uvarint() // reexport
	}
}
