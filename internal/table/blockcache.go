package table

import "sync/atomic"

// cacheSlots bounds a blockCache: at the default block size, 1 MB of
// data blocks and as much of index blocks per Reader.
const cacheSlots = 256

// blockCache keeps the blocks lookups of a table read through an
// io.ReaderAt last used. Every lookup reads one block per index level and
// one data block, and lookups come close together (one per file of a
// directory, in path order): without it each re-read its blocks from the
// file, verified their checksums again and left garbage behind. A mapped
// table needs none (its blocks are slices of the mapping).
//
// Direct-mapped by block number and lock-free: a slot holds one block, and
// a block of the same slot replaces it. Blocks are verified before they
// are kept and never change, so a hit needs no check, and a value handed
// out from a block stays valid whether the block stays or goes.
type blockCache struct {
	index, data [cacheSlots]atomic.Pointer[cachedBlock]
}

type cachedBlock struct {
	num uint64
	b   block
}

func (c *blockCache) slot(num uint64, isData bool) *atomic.Pointer[cachedBlock] {
	if isData {
		return &c.data[num%cacheSlots]
	}
	return &c.index[num%cacheSlots]
}

func (c *blockCache) get(num uint64, isData bool) (block, bool) {
	if e := c.slot(num, isData).Load(); e != nil && e.num == num {
		return e.b, true
	}
	return block{}, false
}

func (c *blockCache) put(num uint64, isData bool, b block) {
	c.slot(num, isData).Store(&cachedBlock{num: num, b: b})
}
