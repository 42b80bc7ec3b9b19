package odb

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/klauspost/compress/zlib"

	"github.com/lgraph/lgraph/internal/gitrepo/packidx"
)

// ErrCorrupt reports pack or loose object bytes that contradict the format.
var ErrCorrupt = errors.New("corrupt git object store")

// pack is one .pack file with its index. The file is read with ReadAt only,
// so readers share it without a shared seek position.
type pack struct {
	name    string // the .pack path
	idx     *packidx.Index
	f       *os.File
	size    int64
	readers sync.Pool // of *reader
	windows windows
}

// openPack opens the pack an .idx file describes and checks, in constant
// time, that the two belong together: same object count, same checksum.
func openPack(idxPath string) (*pack, error) {
	idx, err := packidx.Open(idxPath)
	if err != nil {
		return nil, err
	}
	p := &pack{name: strings.TrimSuffix(idxPath, ".idx") + ".pack", idx: idx}
	p.readers.New = func() any { return &reader{br: bufio.NewReaderSize(nil, readBuffer)} }
	if err := p.openData(); err != nil {
		idx.Close()
		return nil, fmt.Errorf("open pack %s: %w", p.name, err)
	}
	return p, nil
}

func (p *pack) openData() error {
	f, err := os.Open(p.name)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err == nil {
		p.f, p.size = f, fi.Size()
		err = p.checkHeader()
	}
	if err != nil {
		f.Close()
		p.f = nil
	}
	return err
}

func (p *pack) checkHeader() error {
	var head [12]byte
	var sum plumbing.Hash
	if p.size < int64(len(head)+len(sum)) {
		return fmt.Errorf("%w: pack of %d bytes", ErrCorrupt, p.size)
	}
	if _, err := p.f.ReadAt(head[:], 0); err != nil {
		return err
	}
	if _, err := p.f.ReadAt(sum[:], p.size-int64(len(sum))); err != nil {
		return err
	}
	v := binary.BigEndian.Uint32(head[4:8])
	switch {
	case string(head[:4]) != "PACK" || (v != 2 && v != 3):
		return fmt.Errorf("%w: not a version 2 or 3 pack", ErrCorrupt)
	case int(binary.BigEndian.Uint32(head[8:])) != p.idx.Count():
		return fmt.Errorf("%w: pack holds %d objects, its index %d", ErrCorrupt, binary.BigEndian.Uint32(head[8:]), p.idx.Count())
	case sum != p.idx.PackChecksum():
		return fmt.Errorf("%w: pack checksum differs from its index's", ErrCorrupt)
	}
	return nil
}

