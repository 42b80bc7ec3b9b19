package table

import (
	"bytes"
	"container/heap"
)

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

// mergeHeap orders positioned iterators by key, then by layer (newer first).
type mergeHeap struct {
	its []Iterator
	idx []int
}

func (h *mergeHeap) Len() int { return len(h.idx) }
func (h *mergeHeap) Less(a, b int) bool {
	i, j := h.idx[a], h.idx[b]
	c := bytes.Compare(h.its[i].Key(), h.its[j].Key())
	return c < 0 || c == 0 && i < j
}
func (h *mergeHeap) Swap(a, b int) { h.idx[a], h.idx[b] = h.idx[b], h.idx[a] }
func (h *mergeHeap) Push(x any)    { h.idx = append(h.idx, x.(int)) }
func (h *mergeHeap) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}

func newMerge(its []Iterator, keepTombs bool) *mergeIter {
	m := &mergeIter{h: mergeHeap{its: its}, keepTombs: keepTombs}
	for i, it := range its {
		if it.Next() {
			m.h.idx = append(m.h.idx, i)
		} else if err := it.Err(); err != nil && m.err == nil {
			m.err = err
		}
	}
	heap.Init(&m.h)
	return m
}

func (m *mergeIter) Next() bool {
	for m.err == nil && m.h.Len() > 0 {
		top := m.h.its[m.h.idx[0]]
		m.key = append(m.key[:0], top.Key()...)
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
	for m.h.Len() > 0 {
		it := m.h.its[m.h.idx[0]]
		if !bytes.Equal(it.Key(), m.key) {
			return
		}
		if it.Next() {
			heap.Fix(&m.h, 0)
			continue
		}
		if err := it.Err(); err != nil {
			m.err = err
			return
		}
		heap.Pop(&m.h)
	}
}

func (m *mergeIter) Key() []byte   { return m.key }
func (m *mergeIter) Value() []byte { return m.value }
func (m *mergeIter) Deleted() bool { return m.tomb }
func (m *mergeIter) Err() error    { return m.err }
