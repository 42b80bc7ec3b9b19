package table

import (
	"fmt"
	"slices"
)

// View is a stack of tables read as one, newest first: for each key the
// newest layer holding it answers, and a tombstone there hides every older
// layer. A View is a small value over shared Readers: building one for a
// new snapshot or branch copies the layer list, never a table. It is safe
// for concurrent use; closing its Readers is up to whoever opened them.
type View struct {
	layers []*Reader
}

// NewView returns a view of layers, newest first.
func NewView(layers ...*Reader) View { return View{layers: slices.Clone(layers)} }

// Layers returns the view's tables, newest first.
func (v View) Layers() []*Reader { return slices.Clone(v.layers) }

// Push returns a view with top above v's layers; v is unchanged.
func (v View) Push(top *Reader) View {
	return View{layers: append([]*Reader{top}, v.layers...)}
}

// Get looks key up in the newest layer that holds it, with Reader.Get's
// meaning of found and deleted: deleted reports that a tombstone answered.
func (v View) Get(key []byte) (value []byte, found, deleted bool, err error) {
	for _, r := range v.layers {
		value, found, deleted, err = r.Get(key)
		if err != nil || found || deleted {
			return value, found, deleted, err
		}
	}
	return nil, false, false, nil
}

// Iter returns an iterator over the view's live entries with
// lower <= key < upper in key order; a nil bound is open.
func (v View) Iter(lower, upper []byte) Iterator { return v.iter(lower, upper, false) }

// Prefix returns an iterator over the live entries whose key starts with p.
func (v View) Prefix(p []byte) Iterator { return v.Iter(PrefixRange(p)) }

// Stream is Iter for one pass over much of the view, its layers read by
// Reader.Stream: its values stay valid only until the next call to Next.
func (v View) Stream(lower, upper []byte) Iterator {
	its := make([]Iterator, len(v.layers))
	chunk := chunkFor(len(v.layers))
	for i, r := range v.layers {
		its[i] = r.stream(lower, upper, chunk)
	}
	return newMerge(its, false)
}

// RawIter is Iter with tombstones kept (Deleted reports them): merging
// delta layers into one delta must carry their deletions on.
func (v View) RawIter(lower, upper []byte) Iterator { return v.iter(lower, upper, true) }

func (v View) iter(lower, upper []byte, keepTombs bool) Iterator {
	its := make([]Iterator, len(v.layers))
	for i, r := range v.layers {
		its[i] = r.Iter(lower, upper)
	}
	return newMerge(its, keepTombs)
}

// Compact writes v's live entries to w as one table (a new base: no
// tombstones) and closes w.
func Compact(w *Writer, v View) (Info, error) { return writeAll(w, v.iter(nil, nil, false)) }

// CompactDeltas writes v's entries to w as one table that keeps the
// tombstones, and closes w: it replaces v's layers when older layers stay
// below it, where the tombstones must go on hiding keys.
func CompactDeltas(w *Writer, v View) (Info, error) { return writeAll(w, v.iter(nil, nil, true)) }

func writeAll(w *Writer, it Iterator) (Info, error) {
	for it.Next() {
		var err error
		if it.Deleted() {
			err = w.Delete(it.Key())
		} else {
			err = w.Add(it.Key(), it.Value())
		}
		if err != nil {
			return Info{}, fmt.Errorf("compact: %w", err)
		}
	}
	if err := it.Err(); err != nil {
		return Info{}, fmt.Errorf("compact: %w", err)
	}
	return w.Close()
}
