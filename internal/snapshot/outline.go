package snapshot

import (
	"fmt"
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
	if f = d.record(false); d.err != nil {
		return nil, fmt.Errorf("record of %s: %w", path, d.err)
	}
	return f, nil
}
