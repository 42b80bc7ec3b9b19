package pipeline

import (
	"bytes"
	"sync"

	"github.com/klauspost/compress/s2"
)

// memoBound bounds what memoize keeps, by the budget. An init reads every
// file once per phase, and the blobs of a large tree do not all fit: the
// memo keeps the first ones read and the rest are read from git again.
// Git's own delta base cache does not keep blobs read for themselves
// (odb), so the memo is where a full run's blobs live between phases.
func memoBound(o Options) int { return budget(o).MemoBytes() }

// memoize keeps the bytes of the blobs read during one run, up to bound
// bytes, so the phases that each need a file (inventory, explicit,
// implicit, enrich) read it from git once. Half of bound holds blobs as
// read, shared by every caller (so nobody may change them); past that,
// blobs are kept compressed with s2 in the other half: code shrinks to
// about half and decodes several times faster than git's zlib inflates,
// so a tree twice the raw half's size still comes from git once. Past
// the bound a blob is read from git each time.
func memoize(read func(string) ([]byte, error), bound int) func(string) ([]byte, error) {
	return newMemo(read, bound).get
}

func newMemo(read func(string) ([]byte, error), bound int) *memo {
	return &memo{
		read: read, rawRoom: bound / 2, packedRoom: bound - bound/2,
		raw: map[string][]byte{}, packed: map[string][]byte{},
	}
}

type memo struct {
	read func(string) ([]byte, error)

	mu                  sync.Mutex
	raw, packed         map[string][]byte
	rawRoom, packedRoom int       // bytes each half may still take
	scratch             sync.Pool // of *[]byte, s2's output before it is cut to size
}

func (m *memo) get(id string) ([]byte, error) {
	m.mu.Lock()
	data, isRaw := m.raw[id]
	packed, isPacked := m.packed[id]
	m.mu.Unlock()
	switch {
	case isRaw:
		return data, nil
	case isPacked:
		return s2.Decode(nil, packed)
	}
	data, err := m.read(id)
	if err != nil {
		return nil, err
	}
	m.keep(id, data)
	return data, nil
}

// keep holds data as read while the raw half has room, else compressed
// while the other half has; it compresses only what it may keep.
func (m *memo) keep(id string, data []byte) {
	m.mu.Lock()
	_, isRaw := m.raw[id]
	_, isPacked := m.packed[id]
	size := cap(data) // what the bytes really hold
	switch {
	case isRaw || isPacked: // another reader kept it first
	case size <= m.rawRoom:
		m.raw[id], m.rawRoom = data, m.rawRoom-size
	case len(data)/4 <= m.packedRoom: // s2 leaves code over a quarter of its size
		m.mu.Unlock()
		packed, ok := m.compress(data)
		m.mu.Lock()
		if _, dup := m.packed[id]; ok && !dup && len(packed) <= m.packedRoom {
			m.packed[id], m.packedRoom = packed, m.packedRoom-len(packed)
		}
	}
	m.mu.Unlock()
}

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
	if cap(*buf) < n {
		*buf = make([]byte, n)
	}
	packed = bytes.Clone(s2.Encode(*buf, data))
	m.scratch.Put(buf)
	return packed, true
}
