package table

import "bytes"

// mergeIter merges layer iterators, newest first, into one key-ordered
// stream: of several entries with one key it yields the newest layer's and
// skips the rest; it drops tombstones unless keepTombs.
//
// It keeps the current value from the layer's iterator while advancing
// past it: table iterators' values alias blocks that are never reused.
type mergeIter struct {
	h         mergeHeap
	keepTombs bool
	key       []byte
	value     []byte
	tomb      bool
	err       error
}

// mergeHeap orders positioned iterators by key, then by layer (newer
// first). It keeps each iterator's current key beside it and sifts by
// hand: container/heap's interface calls, and two more for the keys of
// every comparison, were most of a merge's cost over the two hundred runs
// of a full run's index.
type mergeHeap struct {
	its  []Iterator
	keys [][]byte // keys[i]: its[i].Key(), refreshed as it moves
	idx  []int
}

func (h *mergeHeap) less(a, b int) bool {
	i, j := h.idx[a], h.idx[b]
	c := bytes.Compare(h.keys[i], h.keys[j])
	return c < 0 || c == 0 && i < j
}

// down moves the entry at a down to its place below.
func (h *mergeHeap) down(a int) {
	n := len(h.idx)
	for {
		c := 2*a + 1
		if c >= n {
			return
		}
		if r := c + 1; r < n && h.less(r, c) {
			c = r
		}
		if !h.less(c, a) {
			return
		}
		h.idx[a], h.idx[c] = h.idx[c], h.idx[a]
		a = c
	}
}

// pop drops the top.
func (h *mergeHeap) pop() {
	last := len(h.idx) - 1
	h.idx[0] = h.idx[last]
	h.idx = h.idx[:last]
	h.down(0)
}

func newMerge(its []Iterator, keepTombs bool) *mergeIter {
	m := &mergeIter{h: mergeHeap{its: its, keys: make([][]byte, len(its))}, keepTombs: keepTombs}
	for i, it := range its {
		if it.Next() {
			m.h.idx = append(m.h.idx, i)
			m.h.keys[i] = it.Key()
		} else if err := it.Err(); err != nil && m.err == nil {
			m.err = err
		}
	}
	for a := len(m.h.idx)/2 - 1; a >= 0; a-- {
		m.h.down(a)
	}
	return m
}

func (m *mergeIter) Next() bool {
	for m.err == nil && len(m.h.idx) > 0 {
		top := m.h.its[m.h.idx[0]]
		m.key = append(m.key[:0], m.h.keys[m.h.idx[0]]...)
		m.value, m.tomb = top.Value(), top.Deleted()
		m.skip()
		if m.err != nil {
			return false
		}
		if !m.tomb || m.keepTombs {
			return true
		}
	}
	return false
}

// skip advances every iterator positioned on the current key.
func (m *mergeIter) skip() {
	for len(m.h.idx) > 0 {
		i := m.h.idx[0]
		if !bytes.Equal(m.h.keys[i], m.key) {
			return
		}
		if it := m.h.its[i]; it.Next() {
			m.h.keys[i] = it.Key()
			m.h.down(0)
			continue
		} else if err := it.Err(); err != nil {
			m.err = err
			return
		}
		m.h.keys[i] = nil
		m.h.pop()
	}
}

func (m *mergeIter) Key() []byte   { return m.key }
func (m *mergeIter) Value() []byte { return m.value }
func (m *mergeIter) Deleted() bool { return m.tomb }
func (m *mergeIter) Err() error    { return m.err }
