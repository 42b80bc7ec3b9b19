package snapshot

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/lgraph/lgraph/internal/table"
)

// KV is the read side of a snapshot's tables: point lookups and prefix
// scans in key order. Values passed to Scan's callback are valid only
// during the call.
type KV interface {
	Get(key []byte) ([]byte, bool, error)
	Scan(prefix []byte, fn func(key, value []byte) error) error
}

// errStop ends a Scan early without an error.
type stopScan struct{}

func (stopScan) Error() string { return "scan stopped" }

// ErrStop, returned by a Scan callback, ends the scan; Scan returns nil.
var ErrStop error = stopScan{}

// MemKV is a KV held in memory: sorted entries.
type MemKV struct {
	entries []Entry
}

// NewMemKV sorts entries (later duplicates of a key are dropped).
func NewMemKV(entries []Entry) *MemKV {
	es := slices.Clone(entries)
	slices.SortStableFunc(es, func(a, b Entry) int { return bytes.Compare(a.Key, b.Key) })
	out := es[:0]
	for i, e := range es {
		if i == 0 || !bytes.Equal(e.Key, out[len(out)-1].Key) {
			out = append(out, e)
		}
	}
	return &MemKV{entries: out}
}

// Entries are the sorted entries.
func (m *MemKV) Entries() []Entry { return m.entries }

// Get implements KV.
func (m *MemKV) Get(key []byte) ([]byte, bool, error) {
	i := sort.Search(len(m.entries), func(i int) bool { return bytes.Compare(m.entries[i].Key, key) >= 0 })
	if i < len(m.entries) && bytes.Equal(m.entries[i].Key, key) {
		return m.entries[i].Value, true, nil
	}
	return nil, false, nil
}

// Scan implements KV.
func (m *MemKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	i := sort.Search(len(m.entries), func(i int) bool { return bytes.Compare(m.entries[i].Key, prefix) >= 0 })
	for ; i < len(m.entries) && bytes.HasPrefix(m.entries[i].Key, prefix); i++ {
		if err := fn(m.entries[i].Key, m.entries[i].Value); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
	}
	return nil
}

// Overlay is a KV whose entries owned by hidden paths come from extra
// instead of base: the indexes of a snapshot being built, read as the
// published base plus the entries of the files changed since.
type Overlay struct {
	Base   KV // nil: nothing
	Hidden func(owner string) bool
	Extra  *MemKV
}

// Get implements KV.
func (o *Overlay) Get(key []byte) ([]byte, bool, error) {
	if v, ok, _ := o.Extra.Get(key); ok {
		return v, true, nil
	}
	if o.Base == nil || o.Hidden(Owner(key)) {
		return nil, false, nil
	}
	return o.Base.Get(key)
}

// Scan implements KV: the base's visible entries merged with extra's.
func (o *Overlay) Scan(prefix []byte, fn func(key, value []byte) error) error {
	var extra []Entry
	_ = o.Extra.Scan(prefix, func(k, v []byte) error {
		extra = append(extra, Entry{Key: k, Value: v})
		return nil
	})
	i, stopped := 0, false
	call := func(k, v []byte) error {
		err := fn(k, v)
		if err == ErrStop {
			stopped = true
		}
		return err
	}
	if o.Base != nil {
		err := o.Base.Scan(prefix, func(k, v []byte) error {
			if o.Hidden(Owner(k)) {
				return nil
			}
			for ; i < len(extra) && bytes.Compare(extra[i].Key, k) < 0; i++ {
				if err := call(extra[i].Key, extra[i].Value); err != nil {
					return err
				}
			}
			if i < len(extra) && bytes.Equal(extra[i].Key, k) {
				return nil // extra wins
			}
			return call(k, v)
		})
		if stopped {
			return nil
		}
		if err != nil {
			return err
		}
	}
	for ; i < len(extra); i++ {
		if err := call(extra[i].Key, extra[i].Value); err != nil {
			if stopped {
				return nil
			}
			return err
		}
	}
	return nil
}

