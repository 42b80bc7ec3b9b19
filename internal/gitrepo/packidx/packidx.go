// Package packidx reads git pack indexes (.idx version 2) and reverse
// indexes (.rev) in place, the way git does: a lookup reads the fanout
// table and log2(n) names of the sorted table, never the whole file, so
// opening a pack of millions of objects costs the same as opening one of
// ten.
package packidx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// Layout of an .idx version 2 file (gitformat-pack): header, 256 fanout
// counts, the sorted names, one CRC32 per name, one 32-bit offset per name,
// the 64-bit offsets the 32-bit ones point into, the pack's checksum and
// the idx's own checksum.
const (
	hashLen    = 20
	headerLen  = 8
	fanoutLen  = 256 * 4
	trailerLen = 2 * hashLen
	largeFlag  = 1 << 31
)

var idxMagic = []byte{0xff, 't', 'O', 'c'}

// ErrCorrupt reports an index whose bytes contradict its own layout.
var ErrCorrupt = errors.New("corrupt pack index")

// ErrVersion1 reports an index without version 2's magic number: the
// version 1 layout git wrote before 1.5.2 (pack.indexVersion=1), or not an
// index at all. git rewrites either from the pack.
var ErrVersion1 = errors.New("pack index version 1 (or no pack index) is not supported: run git repack -adf to rewrite it as version 2")

// ErrClosed reports a read from an index that was closed.
var ErrClosed = errors.New("pack index is closed")

// Index is one open .idx file and, when the pack has one, its .rev file.
// It is safe for concurrent use.
type Index struct {
	path    string
	mu      sync.RWMutex // guards the mapped bytes against Close
	src     source
	closed  bool
	count   int
	fanout  [256]uint32
	names   int64 // start of the sorted name table
	off32   int64 // start of the 32-bit offset table
	off64   int64 // start of the 64-bit offset table
	n64     int   // entries in the 64-bit offset table
	packSum plumbing.Hash
	rev     *reverse
}

// Open maps the .idx file at path and checks its header, fanout table and
// size, all in constant time. A sibling .rev file is opened too when
// present.
func Open(path string) (*Index, error) {
	src, err := openSource(path)
	if err != nil {
		return nil, fmt.Errorf("open pack index %s: %w", path, err)
	}
	x := &Index{path: path, src: src}
	if err := x.readLayout(); err != nil {
		src.close()
		return nil, fmt.Errorf("open pack index %s: %w", path, err)
	}
	revPath := strings.TrimSuffix(path, ".idx") + ".rev"
	rev, err := openReverse(revPath, x)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		src.close()
		return nil, fmt.Errorf("open reverse index %s: %w", revPath, err)
	}
	x.rev = rev
	return x, nil
}

func (x *Index) readLayout() error {
	var head [headerLen + fanoutLen]byte
	if err := x.src.readAt(head[:], 0); err != nil {
		return err
	}
	if !bytes.Equal(head[:4], idxMagic) {
		return ErrVersion1
	}
	if v := binary.BigEndian.Uint32(head[4:8]); v != 2 {
		return fmt.Errorf("%w: idx version %d is not supported", ErrCorrupt, v)
	}
	for i := range x.fanout {
		x.fanout[i] = binary.BigEndian.Uint32(head[headerLen+4*i:])
		if i > 0 && x.fanout[i] < x.fanout[i-1] {
			return fmt.Errorf("%w: fanout decreases at %d", ErrCorrupt, i)
		}
	}
	x.count = int(x.fanout[255])
	n := int64(x.count)
	x.names = headerLen + fanoutLen
	x.off32 = x.names + n*(hashLen+4) // names, then CRCs
	x.off64 = x.off32 + n*4
	// The 64-bit table's length is whatever lies between the 32-bit table
	// and the trailer: reading it off the file size keeps Open from scanning
	// every 32-bit offset to count the large ones.
	rest := x.src.size() - x.off64 - trailerLen
	if rest < 0 || rest%8 != 0 || rest/8 > n {
		return fmt.Errorf("%w: %d bytes do not fit %d objects", ErrCorrupt, x.src.size(), x.count)
	}
	x.n64 = int(rest / 8)
	return x.src.readAt(x.packSum[:], x.src.size()-trailerLen)
}

