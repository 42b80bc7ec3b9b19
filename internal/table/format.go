package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"sync"
)

const (
	// FormatVersion is the table format this package writes and reads.
	FormatVersion = 1
	// MaxKeySize and MaxValueSize bound one entry, so that every block
	// offset fits the format's uint32 fields.
	MaxKeySize   = 1 << 20
	MaxValueSize = 1 << 30

	magic        = "\x89LGTABLE"
	footerSize   = 72
	tailSize     = 12 // version and magic: the same place in every format version
	trailerSize  = 8  // restart count and crc at the end of every block
	maxHeight    = 64 // a fanout of at least 2 per level never needs more
	defaultBlock = 4096
	defaultRIntv = 16
)

var (
	// ErrCorrupt is wrapped by every error reporting a damaged table.
	ErrCorrupt = errors.New("table corrupt")
	// ErrVersion is wrapped by the error refusing a table written in a
	// newer format than this package knows.
	ErrVersion = errors.New("table format too new")
)

// castagnoli is built on first use: building it at start-up would cost
// every command, --version too.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

func checksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli()) }

var le = binary.LittleEndian

// handle locates a block in the file; num is its position in the file's
// sequence of blocks, which lets a reader remember the blocks it verified.
type handle struct {
	off, len, num uint64
}

func appendHandle(dst []byte, h handle) []byte {
	dst = binary.AppendUvarint(dst, h.off)
	dst = binary.AppendUvarint(dst, h.len)
	return binary.AppendUvarint(dst, h.num)
}

func decodeHandle(b []byte) (handle, bool) {
	var v [3]uint64
	for i := range v {
		x, n := binary.Uvarint(b)
		if n <= 0 {
			return handle{}, false
		}
		v[i], b = x, b[n:]
	}
	return handle{off: v[0], len: v[1], num: v[2]}, len(b) == 0
}

// footer is the decoded fixed-size end of a table.
type footer struct {
	root      handle
	height    int
	entries   uint64
	tombs     uint64
	dataBlks  uint64
	indexBlks uint64
	rootCRC   uint32
}

func (f *footer) encode() []byte {
	b := make([]byte, footerSize)
	le.PutUint64(b[0:], f.root.off)
	le.PutUint32(b[8:], uint32(f.root.len))
	le.PutUint32(b[12:], uint32(f.height))
	le.PutUint64(b[16:], f.entries)
	le.PutUint64(b[24:], f.tombs)
	le.PutUint64(b[32:], f.dataBlks)
	le.PutUint64(b[40:], f.indexBlks)
	le.PutUint32(b[48:], f.rootCRC)
	le.PutUint32(b[56:], checksum(b[:56]))
	le.PutUint32(b[60:], FormatVersion)
	copy(b[64:], magic)
	return b
}

// checkTail identifies a table by its last tailSize bytes and refuses
// other format versions.
func checkTail(tail []byte) error {
	if string(tail[4:]) != magic {
		return fmt.Errorf("not a table (bad magic): %w", ErrCorrupt)
	}
	v := le.Uint32(tail[:4])
	if v > FormatVersion {
		return fmt.Errorf("format version %d, this lgraph reads up to %d (upgrade lgraph): %w",
			v, FormatVersion, ErrVersion)
	}
	if v != FormatVersion {
		return fmt.Errorf("unknown format version %d: %w", v, ErrCorrupt)
	}
	return nil
}

// decodeFooter checks a footer's crc and the bounds of what it points at;
// dataEnd is where the footer starts.
func decodeFooter(b []byte, dataEnd uint64) (footer, error) {
	if checksum(b[:56]) != le.Uint32(b[56:]) {
		return footer{}, fmt.Errorf("footer checksum mismatch: %w", ErrCorrupt)
	}
	f := footer{
		root:      handle{off: le.Uint64(b[0:]), len: uint64(le.Uint32(b[8:]))},
		height:    int(le.Uint32(b[12:])),
		entries:   le.Uint64(b[16:]),
		tombs:     le.Uint64(b[24:]),
		dataBlks:  le.Uint64(b[32:]),
		indexBlks: le.Uint64(b[40:]),
		rootCRC:   le.Uint32(b[48:]),
	}
	// Every block has at least a trailer and every entry three bytes: counts
	// beyond that are damage, and must not size the reader's block set.
	blocks := f.dataBlks + f.indexBlks
	if f.height < 1 || f.height > maxHeight || f.tombs > f.entries || f.entries > dataEnd/3 ||
		f.dataBlks > dataEnd || f.indexBlks > dataEnd || blocks < 1 || blocks > dataEnd/trailerSize {
		return footer{}, fmt.Errorf("footer fields out of range: %w", ErrCorrupt)
	}
	f.root.num = blocks - 1
	if err := f.checkHandle(f.root, dataEnd); err != nil {
		return footer{}, fmt.Errorf("footer: %w", err)
	}
	return f, nil
}

// checkHandle rejects a handle that does not fit in the block region.
func (f *footer) checkHandle(h handle, dataEnd uint64) error {
	if h.len < trailerSize || h.len > dataEnd || h.off > dataEnd-h.len || h.num >= f.dataBlks+f.indexBlks {
		return fmt.Errorf("block handle %d+%d (#%d) outside the file's %d block bytes: %w",
			h.off, h.len, h.num, dataEnd, ErrCorrupt)
	}
	return nil
}
