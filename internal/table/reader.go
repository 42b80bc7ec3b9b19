package table

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

// Reader reads one table. It is immutable once opened and safe for
// concurrent use; see the package comment for the lifetime of the values
// it returns.
type Reader struct {
	name    string
	mem     []byte      // the whole table when mapped or in memory, else nil
	ra      io.ReaderAt // used when mem is nil
	dataEnd uint64      // where the footer starts
	ft      footer
	root    block       // verified at Open, kept for every lookup
	checked blockSet    // blocks of mem already verified
	cache   *blockCache // blocks lookups read through ra; nil when mapped
	release func() error
	closed  bool
	// iters are iterators EachPrefix is done with, for the next to reuse.
	iters sync.Pool
}

// Open opens the table of size bytes readable through r. It reads the
// footer and the root index block, nothing else. If r has a Name method
// (an *os.File does), errors name it. Closing the Reader does not close r.
func Open(r io.ReaderAt, size int64) (*Reader, error) {
	name := "table"
	if n, ok := r.(interface{ Name() string }); ok {
		name = n.Name()
	}
	return open(&Reader{name: name, ra: r, cache: new(blockCache)}, size)
}

// OpenBytes opens a table held in memory; name is used in errors. Values
// alias b, which must not change while the Reader is in use.
func OpenBytes(name string, b []byte) (*Reader, error) {
	return open(&Reader{name: name, mem: b}, int64(len(b)))
}

// OpenMapped opens the table of size bytes at the start of f through a
// read-only mapping of f where the platform allows (else through f, as
// Open does). A lookup then reads its blocks in place: no read call, no
// buffer, and each block's checksum verified once. The mapping is advised
// random, so that a miss reads no more than the page it needs (though a
// fault maps the cached pages around it), and DropResident lets what
// lookups made resident go. Closing the Reader unmaps f; it does not
// close it.
func OpenMapped(f *os.File, size int64) (*Reader, error) {
	mem, unmap, err := mmapFile(f, size)
	if err != nil {
		return Open(f, size)
	}
	adviseRandom(mem)
	r, err := open(&Reader{name: f.Name(), mem: mem, release: unmap}, size)
	if err != nil {
		unmap()
	}
	return r, err
}

// DropResident lets go of the pages of a mapped table that reads have
// made resident in the process (they stay in the kernel's page cache, and
// a later read maps them again); a table not mapped holds none. Values
// read before stay valid. Safe beside reads.
func (r *Reader) DropResident() {
	if r.mem != nil && r.release != nil && !r.closed {
		dropResident(r.mem)
	}
}

// Mapped reports whether the table is read through a mapping of its file.
func (r *Reader) Mapped() bool { return r.mem != nil && r.release != nil }

// MapLimit is the largest table OpenFile maps. A read of a mapped page
// faults in the cached pages around it too (the kernel's fault-around, 64
// KB, which MADV_RANDOM does not turn off), so the point reads of an
// update or a query at 100,000 files left 150-190 MB of a 930 MB base
// resident where they read under 10 MB of it. A larger table is read
// through the file, block by block, with the block cache; a smaller one
// is resident whole at worst.
const MapLimit = 64 << 20

// OpenFile opens the table at path: memory-mapped read-only where the
// platform allows and the table is no larger than MapLimit, else read
// through the open file.
func OpenFile(path string) (*Reader, error) { return openFile(path, MapLimit) }

func openFile(path string, mapLimit int64) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open table: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open table: %w", err)
	}
	r := &Reader{name: path}
	if st.Size() > mapLimit {
		r.ra, r.release, r.cache = f, f.Close, new(blockCache)
	} else if mem, unmap, err := mmapFile(f, st.Size()); err == nil {
		f.Close()
		r.mem, r.release = mem, unmap
	} else {
		r.ra, r.release, r.cache = f, f.Close, new(blockCache)
	}
	out, err := open(r, st.Size())
	if err != nil && r.release != nil {
		r.release()
	}
	return out, err
}

