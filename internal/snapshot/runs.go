package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/lgraph/lgraph/internal/behind"
	"github.com/lgraph/lgraph/internal/table"
)

// Runs collects index entries in any order and holds them as sorted runs:
// prefix-compressed tables, in memory or in unlinked files of a scratch
// directory, where an Entry costs its two slices' headers and allocations
// besides its bytes. A full run derives every file's index entries at once
// (on a 10,000-file repository they take hundreds of megabytes even
// packed), so holding them in files read back block by block is what keeps
// its memory near one run's size rather than the whole index's.
//
// Entries are puts: a key added twice keeps one of its values, as
// SortEntries does. Runs is not safe for concurrent use.
type Runs struct {
	pending []Entry
	held    int // bytes pending holds, headers included
	limit   int
	dir     string
	runs    []run
	err     error
}

// run is one sorted table and the file holding it (nil: in memory).
type run struct {
	r    *table.Reader
	file *os.File
}

// entryOverhead is what an Entry costs besides its key and value bytes:
// its slice headers and the allocation rounding of each.
const entryOverhead = 80

// DefaultRunBytes bounds the entries held unsorted before they are cut into
// a run.
const DefaultRunBytes = 16 << 20

// NewRuns returns an empty collection that cuts a run every limit bytes of
// pending entries (0: DefaultRunBytes) into an unlinked file of dir (""
// keeps the runs in memory).
func NewRuns(limit int, dir string) *Runs {
	if limit <= 0 {
		limit = DefaultRunBytes
	}
	return &Runs{limit: limit, dir: dir}
}

// Add adds entries; they may come in any order.
func (r *Runs) Add(es ...Entry) {
	if r.err != nil {
		return
	}
	// Appended to a local and stored once: while the collector marks,
	// each store of the slice into r paid a write barrier.
	pending, held := r.pending, r.held
	for _, e := range es {
		pending = append(pending, e)
		held += len(e.Key) + len(e.Value) + entryOverhead
	}
	r.pending, r.held = pending, held
	if r.held >= r.limit {
		r.err = r.cut()
	}
}

