package snapshot

import (
	"bytes"
	"slices"
	"sort"
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