func open(r *Reader, size int64) (*Reader, error) {
	if size < footerSize {
		return nil, r.errorf("%d bytes, shorter than a footer: %w", size, ErrCorrupt)
	}
	r.dataEnd = uint64(size) - footerSize
	buf, err := r.readAt(r.dataEnd, footerSize)
	if err != nil {
		return nil, err
	}
	if err := checkTail(buf[footerSize-tailSize:]); err != nil {
		return nil, r.errorf("%w", err)
	}
	if r.ft, err = decodeFooter(buf, r.dataEnd); err != nil {
		return nil, r.errorf("%w", err)
	}
	r.checked.n = r.ft.dataBlks + r.ft.indexBlks
	if buf, err = r.readAt(r.ft.root.off, r.ft.root.len); err != nil {
		return nil, err
	}
	if r.root, err = parseBlock(buf, true); err != nil {
		return nil, r.errorf("root block at %d: %w", r.ft.root.off, err)
	}
	if r.root.crc != r.ft.rootCRC {
		return nil, r.errorf("root block crc %08x, footer says %08x: %w", r.root.crc, r.ft.rootCRC, ErrCorrupt)
	}
	return r, nil
}

func (r *Reader) errorf(format string, args ...any) error {
	return fmt.Errorf("table %s: "+format, append([]any{r.name}, args...)...)
}

// Name returns the path or name the table was opened with.
func (r *Reader) Name() string { return r.name }

// Info returns the counts recorded in the table's footer.
func (r *Reader) Info() Info {
	return Info{
		Entries: r.ft.entries, Tombstones: r.ft.tombs,
		DataBlocks: r.ft.dataBlks, IndexBlocks: r.ft.indexBlks,
		Height: r.ft.height, Size: int64(r.dataEnd) + footerSize,
	}
}

// Close releases the mapping or file opened by OpenFile. Values returned
// by the Reader must not be used afterwards; reads return an error. Close
// must not run concurrently with reads.
func (r *Reader) Close() error {
	r.closed, r.root, r.cache = true, block{}, nil
	if r.release == nil {
		return nil
	}
	err := r.release()
	r.release, r.mem = nil, nil
	return err
}

func (r *Reader) readAt(off, n uint64) ([]byte, error) {
	if r.closed {
		return nil, r.errClosed()
	}
	if r.mem != nil {
		return r.mem[off : off+n : off+n], nil
	}
	buf := make([]byte, n)
	if err := r.readFull(buf, off); err != nil {
		return nil, err
	}
	return buf, nil
}

// readFull fills buf from offset off of the table's file.
func (r *Reader) readFull(buf []byte, off uint64) error {
	// ReadAt may report io.EOF along with a full read of the file's end.
	if got, err := r.ra.ReadAt(buf, int64(off)); got < len(buf) {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return r.errorf("read %d bytes at %d: %w", len(buf), off, err)
	}
	return nil
}

// readBlock reads the block at h, verifying its checksum unless a mapped
// block passed before (bytes read through io.ReaderAt are always new).
func (r *Reader) readBlock(h handle) (block, error) {
	if err := r.ft.checkHandle(h, r.dataEnd); err != nil {
		return block{}, r.errorf("%w", err)
	}
	buf, err := r.readAt(h.off, h.len)
	if err != nil {
		return block{}, err
	}
	known := r.mem != nil && r.checked.has(h.num)
	b, err := parseBlock(buf, !known)
	if err != nil {
		return block{}, r.errorf("block at %d: %w", h.off, err)
	}
	if r.mem != nil && !known {
		r.checked.add(h.num)
	}
	return b, nil
}

// child reads the block an index entry points to.
func (r *Reader) child(value []byte) (block, error) {
	h, err := r.handleOf(value)
	if err != nil {
		return block{}, err
	}
	return r.readBlock(h)
}

// handleOf decodes the block handle of an index entry's value.
func (r *Reader) handleOf(value []byte) (handle, error) {
	h, ok := decodeHandle(value)
	if !ok {
		return handle{}, r.errorf("bad block handle in index: %w", ErrCorrupt)
	}
	return h, nil
}

