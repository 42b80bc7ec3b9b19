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
// would read eight times what the entry needs.
const (
	windowSize  = 64 << 10
	windowSlots = 4 // per pack: the workers' shared position, and delta bases elsewhere
	windowCopy  = 2 << 10
	// nearby is how close to the last entry read an entry must be to
	// read a window for it: the workers of a full run read entries a few
	// hundred bytes apart, lookups in hash order seldom come this close.
	nearby = 16 << 10
)

// windows keeps a pack's most recently used windows. A window's buffer is
// used again for another span once no reader holds it (a fresh one for
// each span was most of what reading it cost, in a process with a large
// heap): readers count themselves in and out.
type windows struct {
	mu    sync.Mutex
	slots [windowSlots]*window
	spare []byte // a buffer no reader holds, for the next span
	clock int64  // counts uses, to find the least recently used slot
	last  int64  // offset of the entry read last
	reads int64  // windows read from the file, for tests
}

type window struct {
	start   int64 // file offset of data[0]
	data    []byte
	used    int64
	readers int  // readers holding the window
	evicted bool // out of the slots: its buffer is spare when the last reader goes
}

// entryReader returns where a reader of the entry at off reads from: a
// window when one holds off or the last entry read was near, else the
// file itself.
func (p *pack) entryReader(off int64) windowReader {
	w := &p.windows
	w.mu.Lock()
	defer w.mu.Unlock()
	near := off > w.last-nearby && off < w.last+nearby
	w.last = off
	if win := w.holdLocked(off); win != nil {
		return windowReader{p: p, pos: off, win: win, buf: win.data[off-win.start:]}
	}
	return windowReader{p: p, pos: off, direct: !near}
}

// holdLocked returns the window holding pos, counting the caller as one
// of its readers, or nil.
func (w *windows) holdLocked(pos int64) *window {
	start := pos &^ (windowSize - 1)
	for _, s := range w.slots {
		if s != nil && s.start == start {
			w.clock++
			s.used = w.clock
			s.readers++
			return s
		}
	}
	return nil
}

// release counts a reader out of win.
func (w *windows) release(win *window) {
	if win == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.releaseLocked(win)
}

func (w *windows) releaseLocked(win *window) {
	win.readers--
	if win.readers == 0 && win.evicted {
		w.spare = win.data
	}
}

// window returns the window holding pos of p's entry data (the file
// before its trailing checksum), counting the caller as one of its
// readers.
func (p *pack) window(pos int64) (*window, error) {
	w := &p.windows
	start := pos &^ (windowSize - 1)
	w.mu.Lock()
	if win := w.holdLocked(pos); win != nil {
		w.mu.Unlock()
		return win, nil
	}
	buf := w.spare
	w.spare = nil
	w.mu.Unlock()
	// Read outside the lock: the other workers go on with the windows
	// they have. Two that miss the same window both read it; one is kept.
	n := min(windowSize, p.size-20-start)
	if int64(cap(buf)) < n {
		buf = make([]byte, windowSize)
	}
	buf = buf[:n]
	if _, err := p.f.ReadAt(buf, start); err != nil {
		return nil, fmt.Errorf("read %s at %d: %w", p.name, start, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reads++
	if win := w.holdLocked(pos); win != nil {
		w.spare = buf
		return win, nil
	}
	w.clock++
	win := &window{start: start, data: buf, used: w.clock, readers: 1}
	oldest := 0
	for i, s := range w.slots {
		if s == nil {
			oldest = i
			break
		}
		if s.used < w.slots[oldest].used {
			oldest = i
		}
	}
	if old := w.slots[oldest]; old != nil {
		old.evicted = true
		if old.readers == 0 {
			w.spare = old.data
		}
	}
	w.slots[oldest] = win
	return win, nil
}

// windowReader reads a pack's entry data from pos on, window by window
// or (direct) from the file, up to the trailing checksum. It holds the
// window it reads until done.
type windowReader struct {
	p      *pack
	pos    int64   // file offset of buf[0]
	win    *window // held, or nil
	buf    []byte  // what is left of win
	direct bool
}

// done releases the window the reader holds.
func (r *windowReader) done() {
	if r.p != nil {
		r.p.windows.release(r.win)
	}
	*r = windowReader{}
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
		r.p.windows.release(r.win)
		r.win = nil
		win, err := r.p.window(r.pos)
		if err != nil {
			return 0, err
		}
		r.win, r.buf = win, win.data[r.pos-win.start:]
	}
	// A copy as small as most entries: bufio asks for its whole buffer,
	// which a direct read fills in one pread but a window would copy
	// for nothing.
	n := copy(dst[:min(len(dst), windowCopy)], r.buf)
	r.buf = r.buf[n:]
	r.pos += int64(n)
	return n, nil
}
