package odb

import (
	"fmt"
	"io"
	"sync"
)

// A pack read in order is read through a few windows, aligned spans of
// the file kept in memory, as git maps its packs: a tree's blobs sit in
// the pack in the order a walk lists them (git writes objects as it
// walks), and a full run reads them in that order from every worker at
// once, so one read of a window serves the next hundred entries where a
// read of each entry was a pread of its own (a fifth of what reading a
// blob cost). An entry far from the last one read (lookups in hash order,
// an update's few files) is read by itself as before: a window for each
// would read and allocate eight times what the entry needs.
const (
	windowSize  = 64 << 10
	windowSlots = 4 // per pack: the workers' shared position, and delta bases elsewhere
	windowCopy  = 2 << 10
	// nearby is how close to the last entry read an entry must be to
	// read a window for it: the workers of a full run read entries a few
	// hundred bytes apart, lookups in hash order seldom come this close.
	nearby = 16 << 10
)

// windows keeps a pack's most recently used windows. Their bytes never
// change once read, so a reader keeps using a window it holds after the
// window leaves the set.
type windows struct {
	mu    sync.Mutex
	slots [windowSlots]window
	clock int64 // counts uses, to find the least recently used slot
	last  int64 // offset of the entry read last
	reads int64 // windows read from the file, for tests
}

type window struct {
	start int64 // file offset of data[0]
	data  []byte
	used  int64
}

// entryReader returns where a reader of the entry at off reads from: a
// window when one holds off or the last entry read was near, else the
// file itself.
func (p *pack) entryReader(off int64) windowReader {
	w := &p.windows
	w.mu.Lock()
	near := off > w.last-nearby && off < w.last+nearby
	w.last = off
	data, start, ok := w.lookupLocked(off)
	w.mu.Unlock()
	switch {
	case ok:
		return windowReader{p: p, pos: off, buf: data[off-start:]}
	case near:
		return windowReader{p: p, pos: off}
	}
	return windowReader{p: p, pos: off, direct: true}
}

// lookupLocked returns the window holding pos, if one does.
func (w *windows) lookupLocked(pos int64) ([]byte, int64, bool) {
	start := pos &^ (windowSize - 1)
	for i := range w.slots {
		if s := &w.slots[i]; s.data != nil && s.start == start {
			w.clock++
			s.used = w.clock
			return s.data, start, true
		}
	}
	return nil, 0, false
}

// window returns the window holding pos of p's entry data (the file
// before its trailing checksum) and the file offset where it starts.
func (p *pack) window(pos int64) ([]byte, int64, error) {
	w := &p.windows
	start := pos &^ (windowSize - 1)
	w.mu.Lock()
	data, _, ok := w.lookupLocked(pos)
	w.mu.Unlock()
	if ok {
		return data, start, nil
	}
	// Read outside the lock: the other workers go on with the windows
	// they have. Two that miss the same window both read it; one is kept.
	data = make([]byte, min(windowSize, p.size-20-start))
	if _, err := p.f.ReadAt(data, start); err != nil {
		return nil, 0, fmt.Errorf("read %s at %d: %w", p.name, start, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.clock++
	w.reads++
	oldest := 0
	for i := range w.slots {
		if s := &w.slots[i]; s.data != nil && s.start == start {
			s.used = w.clock
			return s.data, start, nil
		}
		if w.slots[i].used < w.slots[oldest].used {
			oldest = i
		}
	}
	w.slots[oldest] = window{start: start, data: data, used: w.clock}
	return data, start, nil
}

// windowReader reads a pack's entry data from pos on, window by window
// or (direct) from the file, up to the trailing checksum.
type windowReader struct {
	p      *pack
	pos    int64  // file offset of buf[0]
	buf    []byte // what is left of the current window
	direct bool
}

func (r *windowReader) Read(dst []byte) (int, error) {
	end := r.p.size - 20
	if len(r.buf) == 0 && r.direct {
		if r.pos >= end {
			return 0, io.EOF
		}
		dst = dst[:min(int64(len(dst)), end-r.pos)]
		n, err := r.p.f.ReadAt(dst, r.pos)
		r.pos += int64(n)
		if err == io.EOF && n > 0 {
			err = nil
		}
		return n, err
	}
	if len(r.buf) == 0 {
		if r.pos >= end {
			return 0, io.EOF
		}
		data, start, err := r.p.window(r.pos)
		if err != nil {
			return 0, err
		}
		r.buf = data[r.pos-start:]
	}
	// A copy as small as most entries: bufio asks for its whole buffer,
	// which a direct read fills in one pread but a window would copy
	// for nothing.
	n := copy(dst[:min(len(dst), windowCopy)], r.buf)
	r.buf = r.buf[n:]
	r.pos += int64(n)
	return n, nil
}