// A Stream reads a table chunkBudget/(2*tables) bytes at a time, within
// [minChunk, maxChunk], where tables is how many a View streams at once:
// a pass over the two hundred runs of a full run's index reads four
// default blocks at a time (a quarter of the reads it made block by block)
// and holds 6 MB of chunks over those runs, while a pass over one table (a
// full run's definition index, 240 MB at 100,000 files, copied into the
// snapshot) reads 256 KB at a time: at 16 KB its 15,000 reads were each a
// system call, about 10 µs on a virtual machine (docs/measurements.md,
// "Stop 55").
const (
	chunkBudget = 4 << 20
	minChunk    = 16 << 10
	maxChunk    = 256 << 10
)

// chunkFor is the chunk size of a Stream over tables tables at once.
func chunkFor(tables int) int {
	return min(max(chunkBudget/(2*max(tables, 1)), minChunk), maxChunk)
}

// chunks are a Stream's two read buffers: cur holds the chunk read last,
// starting at offset off[cur] of the table; size is how much it reads.
type chunks struct {
	buf  [2][]byte
	off  [2]uint64
	cur  int
	size uint64
}

// streamChild is child for a Stream: the data block comes out of the
// chunk read last if it lies within it, else out of a new chunk read into
// the other buffer, which the chunk before last held.
func (r *Reader) streamChild(value []byte, c *chunks) (block, error) {
	h, err := r.handleOf(value)
	if err != nil {
		return block{}, err
	}
	if err := r.ft.checkHandle(h, r.dataEnd); err != nil {
		return block{}, r.errorf("%w", err)
	}
	if r.closed {
		return block{}, r.errClosed()
	}
	k := c.cur
	if h.off < c.off[k] || h.off+h.len > c.off[k]+uint64(len(c.buf[k])) {
		k = 1 - k
		n := min(max(h.len, c.size), r.dataEnd-h.off)
		if uint64(cap(c.buf[k])) < n {
			c.buf[k] = make([]byte, n)
		}
		buf := c.buf[k][:n]
		if err := r.readFull(buf, h.off); err != nil {
			return block{}, err
		}
		c.buf[k], c.off[k], c.cur = buf, h.off, k
	}
	at := h.off - c.off[k]
	b, err := parseBlock(c.buf[k][at:at+h.len:at+h.len], true)
	if err != nil {
		return block{}, r.errorf("block at %d: %w", h.off, err)
	}
	return b, nil
}

// lookupChild is child for a lookup (Get, or an iterator's seek), which
// goes through the block cache: the next lookup likely reads the same
// blocks. isData says the child is a data block. A scan's next blocks are
// read past it, so that one pass over a table does not fill the cache with
// blocks no lookup asks for again.
func (r *Reader) lookupChild(value []byte, isData bool) (block, error) {
	if r.cache == nil {
		return r.child(value)
	}
	h, err := r.handleOf(value)
	if err != nil {
		return block{}, err
	}
	if b, ok := r.cache.get(h.num, isData); ok {
		return b, nil
	}
	b, err := r.readBlock(h)
	if err == nil {
		r.cache.put(h.num, isData, b)
	}
	return b, err
}

// Get looks key up. found reports a live value, deleted a tombstone; both
// are false when the table has no entry for key. The value may alias the
// table's mapping (see the package comment).
func (r *Reader) Get(key []byte) (value []byte, found, deleted bool, err error) {
	if r.closed {
		return nil, false, false, r.errClosed()
	}
	b := r.root
	for level := range r.ft.height {
		e, ok, _, err := b.seek(key)
		if !ok || err != nil {
			return nil, false, false, r.wrap(err)
		}
		if b, err = r.lookupChild(e.value, level == r.ft.height-1); err != nil {
			return nil, false, false, err
		}
	}
	e, _, eq, err := b.seek(key)
	if !eq || err != nil {
		return nil, false, false, r.wrap(err)
	}
	if e.tomb {
		return nil, false, true, nil
	}
	return e.value, true, false, nil
}

func (r *Reader) errClosed() error { return r.errorf("read after Close") }

// wrap names the table in a block decoding error; nil stays nil.
func (r *Reader) wrap(err error) error {
	if err == nil {
		return nil
	}
	return r.errorf("%w", err)
}

// Clone returns a copy of a value that outlives its Reader.
func Clone(value []byte) []byte { return bytes.Clone(value) }
