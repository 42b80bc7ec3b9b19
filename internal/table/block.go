package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// blockBuilder accumulates the entries of one data or index block.
type blockBuilder struct {
	buf      []byte
	restarts []uint32
	interval int // entries per restart; 1 in index blocks
	run      int // entries since the last restart
	n        int // entries in the block
	last     []byte
}

func (b *blockBuilder) add(key, value []byte, tomb bool) {
	shared := 0
	if b.run != b.interval && b.n > 0 {
		shared = CommonPrefix(b.last, key)
	}
	b.addShared(key, value, tomb, shared)
}

// addShared is add for a key known to share its first shared bytes with
// the key added before it (the data blocks' writer has just compared the
// two).
func (b *blockBuilder) addShared(key, value []byte, tomb bool, shared int) {
	if b.run == b.interval || b.n == 0 {
		b.restarts = append(b.restarts, uint32(len(b.buf)))
		b.run = 0
		shared = 0
	}
	tag := uint64(len(value)) << 1
	if tomb {
		tag |= 1
	}
	// Built in a local and stored once: while the collector marks, every
	// store of a slice into the (heap) builder pays a write barrier, and
	// an entry made five of them.
	buf := binary.AppendUvarint(b.buf, uint64(shared))
	buf = binary.AppendUvarint(buf, uint64(len(key)-shared))
	buf = binary.AppendUvarint(buf, tag)
	buf = append(buf, key[shared:]...)
	b.buf = append(buf, value...)
	b.last = append(b.last[:0], key...)
	b.run++
	b.n++
}

// size is the block's length if it were finished now.
func (b *blockBuilder) size() int { return len(b.buf) + 4*len(b.restarts) + trailerSize }

// finish appends the restart array, its length and the crc, and returns the
// block; the builder must be reset before reuse.
func (b *blockBuilder) finish() []byte {
	for _, r := range b.restarts {
		b.buf = le.AppendUint32(b.buf, r)
	}
	b.buf = le.AppendUint32(b.buf, uint32(len(b.restarts)))
	return le.AppendUint32(b.buf, checksum(b.buf))
}

func (b *blockBuilder) reset() {
	b.buf, b.restarts, b.run, b.n = b.buf[:0], b.restarts[:0], 0, 0
}

// CommonPrefix is the length of the prefix a and b share, compared eight
// bytes at a time: a sorted table's (or run's) neighbouring keys share
// most of theirs.
func CommonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := le.Uint64(a[i:]) ^ le.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// block is a block whose crc has been verified: its entries and its
// restart array, both still aliasing the bytes read.
type block struct {
	data     []byte
	restarts []byte
	crc      uint32
}

// parseBlock splits a block into entries and restarts, checking its crc
// if verify.
func parseBlock(b []byte, verify bool) (block, error) {
	n := len(b)
	if n < trailerSize {
		return block{}, fmt.Errorf("block of %d bytes: %w", n, ErrCorrupt)
	}
	crc := le.Uint32(b[n-4:])
	if verify && checksum(b[:n-4]) != crc {
		return block{}, fmt.Errorf("block checksum mismatch: %w", ErrCorrupt)
	}
	nr := uint64(le.Uint32(b[n-8:]))
	if nr*4 > uint64(n-trailerSize) {
		return block{}, fmt.Errorf("block restart count %d too large: %w", nr, ErrCorrupt)
	}
	rs := n - trailerSize - int(nr)*4
	if nr == 0 && rs != 0 {
		return block{}, fmt.Errorf("block has entries but no restarts: %w", ErrCorrupt)
	}
	return block{data: b[:rs], restarts: b[rs : n-trailerSize], crc: crc}, nil
}

func (b *block) numRestarts() int { return len(b.restarts) / 4 }

func (b *block) restart(i int) int { return int(le.Uint32(b.restarts[4*i:])) }

// entry is one decoded entry; suffix and value alias the block.
type entry struct {
	shared int
	suffix []byte
	value  []byte
	tomb   bool
	next   int // offset of the following entry
}

func (b *block) entryAt(off int) (entry, error) {
	d := b.data
	if off < 0 || off >= len(d) {
		return entry{}, fmt.Errorf("entry offset %d outside block of %d: %w", off, len(d), ErrCorrupt)
	}
	v, p, err := entryHeader(d, off)
	if err != nil {
		return entry{}, err
	}
	shared, unshared, vlen := v[0], v[1], v[2]>>1
	rest := uint64(len(d) - p)
	if shared > MaxKeySize || unshared > rest || vlen > rest-unshared {
		return entry{}, fmt.Errorf("entry at block offset %d overruns the block: %w", off, ErrCorrupt)
	}
	ks, ve := p+int(unshared), p+int(unshared)+int(vlen)
	return entry{shared: int(shared), suffix: d[p:ks], value: d[ks:ve:ve], tomb: v[2]&1 == 1, next: ve}, nil
}

