package table

import "bytes"

// errEmptyChild is a kind of ErrCorrupt. A constant string type rather
// than fmt.Errorf, so that the binary's start runs no code for it (fmt's
// first use cost every command about 0.3 ms; docs/measurements.md).
var errEmptyChild error = corruption("index points at a block without the keys it promises")

// corruption is a message that wraps ErrCorrupt.
type corruption string

func (c corruption) Error() string { return string(c) + ": " + ErrCorrupt.Error() }
func (c corruption) Unwrap() error { return ErrCorrupt }

// Iterator walks entries in increasing key order:
//
//	it := r.Iter(lower, upper)
//	for it.Next() {
//		use(it.Key(), it.Value())
//	}
//	if err := it.Err(); err != nil { ... }
//
// Key is valid until the next call to Next; Value until the Reader is
// closed. An Iterator is not safe for concurrent use (make one per
// goroutine: they are cheap).
type Iterator interface {
	// Next moves to the next entry; false at the end or on error.
	Next() bool
	Key() []byte
	Value() []byte
	// Deleted reports a tombstone. Only a Reader's own iterator yields
	// them; a View's drops them.
	Deleted() bool
	// Err returns the error that ended the iteration, if any.
	Err() error
}

// PrefixRange returns the bounds Iter takes for the keys starting with p:
// p itself and the first key after every key with that prefix (nil when
// there is none, that is when p is empty or all 0xff).
func PrefixRange(p []byte) (lower, upper []byte) {
	return append([]byte{}, p...), prefixEnd(p)
}

// prefixEnd is PrefixRange's upper bound.
func prefixEnd(p []byte) []byte { return appendPrefixEnd(nil, p) }

// Iter returns an iterator over the entries with lower <= key < upper,
// tombstones included (Deleted reports them); a nil bound is open.
func (r *Reader) Iter(lower, upper []byte) Iterator {
	t := r.newIter(upper)
	t.seek(lower)
	return t
}

// Prefix returns an iterator over the entries whose key starts with p.
// The seek reads p and keeps nothing of it, so p is not copied.
func (r *Reader) Prefix(p []byte) Iterator {
	t := r.newIter(prefixEnd(p))
	t.seek(p)
	return t
}

// EachPrefix calls fn with each entry whose key starts with p, in key
// order, until fn returns false, tombstones included (Prefix's entries).
// The key is valid only during the call; the value as Prefix's is. Its
// iterator is reused by the EachPrefix calls after it: a full run's
// resolution makes hundreds of thousands of prefix scans of its
// definition index, and each Prefix allocated an iterator, its levels,
// their keys and its upper bound.
func (r *Reader) EachPrefix(p []byte, fn func(key, value []byte) bool) error {
	t, _ := r.iters.Get().(*tableIter)
	if t == nil {
		t = r.newIter(nil)
	}
	t.upper = appendPrefixEnd(t.upper[:0], p)
	t.seek(p)
	for t.Next() {
		if !fn(t.Key(), t.Value()) {
			break
		}
	}
	err := t.err
	t.reset()
	r.iters.Put(t)
	return err
}

// reset makes t as newIter left it, its buffers kept; it lets go of the
// blocks it read.
func (t *tableIter) reset() {
	for i := range t.path {
		t.path[i] = blockIter{key: t.path[i].key[:0]}
	}
	t.upper = t.upper[:0]
	t.chunks, t.pending, t.done, t.err = nil, false, false, nil
}

// appendPrefixEnd appends prefixEnd(p) to dst, or returns nil if there is
// none.
func appendPrefixEnd(dst, p []byte) []byte {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] != 0xff {
			dst = append(dst, p[:i+1]...)
			dst[len(dst)-1]++
			return dst
		}
	}
	return nil
}

// iterKeyCap is the room each level's key buffer of an iterator starts
// with: enough for most keys, which grew there from nothing one append
// after another (a full run's resolution makes hundreds of thousands of
// lookups, each an iterator).
const iterKeyCap = 96

