package snapshot

import (
	"fmt"
	"io"
	"slices"
	"sync"
)

// Open reads a published snapshot from its tables: the header now, file
// records and module docs when asked for, so opening costs the same at
// any size. closer (may be nil) releases the tables on Close.
func Open(kv KV, closer io.Closer) (*Snapshot, error) {
	s := New()
	v, ok, err := kv.Get(HeaderKey)
	if err != nil {
		return nil, fmt.Errorf("read snapshot header: %w", err)
	}
	if !ok {
		return nil, fmt.Errorf("snapshot has no header: run lgraph update --full")
	}
	n, err := decodeHeader(v, s)
	if err != nil {
		return nil, err
	}
	s.Files = NewFileSet(&tableSource{kv: kv, n: n, seen: map[string]*File{}})
	s.Modules = moduleSetOf(kv)
	s.Index, s.closer = kv, closer
	return s, nil
}

// tableSource reads file records from a snapshot's tables, decoding each
// once: the same path gives the same record.
type tableSource struct {
	kv   KV
	n    int
	mu   sync.Mutex
	seen map[string]*File
}

func (t *tableSource) File(path string) (*File, error) {
	t.mu.Lock()
	f, ok := t.seen[path]
	t.mu.Unlock()
	if ok {
		return f, nil
	}
	v, ok, err := t.kv.Get(FileKey(path))
	if err != nil || !ok {
		return nil, err
	}
	if f, err = DecodeRecord(v); err != nil {
		return nil, fmt.Errorf("record of %s: %w", path, err)
	}
	t.mu.Lock()
	t.seen[path] = f
	t.mu.Unlock()
	return f, nil
}

// Has reports whether a path has a record, reading no more than its key.
func (t *tableSource) Has(path string) (bool, error) {
	t.mu.Lock()
	_, ok := t.seen[path]
	t.mu.Unlock()
	if ok {
		return true, nil
	}
	_, ok, err := t.kv.Get(FileKey(path))
	return ok, err
}

// Paths lists the paths from the directory listing, whose entries are far
// smaller than the records.
func (t *tableSource) Paths() ([]string, error) {
	out := make([]string, 0, t.n)
	err := t.kv.Scan([]byte{KsDir}, func(k, _ []byte) error {
		out = append(out, Owner(k))
		return nil
	})
	slices.Sort(out)
	return out, err
}

func (t *tableSource) Len() int { return t.n }
