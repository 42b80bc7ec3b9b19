package snapshot

import (
	"fmt"
)

// Outline returns a path's record without its references, lookups and edge
// summaries (nil when the path has no record): what a module doc renders
// from. A reference list is most of a record, and a doc of a module whose
// neighbour changed would otherwise decode every member's in full.
func (fs *FileSet) Outline(path string) *File { return fs.partial(path, outlineRecord) }

// EdgeView returns a path's record without its references and lookups
// (nil when the path has no record): what explaining a file's edges reads
// of it and of its targets. An update re-explains the edges of every
// dependent of a changed file, hundreds for a utility module, and most of
// each record is its references.
func (fs *FileSet) EdgeView(path string) *File { return fs.partial(path, edgeRecord) }

// GetParts returns a path's record (nil when it has none) with at least
// the parts keep names: a packed record (a full run's) or a published one
// is decoded only in those parts, any other is returned whole.
func (fs *FileSet) GetParts(path string, keep Parts) *File { return fs.partial(path, keep) }

// partial returns a path's record with the parts keep names; a record the
// run has set as a struct, or one already decoded, is returned whole. A
// packed one (a full run's) is decoded in part too.
func (fs *FileSet) partial(path string, keep Parts) *File {
	if o, ok := fs.base.(partialSource); ok && fs.fromBase(path) {
		f, err := o.Partial(path, keep)
		fs.note(err)
		return f
	}
	if f, ok := fs.getPacked(path, keep); ok {
		return f
	}
	return fs.Get(path)
}

// partialSource is a source that decodes parts of records.
type partialSource interface {
	Partial(path string, keep Parts) (*File, error)
}

// Partial implements partialSource.
func (t *tableSource) Partial(path string, keep Parts) (*File, error) {
	d, f, err := t.open(path)
	if err != nil || f != nil || d == nil {
		return f, err
	}
	if f = d.record(keep); d.err != nil {
		return nil, fmt.Errorf("record of %s: %w", path, d.err)
	}
	return f, nil
}