// cut sorts the pending entries into one more run.
func (r *Runs) cut() error {
	if len(r.pending) == 0 {
		return nil
	}
	// Written in sorted order without being moved there; of a key added
	// twice the first in that order is kept, as SortEntries keeps it.
	es, order := r.pending, sortedOrder(r.pending)
	t, err := r.pack(len(r.runs), r.held/4, func(w *table.Writer) error {
		var last []byte
		for i, o := range order {
			e := es[o]
			if i > 0 && bytes.Equal(e.Key, last) {
				continue
			}
			if err := w.Add(e.Key, e.Value); err != nil {
				return err
			}
			last = e.Key
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

// Cut sorts the entries still pending into one more run. A goroutine that
// filled the collection calls it when done, so that it pays for its last
// sort and pack itself rather than the one that merges (Merged).
func (r *Runs) Cut() {
	if r.err == nil {
		r.err = r.cut()
	}
}

// Merged finishes collections that were filled side by side (one per
// goroutine) and reads all their runs as one table, without writing them
// again: a full run's index is read once, in key order, as it is copied
// into the published table, so a merged copy would be written and read
// for nothing. Each key must have been added to one collection only (a
// key added to two keeps one of its values, which one unspecified). The
// Runs must not be used afterwards; closing the KV releases their files.
func Merged(rs ...*Runs) (*RunsKV, error) {
	var readers []*table.Reader
	var files []*os.File
	var err error
	for _, r := range rs {
		r.Cut()
		r.pending = nil
		if r.err != nil && err == nil {
			err = r.err
		}
		for _, run := range r.runs {
			readers = append(readers, run.r)
			if run.file != nil {
				files = append(files, run.file)
			}
		}
		r.runs = nil
	}
	kv := &RunsKV{kv: viewKV{table.NewView(readers...)}, files: files, tables: len(readers)}
	if len(readers) == 1 {
		// One table (the others' collections empty) is read in place, as
		// KV reads one: a view of it could not be mapped (Mapped).
		kv.kv = readerKV{readers[0]}
	}
	if err != nil {
		kv.Close()
		return nil, fmt.Errorf("index runs: %w", err)
	}
	return kv, nil
}

// KV finishes the collection: the runs merged into one table, read in
// place. The Runs must not be used afterwards; closing the KV releases its
// file.
func (r *Runs) KV() (*RunsKV, error) {
	r.Compact()
	r.pending = nil
	if r.err != nil {
		r.close()
		return nil, fmt.Errorf("index runs: %w", r.err)
	}
	if len(r.runs) == 0 {
		return &RunsKV{kv: NewMemKV(nil)}, nil
	}
	return &RunsKV{kv: readerKV{r.runs[0].r}, files: filesOf(r.runs[0].file), tables: 1}, nil
}

// Compact sorts the entries still pending into one more run and merges
// every run into one table. A collection read by lookups (each a seek in
// every run: a prefix scan of a dozen runs costs a dozen seeks and a heap)
// pays this one sequential pass instead; one read once in key order has
// no use for it, a merge heap reading the runs as they are.
func (r *Runs) Compact() {
	r.Cut()
	if r.err != nil || len(r.runs) < 2 {
		return
	}
	readers, size := make([]*table.Reader, len(r.runs)), 0
	for i, run := range r.runs {
		readers[i] = run.r
		size += int(run.r.Info().Size)
	}
	view := table.NewView(readers...)
	t, err := r.pack(len(r.runs), size, func(w *table.Writer) error {
		it := view.Stream(nil, nil) // the writer copies each entry as it takes it
		for it.Next() {
			if err := w.Add(it.Key(), it.Value()); err != nil {
				return err
			}
		}
		return it.Err()
	})
	r.close()
	if err != nil {
		r.err = fmt.Errorf("merge: %w", err)
		return
	}
	r.runs = []run{t}
}

// filesOf lists f, if it is a file (nil: a run held in memory).
func filesOf(f *os.File) []*os.File {
	if f == nil {
		return nil
	}
	return []*os.File{f}
}

// Close drops the collection unread: a run given up on releases its
// runs' files and memory at once rather than when the process ends.
func (r *Runs) Close() {
	r.pending = nil
	r.close()
}

// close releases the runs' files.
func (r *Runs) close() {
	for _, run := range r.runs {
		if run.file != nil {
			run.file.Close()
		}
	}
	r.runs = nil
}

// pack writes one table through fill: into an unlinked file of the
// scratch directory, or into memory (hint is about its size there, so the
// buffer need not double its way to it).
func (r *Runs) pack(n, hint int, fill func(w *table.Writer) error) (run, error) {
	name := fmt.Sprintf("index run %d", n)
	if r.dir == "" {
		var buf bytes.Buffer
		buf.Grow(hint)
		if err := fillTable(&buf, fill); err != nil {
			return run{}, err
		}
		b := buf.Bytes()
		if cap(b) > len(b)+len(b)/8 {
			b = bytes.Clone(b)
		}
		t, err := table.OpenBytes(name, b)
		return run{r: t}, err
	}
	f, err := os.CreateTemp(r.dir, ".run-*")
	if err != nil {
		return run{}, err
	}
	// Unlinked at once: its space goes back when it is closed or the
	// process dies, so a killed run leaves nothing behind.
	_ = os.Remove(f.Name())
	t, err := writeFile(f, fill)
	if err != nil {
		f.Close()
		return run{}, fmt.Errorf("%s: %w", name, err)
	}
	return run{r: t, file: f}, nil
}

// writeFile writes a table into f and opens it for reads through f (not
// mapped: the blocks a read needs are read, and nothing stays resident).
// The file is written behind the table's writer (behind.Writer): a full
// run's definition index is merged into one table on one goroutine, and
// its write calls, made by that goroutine, left the other core idle for
// about a third of a second at 100,000 files (docs/measurements.md,
// "Stop 55").
func writeFile(f *os.File, fill func(w *table.Writer) error) (*table.Reader, error) {
	bw := behind.NewWriter(runWriteBuffer, f)
	err := fillTable(bw, fill)
	if cerr := bw.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	size, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	return table.Open(f, size)
}

// runWriteBuffer is the size of the buffers a run's file is written
// from; behind.Writer keeps four.
const runWriteBuffer = 256 << 10

func fillTable(out io.Writer, fill func(w *table.Writer) error) error {
	w := table.NewWriter(out, table.Options{})
	if err := fill(w); err != nil {
		return err
	}
	_, err := w.Close()
	return err
}

// RunsKV is the table Runs made, read as a KV.
type RunsKV struct {
	kv     KV
	files  []*os.File
	tables int // the sorted tables a lookup seeks in
}

// Tables is how many sorted tables the KV reads as one: each Get or Scan
// seeks in every one of them.
func (k *RunsKV) Tables() int { return k.tables }

// Get implements KV.
func (k *RunsKV) Get(key []byte) ([]byte, bool, error) { return k.kv.Get(key) }

// Scan implements KV.
func (k *RunsKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	return k.kv.Scan(prefix, fn)
}

// Stream is Scan for one pass over much of the KV (publishing copies a
// full run's index out): its tables' blocks are read in chunks into
// buffers the pass reuses (table.Reader.Stream), not each with a read and
// an allocation of its own. As with Scan, values are valid only during
// the call.
func (k *RunsKV) Stream(prefix []byte, fn func(key, value []byte) error) error {
	switch kv := k.kv.(type) {
	case viewKV:
		return scanIter(kv.v.Stream(table.PrefixRange(prefix)), fn)
	case readerKV:
		return scanIter(kv.r.Stream(table.PrefixRange(prefix)), fn)
	}
	return k.kv.Scan(prefix, fn)
}

// Close releases the table's files, if it has any.
func (k *RunsKV) Close() error {
	var first error
	for _, f := range k.files {
		if err := f.Close(); err != nil && first == nil {
			first = err
		}
	}
	k.files = nil
	return first
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
	return scanIter(k.r.Prefix(prefix), fn)
}

// viewKV reads runs as one table (Merged).
type viewKV struct{ v table.View }

// Get implements KV.
func (k viewKV) Get(key []byte) ([]byte, bool, error) {
	v, found, _, err := k.v.Get(key)
	return v, found, err
}

// Scan implements KV.
func (k viewKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	return scanIter(k.v.Prefix(prefix), fn)
}

// scanIter calls fn for each entry of it; ErrStop ends it early.
func scanIter(it table.Iterator, fn func(key, value []byte) error) error {
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