// Count is the number of objects the pack holds.
func (x *Index) Count() int { return x.count }

// PackChecksum is the checksum of the pack this index describes (the last
// 20 bytes of the .pack file).
func (x *Index) PackChecksum() plumbing.Hash { return x.packSum }

// HasReverse reports whether a .rev file came with the index.
func (x *Index) HasReverse() bool { return x.rev != nil }

// find returns the position of h in the sorted name table: the fanout
// table narrows the range to names sharing h's first byte, a binary search
// does the rest.
func (x *Index) find(h plumbing.Hash) (int, bool, error) {
	lo := 0
	if h[0] > 0 {
		lo = int(x.fanout[h[0]-1])
	}
	hi := int(x.fanout[h[0]])
	var name plumbing.Hash
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if err := x.src.readAt(name[:], x.names+int64(mid)*hashLen); err != nil {
			return 0, false, err
		}
		switch c := bytes.Compare(h[:], name[:]); {
		case c == 0:
			return mid, true, nil
		case c < 0:
			hi = mid
		default:
			lo = mid + 1
		}
	}
	return 0, false, nil
}

// FindOffset returns where h starts in the pack; ok is false when the pack
// does not hold h.
func (x *Index) FindOffset(h plumbing.Hash) (offset int64, ok bool, err error) {
	if err := x.rlock(); err != nil {
		return 0, false, err
	}
	defer x.mu.RUnlock()
	pos, ok, err := x.find(h)
	if !ok || err != nil {
		return 0, ok, err
	}
	offset, err = x.offsetAt(pos)
	return offset, err == nil, err
}

// HashAt is the name at position pos of the sorted table.
func (x *Index) HashAt(pos int) (plumbing.Hash, error) {
	var h plumbing.Hash
	if err := x.rlock(); err != nil {
		return h, err
	}
	defer x.mu.RUnlock()
	if pos < 0 || pos >= x.count {
		return h, fmt.Errorf("%w: position %d out of %d", ErrCorrupt, pos, x.count)
	}
	err := x.src.readAt(h[:], x.names+int64(pos)*hashLen)
	return h, err
}

// OffsetAt is the pack offset of the object at position pos of the sorted
// table, read from the 64-bit table when the 32-bit entry points there.
func (x *Index) OffsetAt(pos int) (int64, error) {
	if err := x.rlock(); err != nil {
		return 0, err
	}
	defer x.mu.RUnlock()
	if pos < 0 || pos >= x.count {
		return 0, fmt.Errorf("%w: position %d out of %d", ErrCorrupt, pos, x.count)
	}
	return x.offsetAt(pos)
}

func (x *Index) offsetAt(pos int) (int64, error) {
	var b [8]byte
	if err := x.src.readAt(b[:4], x.off32+int64(pos)*4); err != nil {
		return 0, err
	}
	v := binary.BigEndian.Uint32(b[:4])
	if v&largeFlag == 0 {
		return int64(v), nil
	}
	i := int(v &^ largeFlag)
	if i >= x.n64 {
		return 0, fmt.Errorf("%w: large offset %d out of %d", ErrCorrupt, i, x.n64)
	}
	if err := x.src.readAt(b[:], x.off64+int64(i)*8); err != nil {
		return 0, err
	}
	off := binary.BigEndian.Uint64(b[:])
	if off > 1<<62 {
		return 0, fmt.Errorf("%w: offset %d", ErrCorrupt, off)
	}
	return int64(off), nil
}

func (x *Index) rlock() error {
	x.mu.RLock()
	if x.closed {
		x.mu.RUnlock()
		return fmt.Errorf("read %s: %w", x.path, ErrClosed)
	}
	return nil
}

// Close unmaps the files; later reads fail with ErrClosed instead of
// touching unmapped memory.
func (x *Index) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed {
		return nil
	}
	x.closed = true
	err := x.src.close()
	if x.rev != nil {
		if rerr := x.rev.src.close(); err == nil {
			err = rerr
		}
	}
	if err != nil {
		return fmt.Errorf("close pack index %s: %w", x.path, err)
	}
	return nil
}