// Mapped returns a KV reading k's table through a read-only mapping of
// its file (table.OpenMapped), and the function that releases the
// mapping; k stays open until closed, so that a full run's publishing can
// stream the table once resolution is done with the mapping
// (phase.Definitions). A full run's definition index is read by hundreds
// of thousands of lookups at random, and each that missed the reader's
// block cache paid a read call, a fresh buffer and a checksum: a third
// of resolution's CPU at 100,000 files. What the lookups make resident
// is let go every dropEvery of them, so the process holds some of the
// table, not all of it. A KV not held in one file is returned as it is.
func (k *RunsKV) Mapped() (KV, func() error) {
	rk, ok := k.kv.(readerKV)
	if !ok || len(k.files) != 1 {
		return k, func() error { return nil }
	}
	m, err := table.OpenMapped(k.files[0], rk.r.Info().Size)
	if err != nil || !m.Mapped() {
		return k, func() error { return nil }
	}
	return &MappedKV{r: m}, m.Close
}

// MergedOne finishes collections filled side by side (RunsOnWorkers) as
// Merged does, then copies their tables into one, in a scratch file when
// the collections have a directory: a KV read by lookups at random (a
// full run's definition index) pays a seek in every table per lookup,
// and one streaming pass over the tables costs less than that once the
// lookups are many. Each worker having sorted and compacted its own runs,
// the goroutine that merges does one pass, where one collection filled
// by a single goroutine sorted every run there too. The Runs must not be
// used afterwards; closing the KV releases its file.
func MergedOne(rs ...*Runs) (*RunsKV, error) {
	kv, err := Merged(rs...)
	if err != nil || kv.tables < 2 {
		return kv, err
	}
	defer kv.Close()
	dir := ""
	for _, r := range rs {
		dir = r.dir
	}
	size := 0
	if view, ok := kv.kv.(viewKV); ok {
		for _, r := range view.v.Layers() {
			size += int(r.Info().Size)
		}
	}
	out := NewRuns(0, dir)
	t, err := out.pack(0, size, func(w *table.Writer) error {
		return kv.Stream(nil, func(k, v []byte) error { return w.Add(k, v) }) // the writer copies each entry
	})
	if err != nil {
		return nil, fmt.Errorf("merge index runs: %w", err)
	}
	return &RunsKV{kv: readerKV{t.r}, files: filesOf(t.file), tables: 1}, nil
}

// dropEvery is how many reads of a MappedKV pass between two drops of
// what they made resident. A read touches a page or two of each level of
// the table, and after a drop every read faults its levels in again:
// dropping every 2,048 reads made those faults a quarter or more of a 100,000-file
// resolution's CPU, where every 65,536 costs none of it measurably and
// held the process 13-20 MB more (docs/measurements.md, "Stop 41").
const dropEvery = 1 << 16

// MappedKV is a table read through a mapping (RunsKV.Mapped).
type MappedKV struct {
	r     *table.Reader
	reads atomic.Int64
	drops atomic.Int64
}

// Get implements KV.
func (k *MappedKV) Get(key []byte) ([]byte, bool, error) {
	k.read()
	v, found, _, err := k.r.Get(key)
	return v, found, err
}

// Scan implements KV.
//
// Its iterators are reused (table.Reader.EachPrefix): the resolution's
// scans each allocated one, with its levels and buffers.
func (k *MappedKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	k.read()
	var stopped error
	err := k.r.EachPrefix(prefix, func(key, value []byte) bool {
		stopped = fn(key, value)
		return stopped == nil
	})
	switch {
	case stopped == ErrStop:
		return nil
	case stopped != nil:
		return stopped
	}
	return err
}

// Drops is how many times the KV has let go of what its reads made
// resident.
func (k *MappedKV) Drops() int { return int(k.drops.Load()) }

func (k *MappedKV) read() {
	if k.reads.Add(1)%dropEvery == 0 {
		k.r.DropResident()
		k.drops.Add(1)
	}
}