// entryHeader decodes an entry's three varints (shared, unshared, tagged
// value length), with a fast path for the common case of one byte each.
func entryHeader(d []byte, off int) ([3]uint64, int, error) {
	if off+3 <= len(d) && d[off]|d[off+1]|d[off+2] < 0x80 {
		return [3]uint64{uint64(d[off]), uint64(d[off+1]), uint64(d[off+2])}, off + 3, nil
	}
	var v [3]uint64
	p := off
	for i := range v {
		x, n := binary.Uvarint(d[p:])
		if n <= 0 {
			return v, 0, fmt.Errorf("bad varint at block offset %d: %w", p, ErrCorrupt)
		}
		v[i], p = x, p+n
	}
	return v, p, nil
}

// restartKey returns the whole key stored at restart i.
func (b *block) restartKey(i int) ([]byte, error) {
	e, err := b.entryAt(b.restart(i))
	if err != nil {
		return nil, err
	}
	if e.shared != 0 {
		return nil, fmt.Errorf("restart entry shares a prefix: %w", ErrCorrupt)
	}
	return e.suffix, nil
}

// searchRestarts returns the restart from which a scan for the first key
// >= target must start: the last restart whose key is <= target, or 0.
func (b *block) searchRestarts(target []byte) (int, error) {
	lo, hi := 0, b.numRestarts()
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		k, err := b.restartKey(mid)
		if err != nil {
			return 0, err
		}
		if bytes.Compare(k, target) > 0 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return max(lo-1, 0), nil
}

// seek returns the first entry whose key is >= target (ok false if none)
// and whether its key equals target. Unlike blockIter it keeps the rebuilt
// key on the stack, so a lookup allocates nothing.
func (b *block) seek(target []byte) (e entry, ok, eq bool, err error) {
	if b.numRestarts() == 0 {
		return entry{}, false, false, nil
	}
	r, err := b.searchRestarts(target)
	if err != nil {
		return entry{}, false, false, err
	}
	var kb [256]byte
	key := kb[:0]
	for off := b.restart(r); off < len(b.data); off = e.next {
		if e, err = b.entryAt(off); err != nil {
			return entry{}, false, false, err
		}
		if e.shared > len(key) {
			return entry{}, false, false, errShared(e.shared, len(key))
		}
		key = append(key[:e.shared], e.suffix...)
		if c := bytes.Compare(key, target); c >= 0 {
			return e, true, c == 0, nil
		}
	}
	return entry{}, false, false, nil
}

func errShared(shared, have int) error {
	return fmt.Errorf("entry shares %d bytes of a %d-byte key: %w", shared, have, ErrCorrupt)
}

// blockIter walks the entries of one block, rebuilding prefix-compressed
// keys into a buffer it reuses across blocks.
type blockIter struct {
	b     block
	next  int
	key   []byte
	value []byte
	tomb  bool
	err   error
}

func (it *blockIter) init(b block) {
	it.b, it.next, it.key, it.value, it.tomb = b, 0, it.key[:0], nil, false
}

// step moves to the next entry; false at the end of the block or on error.
func (it *blockIter) step() bool {
	if it.err != nil || it.next >= len(it.b.data) {
		return false
	}
	e, err := it.b.entryAt(it.next)
	if err == nil && e.shared > len(it.key) {
		err = errShared(e.shared, len(it.key))
	}
	if err != nil {
		it.err = err
		return false
	}
	it.key = append(it.key[:e.shared], e.suffix...)
	it.value, it.tomb, it.next = e.value, e.tomb, e.next
	return true
}

// seekGE moves to the first entry whose key is >= target (the first entry
// when target is nil); false if there is none or on error.
func (it *blockIter) seekGE(target []byte) bool {
	if target == nil || it.b.numRestarts() == 0 {
		return it.step()
	}
	r, err := it.b.searchRestarts(target)
	if err != nil {
		it.err = err
		return false
	}
	it.next, it.key = it.b.restart(r), it.key[:0]
	for it.step() {
		if bytes.Compare(it.key, target) >= 0 {
			return true
		}
	}
	return false
}
