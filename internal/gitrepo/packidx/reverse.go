package packidx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// A .rev file (gitformat-pack, "pack-*.rev") lists the idx positions of a
// pack's objects in the order they sit in the pack: "RIDX", version 1,
// hash id 1 (SHA-1), one 32-bit position per object, the pack's checksum
// and its own.
const revHeaderLen = 12

var revMagic = []byte{'R', 'I', 'D', 'X'}

// ErrNoReverse reports an offset-ordered read of a pack that has no .rev
// file; callers that can resolve by offset do not need one.
var ErrNoReverse = errors.New("pack has no reverse index")

type reverse struct {
	src source
}

func openReverse(path string, x *Index) (*reverse, error) {
	src, err := openSource(path)
	if err != nil {
		return nil, err
	}
	if err := checkReverse(src, x); err != nil {
		src.close()
		return nil, err
	}
	return &reverse{src: src}, nil
}

func checkReverse(src source, x *Index) error {
	if want := revHeaderLen + int64(x.count)*4 + trailerLen; src.size() != want {
		return fmt.Errorf("%w: .rev holds %d bytes, %d objects need %d", ErrCorrupt, src.size(), x.count, want)
	}
	var head [revHeaderLen]byte
	if err := src.readAt(head[:], 0); err != nil {
		return err
	}
	if !bytes.Equal(head[:4], revMagic) {
		return fmt.Errorf("%w: not a .rev file (no magic number)", ErrCorrupt)
	}
	if v, id := binary.BigEndian.Uint32(head[4:8]), binary.BigEndian.Uint32(head[8:12]); v != 1 || id != 1 {
		return fmt.Errorf("%w: .rev version %d, hash id %d not supported", ErrCorrupt, v, id)
	}
	var sum [hashLen]byte
	if err := src.readAt(sum[:], src.size()-trailerLen); err != nil {
		return err
	}
	if !bytes.Equal(sum[:], x.packSum[:]) {
		return fmt.Errorf("%w: .rev belongs to another pack", ErrCorrupt)
	}
	return nil
}

// PackOrder is the idx position of the object that is n-th in pack order
// (by offset). It needs the .rev file.
func (x *Index) PackOrder(n int) (pos int, err error) {
	if err := x.rlock(); err != nil {
		return 0, err
	}
	defer x.mu.RUnlock()
	return x.packOrder(n)
}

func (x *Index) packOrder(n int) (int, error) {
	if x.rev == nil {
		return 0, ErrNoReverse
	}
	if n < 0 || n >= x.count {
		return 0, fmt.Errorf("%w: pack position %d out of %d", ErrCorrupt, n, x.count)
	}
	var b [4]byte
	if err := x.rev.src.readAt(b[:], revHeaderLen+int64(n)*4); err != nil {
		return 0, err
	}
	pos := int(binary.BigEndian.Uint32(b[:]))
	if pos >= x.count {
		return 0, fmt.Errorf("%w: .rev names position %d out of %d", ErrCorrupt, pos, x.count)
	}
	return pos, nil
}

// FindByOffset returns the idx position of the object starting at offset,
// by a binary search of the .rev file: offset to name without building a
// map of the whole pack. Without a .rev it returns ErrNoReverse.
func (x *Index) FindByOffset(offset int64) (pos int, ok bool, err error) {
	if err := x.rlock(); err != nil {
		return 0, false, err
	}
	defer x.mu.RUnlock()
	if x.rev == nil {
		return 0, false, ErrNoReverse
	}
	lo, hi := 0, x.count
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		p, err := x.packOrder(mid)
		if err != nil {
			return 0, false, err
		}
		got, err := x.offsetAt(p)
		if err != nil {
			return 0, false, err
		}
		switch {
		case got == offset:
			return p, true, nil
		case got < offset:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false, nil
}
