package snapshot

import (
	"fmt"

	"github.com/lgraph/lgraph/facts"
)

// Outline returns a path's record without its references, lookups and edge
// summaries (nil when the path has no record): what a module doc renders
// from. A reference list is most of a record, and a doc of a module whose
// neighbour changed would otherwise decode every member's in full.
func (fs *FileSet) Outline(path string) *File {
	if p, ok := fs.peek(path); ok {
		if o, ok := p.(outliner); ok {
			f, err := o.Outline(path)
			fs.note(err)
			return f
		}
	}
	return fs.Get(path)
}

// outliner is a source that decodes records in outline.
type outliner interface {
	Outline(path string) (*File, error)
}

// Outline implements outliner.
func (t *tableSource) Outline(path string) (*File, error) {
	d, f, err := t.open(path)
	if err != nil || f != nil || d == nil {
		return f, err
	}
	f = &File{Path: d.str(), Blob: d.str(), SHA256: d.str(), NormSHA: d.str(), Lang: d.str(), Size: int64(d.int())}
	f.Facts = d.outlineFacts()
	f.Res.Edges = d.edges()
	d.skipStrs() // lookups
	f.Res.Unresolved = d.int()
	f.Summary, f.SummaryKey = d.str(), d.str()
	for m := d.count(); m > 0 && d.err == nil; m-- { // edge summaries
		d.uvarint()
		d.uvarint()
	}
	if n := d.count(); n > 0 {
		f.Signals = make([]facts.Signal, n)
		for i := range f.Signals {
			f.Signals[i] = facts.Signal{Kind: d.str(), Key: d.str(), Line: d.int()}
		}
	}
	f.Implicit = d.edges()
	if d.err != nil {
		return nil, fmt.Errorf("record of %s: %w", path, d.err)
	}
	return f, nil
}

// outlineFacts is decoder.facts without the references.
func (d *decoder) outlineFacts() *facts.File {
	f := d.factsHead()
	if f != nil {
		d.skipRefs()
	}
	return f
}
