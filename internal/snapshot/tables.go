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
	s.Files = NewFileSet(&tableSource{kv: kv, n: n, seen: newRecordMemo(memoRecords)})
	s.Modules = moduleSetOf(kv)
	s.Index, s.closer = kv, closer
	return s, nil
}

// tableSource reads file records from a snapshot's tables, keeping the
// records it decoded last (recordMemo): a record read again soon after is
// the same record, not decoded twice.
type tableSource struct {
	kv   KV
	n    int
	seen *recordMemo
}

func (t *tableSource) File(path string) (*File, error) {
	if f, ok := t.seen.get(path); ok {
		return f, nil
	}
	v, ok, err := t.kv.Get(FileKey(path))
	if err != nil || !ok {
		return nil, err
	}
	f, err := DecodeRecord(v)
	if err != nil {
		return nil, fmt.Errorf("record of %s: %w", path, err)
	}
	t.seen.put(path, f)
	return f, nil
}

// Has reports whether a path has a record, reading no more than its key.
func (t *tableSource) Has(path string) (bool, error) {
	if _, ok := t.seen.get(path); ok {
		return true, nil
	}
	_, ok, err := t.kv.Get(FileKey(path))
	return ok, err
}

// memoRecords is how many decoded records a published snapshot keeps in
// each of its memo's two generations. It kept every record it decoded: a
// process that keeps a snapshot open (serve --daemon, the MCP server)
// held every record any of its reads decoded (5.6 MB of its 14 MB heap
// after 1,200 reads at 100,000 files, and growing), and a pass over every
// record held them all. A read or an update touches a file's record a few
// times close together (its edges, its dependents' explanations), which
// two generations of this size still answer.
const memoRecords = 2048

// recordMemo keeps recently decoded records in two generations: a lookup
// that finds a record in the older one moves it to the current one, and
// when the current one is full the older one is dropped and the current
// one takes its place. It holds at most twice its limit, and a record read
// again within about limit other records is not decoded again.
type recordMemo struct {
	mu        sync.Mutex
	limit     int
	cur, prev map[string]*File
}

func newRecordMemo(limit int) *recordMemo {
	return &recordMemo{limit: max(limit, 1), cur: map[string]*File{}}
}

func (m *recordMemo) get(path string) (*File, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.cur[path]; ok {
		return f, true
	}
	f, ok := m.prev[path]
	if ok {
		delete(m.prev, path)
		m.putLocked(path, f)
	}
	return f, ok
}

func (m *recordMemo) put(path string, f *File) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(path, f)
}

func (m *recordMemo) putLocked(path string, f *File) {
	if len(m.cur) >= m.limit {
		m.prev, m.cur = m.cur, make(map[string]*File, m.limit)
	}
	m.cur[path] = f
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
