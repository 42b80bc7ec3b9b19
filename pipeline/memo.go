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
	m := &memo{read: read, bound: bound, kept: map[string]memoEntry{}}
	m.pack = m.compress
	return m
}

type memo struct {
	read  func(string) ([]byte, error)
	bound int
	pack  func([]byte) ([]byte, bool) // compress, or a test's

	scratch sync.Pool // of *[]byte: s2's output before it is cut to size

	mu          sync.Mutex
	kept        map[string]memoEntry
	oldest      []string // the ids kept as read, in the order kept: the next to compress
	held        int      // bytes kept: cap of those as read, len of those compressed
	compressing int      // bytes (as read) of the blobs taken off oldest to compress, not yet replaced
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

// victim is a blob kept as read that keep compresses.
type victim struct {
	id  string
	raw []byte
}

// keep holds data as read (unless it is over a quarter of the bound: it
// would push out many), then compresses the oldest blobs held as read
// until all fit in the bound; when even compressed they do not, the blob
// just read goes. It compresses outside the lock, the victims readable as
// read meanwhile: under it, the inventory's other workers waited on every
// compression for the blob each wanted next (0.4 s of CPU at 100,000
// files, with a core idle).
func (m *memo) keep(id string, data []byte) {
	victims, admitted := m.admit(id, data)
	for _, v := range victims {
		packed, ok := m.pack(v.raw)
		m.settle(v, packed, ok)
	}
	if !admitted {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// Everything is compressed, id last (a blob still as read is on
	// oldest or being compressed), and still over the bound: id goes.
	if e, ok := m.kept[id]; ok && e.packed && m.held > m.bound && len(m.oldest) == 0 && m.compressing == 0 {
		m.held -= len(e.data)
		delete(m.kept, id)
	}
}

// admit holds data as read and takes off oldest the blobs to compress to
// bring the memo within its bound, counting each as gone until settle
// puts it back compressed.
func (m *memo) admit(id string, data []byte) (_ []victim, admitted bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.kept[id]; ok || cap(data) > m.bound/4 {
		return nil, false
	}
	m.kept[id], m.held = memoEntry{data: data}, m.held+cap(data) // cap: what the bytes really hold
	m.oldest = append(m.oldest, id)
	var out []victim
	for m.held-m.compressing > m.bound && len(m.oldest) > 0 {
		v := victim{id: m.oldest[0], raw: m.kept[m.oldest[0]].data}
		m.oldest = m.oldest[1:]
		m.compressing += cap(v.raw)
		out = append(out, v)
	}
	return out, true
}

// settle replaces a victim's bytes as read by packed, or drops it when it
// could not be compressed.
func (m *memo) settle(v victim, packed []byte, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.compressing -= cap(v.raw)
	m.held -= cap(v.raw)
	if !ok {
		delete(m.kept, v.id)
		return
	}
	m.kept[v.id], m.held = memoEntry{data: packed, packed: true}, m.held+len(packed)
}

// maxScratch bounds the compression buffers the memo keeps between blobs.
const maxScratch = 1 << 20

// compress returns data in s2's block format, in a slice of its own size;
// ok is false for data too large for the format.
func (m *memo) compress(data []byte) (packed []byte, ok bool) {
	n := s2.MaxEncodedLen(len(data))
	if n < 0 {
		return nil, false
	}
	buf, _ := m.scratch.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer func() {
		if cap(*buf) <= maxScratch {
			m.scratch.Put(buf)
		}
	}()
	if cap(*buf) < n {
		*buf = make([]byte, n)
	}
	return bytes.Clone(s2.Encode((*buf)[:n], data)), true
}