func (p *pack) close() error {
	err := p.idx.Close()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Pack entry types (gitformat-pack); 1-4 are plumbing's object types.
const (
	ofsDelta = 6
	refDelta = 7
)

// entry is the header of one pack entry.
type entry struct {
	kind plumbing.ObjectType // an object type, or ofsDelta/refDelta
	size int64               // inflated size of the data (of the delta, for deltas)
	base int64               // ofsDelta: offset of the base
	ref  plumbing.Hash       // refDelta: name of the base
}

func (e entry) isDelta() bool { return e.kind == ofsDelta || e.kind == refDelta }

// readBuffer is what a reader reads from the file at a time.
const readBuffer = 8 << 10

// reader reads one entry: header and zlib data come through one buffer,
// filled from the pack's windows. Readers are pooled with their
// decompressor, klauspost's zlib: it inflates git's streams a fifth
// faster than the standard library's (reading a bufio.Reader without an
// interface call a byte), with the same bytes and the same errors for a
// bad header or checksum (TestInflateAgreesWithStdlib).
type reader struct {
	br *bufio.Reader
	wr windowReader // what br reads
	zr io.ReadCloser
}

// at positions a pooled reader at off; the caller puts it back.
func (p *pack) at(off int64) (*reader, error) {
	if off < 12 || off >= p.size-20 {
		return nil, fmt.Errorf("%w: offset %d outside %s", ErrCorrupt, off, p.name)
	}
	r := p.readers.Get().(*reader)
	r.wr = p.entryReader(off)
	r.br.Reset(&r.wr)
	return r, nil
}

// put gives a reader back, with the window it holds.
func (p *pack) put(r *reader) {
	r.wr.done()
	p.readers.Put(r)
}

// entryAt reads the header of the entry at off, leaving r at its data.
func (p *pack) entryAt(r *reader, off int64) (entry, error) {
	c, err := r.br.ReadByte()
	if err != nil {
		return entry{}, fmt.Errorf("read entry at %d of %s: %w", off, p.name, err)
	}
	e := entry{kind: plumbing.ObjectType((c >> 4) & 7), size: int64(c & 15)}
	for shift := 4; c&0x80 != 0; shift += 7 {
		if shift > 56 {
			return entry{}, fmt.Errorf("%w: entry size at %d of %s overflows", ErrCorrupt, off, p.name)
		}
		if c, err = r.br.ReadByte(); err != nil {
			return entry{}, fmt.Errorf("read entry at %d of %s: %w", off, p.name, err)
		}
		e.size |= int64(c&0x7f) << shift
	}
	switch e.kind {
	case plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject:
		return e, nil
	case ofsDelta:
		back, err := readBaseDistance(r.br)
		if err != nil || back <= 0 || back >= off {
			return entry{}, fmt.Errorf("%w: delta base at %d of %s", ErrCorrupt, off, p.name)
		}
		e.base = off - back
		return e, nil
	case refDelta:
		if _, err := io.ReadFull(r.br, e.ref[:]); err != nil {
			return entry{}, fmt.Errorf("read entry at %d of %s: %w", off, p.name, err)
		}
		return e, nil
	default:
		return entry{}, fmt.Errorf("%w: entry type %d at %d of %s", ErrCorrupt, e.kind, off, p.name)
	}
}

// readBaseDistance decodes an OFS_DELTA's distance back to its base: big
// endian 7-bit groups where each continuation also adds one, so that no
// distance has two encodings.
func readBaseDistance(br io.ByteReader) (int64, error) {
	c, err := br.ReadByte()
	if err != nil {
		return 0, err
	}
	d := int64(c & 0x7f)
	for c&0x80 != 0 {
		if d >= 1<<55 {
			return 0, ErrCorrupt
		}
		if c, err = br.ReadByte(); err != nil {
			return 0, err
		}
		d = ((d + 1) << 7) | int64(c&0x7f)
	}
	return d, nil
}

// read returns the header and the inflated data of the entry at off.
func (p *pack) read(off int64) (entry, []byte, error) {
	r, err := p.at(off)
	if err != nil {
		return entry{}, nil, err
	}
	defer p.put(r)
	e, err := p.entryAt(r, off)
	if err != nil {
		return entry{}, nil, err
	}
	data, err := r.inflate(e.size, e.size)
	if err != nil {
		return entry{}, nil, fmt.Errorf("inflate entry at %d of %s: %w", off, p.name, err)
	}
	return e, data, nil
}

// header returns the entry at off and, for a delta, the size of the object
// it makes (read from the first bytes of the delta).
func (p *pack) header(off int64) (e entry, objectSize int64, err error) {
	r, err := p.at(off)
	if err != nil {
		return entry{}, 0, err
	}
	defer p.put(r)
	if e, err = p.entryAt(r, off); err != nil || !e.isDelta() {
		return e, e.size, err
	}
	head, err := r.inflate(e.size, min(e.size, 20))
	if err != nil {
		return entry{}, 0, fmt.Errorf("inflate entry at %d of %s: %w", off, p.name, err)
	}
	_, rest := uvarint(head)
	target, rest := uvarint(rest)
	if rest == nil {
		return entry{}, 0, fmt.Errorf("%w: delta header at %d of %s", ErrCorrupt, off, p.name)
	}
	return e, int64(target), nil
}

// uvarint decodes a delta header's little-endian size; rest is nil when
// the bytes end first.
func uvarint(b []byte) (v uint64, rest []byte) {
	for i, shift := 0, 0; i < len(b) && shift < 64; i, shift = i+1, shift+7 {
		v |= uint64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, b[i+1:]
		}
	}
	return 0, nil
}

// bigObject is the size above which data is grown as it inflates instead
// of allocated up front, so a corrupt size cannot ask for terabytes.
const bigObject = 64 << 20

// inflate decompresses want of the entry's size bytes of zlib data from the
// reader's position; when want is size it also checks the stream ends there
// (which checks its Adler-32).
func (r *reader) inflate(size, want int64) ([]byte, error) {
	if r.zr == nil {
		zr, err := zlib.NewReader(r.br)
		if err != nil {
			return nil, err
		}
		r.zr = zr
	} else if err := r.zr.(zlib.Resetter).Reset(r.br, nil); err != nil {
		return nil, err
	}
	var data []byte
	if want <= bigObject {
		data = make([]byte, want)
		if _, err := io.ReadFull(r.zr, data); err != nil {
			return nil, err
		}
	} else {
		var buf bytes.Buffer
		if _, err := io.Copy(&buf, io.LimitReader(r.zr, want)); err != nil {
			return nil, err
		}
		if data = buf.Bytes(); int64(len(data)) != want {
			return nil, io.ErrUnexpectedEOF
		}
	}
	if want < size {
		return data, nil
	}
	var one [1]byte
	if n, err := r.zr.Read(one[:]); n != 0 || err != io.EOF {
		if err == nil || err == io.EOF {
			err = fmt.Errorf("%w: data longer than its header's %d bytes", ErrCorrupt, size)
		}
		return nil, err
	}
	return data, nil
}
