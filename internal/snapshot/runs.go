package snapshot

import (
	"bytes"
	"fmt"

	"github.com/lgraph/lgraph/internal/table"
)

// Runs collects index entries in any order and holds them as sorted runs:
// prefix-compressed tables in memory, a few bytes per key where an Entry
// costs its two slices' headers and allocations besides. A full run derives
// every file's index entries at once (the reverse edges alone run to
// millions on a 10,000-file repository), so holding them this way is what
// keeps its memory near the size of the tables it publishes.
//
// Entries are puts: a key added twice keeps one of its values, as
// SortEntries does. Runs is not safe for concurrent use.
type Runs struct {
	pending []Entry
	held    int // bytes pending holds, headers included
	limit   int
	runs    []*table.Reader
	err     error
}

// entryOverhead is what an Entry costs besides its key and value bytes:
// its slice headers and the allocation rounding of each.
const entryOverhead = 80

// DefaultRunBytes bounds the entries held unsorted before they are cut into
// a run.
const DefaultRunBytes = 16 << 20

// NewRuns returns an empty collection that cuts a run every limit bytes of
// pending entries (0: DefaultRunBytes).
func NewRuns(limit int) *Runs {
	if limit <= 0 {
		limit = DefaultRunBytes
	}
	return &Runs{limit: limit}
}

// Add adds entries; they may come in any order.
func (r *Runs) Add(es ...Entry) {
	if r.err != nil {
		return
	}
	for _, e := range es {
		r.pending = append(r.pending, e)
		r.held += len(e.Key) + len(e.Value) + entryOverhead
	}
	if r.held >= r.limit {
		r.err = r.cut()
	}
}

// cut sorts the pending entries into one more run.
func (r *Runs) cut() error {
	if len(r.pending) == 0 {
		return nil
	}
	es := SortEntries(r.pending)
	t, err := packRun(len(r.runs), r.held, func(w *table.Writer) error {
		for _, e := range es {
			if err := w.Add(e.Key, e.Value); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.runs = append(r.runs, t)
	clear(r.pending) // let the entries' bytes go before the next run fills
	r.pending, r.held = r.pending[:0], 0
	return nil
}

// KV finishes the collection: the runs merged into one table, read in
// place. The Runs must not be used afterwards.
func (r *Runs) KV() (KV, error) {
	if r.err == nil {
		r.err = r.cut()
	}
	if r.err != nil {
		return nil, fmt.Errorf("index runs: %w", r.err)
	}
	r.pending = nil
	switch len(r.runs) {
	case 0:
		return NewMemKV(nil), nil
	case 1:
		return readerKV{r.runs[0]}, nil
	}
	view, size := table.NewView(r.runs...), 0
	for _, run := range r.runs {
		size += int(run.Info().Size)
	}
	t, err := packRun(len(r.runs), size, func(w *table.Writer) error {
		it := view.Iter(nil, nil)
		for it.Next() {
			if err := w.Add(it.Key(), it.Value()); err != nil {
				return err
			}
		}
		return it.Err()
	})
	r.runs = nil
	if err != nil {
		return nil, fmt.Errorf("index runs: merge: %w", err)
	}
	return readerKV{t}, nil
}

// packRun writes one in-memory table through fill; hint is about its size,
// so the buffer need not double its way there.
func packRun(n, hint int, fill func(w *table.Writer) error) (*table.Reader, error) {
	var buf bytes.Buffer
	buf.Grow(hint)
	w := table.NewWriter(&buf, table.Options{})
	if err := fill(w); err != nil {
		return nil, err
	}
	if _, err := w.Close(); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	if cap(b) > len(b)+len(b)/8 {
		b = bytes.Clone(b)
	}
	return table.OpenBytes(fmt.Sprintf("index run %d", n), b)
}

// readerKV reads one table as a KV.
type readerKV struct{ r *table.Reader }

// Get implements KV.
func (k readerKV) Get(key []byte) ([]byte, bool, error) {
	v, found, _, err := k.r.Get(key)
	return v, found, err
}

// Scan implements KV.
func (k readerKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	it := k.r.Prefix(prefix)
	for it.Next() {
		if err := fn(it.Key(), it.Value()); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
	}
	return it.Err()
}

// ErrKV is a KV whose every read fails with Err: an index that could not be
// built answers through the callers' own read-error paths.
type ErrKV struct{ Err error }

// Get implements KV.
func (k ErrKV) Get([]byte) ([]byte, bool, error) { return nil, false, k.Err }

// Scan implements KV.
func (k ErrKV) Scan([]byte, func(key, value []byte) error) error { return k.Err }
