package pipeline

import (
	"bytes"
	"sync"

	"github.com/klauspost/compress/s2"
)

// memoBound bounds what memoize keeps, by the budget, the same on a full
// run as on an update: an init reads every file once per phase, and the
// memo is where its blobs live between phases, since odb's delta base
// cache (like git's) keeps no blob read for itself.
func memoBound(o Options) int { return budget(o).MemoBytes() }

// memoize keeps the bytes of the blobs read during one run, up to bound
// bytes, so the phases that each need a file (inventory, explicit,
// implicit, enrich) read it from git once. Blobs are kept as read, shared
// by every caller (so nobody may change them), until they fill the bound;
// then the oldest are compressed with s2 to make room: code shrinks to
// about half and decodes several times faster than git's zlib inflates,
// so a tree up to about twice the bound still comes from git once, and a
// tree within it costs no compression at all. What fits in neither way is
// read from git each time.
func memoize(read func(string) ([]byte, error), bound int) func(string) ([]byte, error) {
	return newMemo(read, bound).get
}

func newMemo(read func(string) ([]byte, error), bound int) *memo {
	return &memo{read: read, bound: bound, kept: map[string]memoEntry{}}
}

type memo struct {
	read  func(string) ([]byte, error)
	bound int

	mu     sync.Mutex
	kept   map[string]memoEntry
	oldest []string // the ids kept as read, in the order kept: the next to compress
	held   int      // bytes kept: cap of those as read, len of those compressed

	scratch []byte // s2's output before it is cut to size
}

// memoEntry is a blob's bytes as read, or compressed in s2's block format.
type memoEntry struct {
	data   []byte
	packed bool
}

func (m *memo) get(id string) ([]byte, error) {
	m.mu.Lock()
	e, ok := m.kept[id]
	m.mu.Unlock()
	switch {
	case ok && e.packed:
		return s2.Decode(nil, e.data)
	case ok:
		return e.data, nil
	}
	data, err := m.read(id)
	if err != nil {
		return nil, err
	}
	m.keep(id, data)
	return data, nil
}

// keep holds data as read (unless it is over a quarter of the bound: it
// would push out many), then compresses the oldest blobs held as read
// until all fit in the bound; when even compressed they do not, the blob
// just read goes. It compresses under the lock, which keeps the
// accounting simple: compressing costs a small part of inflating, and
// only a tree larger than the bound compresses at all.
func (m *memo) keep(id string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.kept[id]; ok || cap(data) > m.bound/4 {
		return
	}
	m.kept[id], m.held = memoEntry{data: data}, m.held+cap(data) // cap: what the bytes really hold
	m.oldest = append(m.oldest, id)
	for m.held > m.bound && len(m.oldest) > 0 {
		victim := m.oldest[0]
		m.oldest = m.oldest[1:]
		raw := m.kept[victim].data
		delete(m.kept, victim)
		m.held -= cap(raw)
		if packed, ok := m.compress(raw); ok {
			m.kept[victim], m.held = memoEntry{data: packed, packed: true}, m.held+len(packed)
		}
	}
	if m.held > m.bound { // everything is compressed, id last
		m.held -= len(m.kept[id].data)
		delete(m.kept, id)
	}
}

// maxScratch bounds the compression buffer the memo keeps between blobs.
const maxScratch = 1 << 20

// compress returns data in s2's block format, in a slice of its own size;
// ok is false for data too large for the format. The caller holds m.mu.
func (m *memo) compress(data []byte) (packed []byte, ok bool) {
	n := s2.MaxEncodedLen(len(data))
	if n < 0 {
		return nil, false
	}
	buf := m.scratch
	if cap(buf) < n {
		buf = make([]byte, n)
		if n <= maxScratch {
			m.scratch = buf
		}
	}
	return bytes.Clone(s2.Encode(buf, data)), true
}