// newIter returns an iterator of r, not positioned, whose levels' key
// buffers share one allocation.
func (r *Reader) newIter(upper []byte) *tableIter {
	n := r.ft.height + 1
	t := &tableIter{r: r, upper: upper, path: make([]blockIter, n)}
	keys := make([]byte, n*iterKeyCap)
	for i := range t.path {
		t.path[i].key = keys[i*iterKeyCap : i*iterKeyCap : (i+1)*iterKeyCap]
	}
	return t
}

// Stream is Iter for one pass over much of a table: the data blocks after
// the first are read a chunk at a time (chunkFor) into two buffers it
// takes turns with, not one read and one allocation each. Its values therefore
// stay valid only until the iterator has read one chunk more (one more
// Next, at least: what a View's merge needs), not until the Reader is
// closed. A mapped or in-memory table reads nothing and is iterated as
// by Iter.
func (r *Reader) Stream(lower, upper []byte) Iterator { return r.stream(lower, upper, chunkFor(1)) }

// stream is Stream reading chunk bytes at a time.
func (r *Reader) stream(lower, upper []byte, chunk int) Iterator {
	t := r.newIter(upper)
	if r.mem == nil {
		t.chunks = &chunks{size: uint64(chunk)}
	}
	t.seek(lower)
	return t
}

// tableIter walks a table through one block iterator per level: path[0]
// over the root, path[height] over the current data block.
type tableIter struct {
	r       *Reader
	path    []blockIter
	upper   []byte
	chunks  *chunks // the buffers a Stream reads data blocks into; nil for Iter
	pending bool    // positioned on an entry Next has not returned yet
	done    bool
	err     error
}

func (t *tableIter) data() *blockIter { return &t.path[len(t.path)-1] }

// seek positions the iterator on the first entry >= lower: each index
// level picks the first child whose last key is >= lower.
func (t *tableIter) seek(lower []byte) {
	if t.r.closed {
		t.stop(t.r.errClosed())
		return
	}
	t.path[0].init(t.r.root)
	if !t.path[0].seekGE(lower) {
		t.stop(t.r.wrap(t.path[0].err))
		return
	}
	t.descend(1, lower, true)
}

// descend loads, from level i down, the child each parent points at and
// seeks it to target (nil: its first entry). An index key promises its
// child holds a key >= target, so an empty result is corruption. lookup
// says a seek asks, which reads through the block cache.
func (t *tableIter) descend(i int, target []byte, lookup bool) {
	for ; i < len(t.path); i++ {
		var b block
		var err error
		switch {
		case lookup:
			b, err = t.r.lookupChild(t.path[i-1].value, i == len(t.path)-1)
		case t.chunks != nil && i == len(t.path)-1:
			b, err = t.r.streamChild(t.path[i-1].value, t.chunks)
		default:
			b, err = t.r.child(t.path[i-1].value)
		}
		if err != nil {
			t.stop(err)
			return
		}
		it := &t.path[i]
		it.init(b)
		if !it.seekGE(target) {
			if it.err == nil {
				it.err = errEmptyChild
			}
			t.stop(t.r.wrap(it.err))
			return
		}
	}
	t.pending = true
}

// advance moves to the next entry, climbing to the deepest index level
// that has another child and descending from it.
func (t *tableIter) advance() bool {
	for i := len(t.path) - 1; i >= 0; i-- {
		if t.path[i].step() {
			if i < len(t.path)-1 {
				t.descend(i+1, nil, false)
			}
			return !t.done
		}
		if err := t.path[i].err; err != nil {
			t.stop(t.r.wrap(err))
			return false
		}
	}
	t.stop(nil)
	return false
}

func (t *tableIter) stop(err error) {
	t.done = true
	if t.err == nil {
		t.err = err
	}
}

func (t *tableIter) Next() bool {
	if t.done {
		return false
	}
	if !t.pending && !t.advance() {
		return false
	}
	t.pending = false
	if t.upper != nil && bytes.Compare(t.data().key, t.upper) >= 0 {
		t.stop(nil)
		return false
	}
	return true
}

func (t *tableIter) Key() []byte   { return t.data().key }
func (t *tableIter) Value() []byte { return t.data().value }
func (t *tableIter) Deleted() bool { return t.data().tomb }
func (t *tableIter) Err() error    { return t.err }
