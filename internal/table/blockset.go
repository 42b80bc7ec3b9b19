package table

import (
	"sync"
	"sync/atomic"
)

// blockSet remembers which blocks of a mapped table passed their checksum,
// so that a hot block is verified once per Reader rather than once per
// read: a table file never changes, and in memory the bytes stay the same.
// Its bits are allocated on first use (one bit per block), keeping Open
// free of work that grows with the table.
type blockSet struct {
	once sync.Once
	n    uint64
	bits []atomic.Uint64
}

func (s *blockSet) words() []atomic.Uint64 {
	s.once.Do(func() { s.bits = make([]atomic.Uint64, (s.n+63)/64) })
	return s.bits
}

func (s *blockSet) has(i uint64) bool {
	return s.words()[i/64].Load()&(1<<(i%64)) != 0
}

func (s *blockSet) add(i uint64) { s.words()[i/64].Or(1 << (i % 64)) }
