package snapshot

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
)

// spillFile is an append-only unlinked file of a scratch directory: what a
// full run holds for every file until it publishes (references, packed
// records) is written there as it is made and read back by offset, so it
// costs the heap a span per file instead of its bytes. Unlinked at once, its
// space goes back when it is closed or the process dies: a killed run leaves
// nothing behind.
//
// Appends gather in a buffer written out when full, and a read of what is
// still there copies it from the buffer: a phase reads one record and sets
// another in turn, and flushing before each read cost a write per record.
//
// A full buffer is written without the lock held: the appender that filled
// it takes it out (a flight, which reads copy from until it is in the
// file) and writes it at its place while the other workers append and
// read on. Written under the lock, each write call held every other worker
// of a 100,000-file init waiting for it (docs/measurements.md, "Stop 54").
//
// Append and ReadAt are safe for concurrent use.
type spillFile struct {
	name    string // what the errors call it
	mu      sync.Mutex
	file    *os.File
	written int64    // bytes in the file or in flights to it
	pending []byte   // appended after them, not yet taken out to be written
	flights []flight // buffers being written, at most one or two per appender
	spare   []byte   // a written buffer, to gather appends in again; nil: none
	err     error
	// writeAt writes at an offset of the file (file.WriteAt); a test
	// holds a write up with it.
	writeAt func(b []byte, off int64) (int, error)
}

// flight is a buffer being written at off, out of the lock.
type flight struct {
	off int64
	buf []byte
}

// spillBuffer is how much a spill file gathers before it writes.
const spillBuffer = 1 << 20

// span is where one entry lies in a spill file.
type span struct {
	off int64
	n   int64
}

func newSpillFile(dir, name string) (*spillFile, error) {
	f, err := os.CreateTemp(dir, ".spill-*")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	_ = os.Remove(f.Name())
	return &spillFile{name: name, file: f, pending: make([]byte, 0, spillBuffer), writeAt: f.WriteAt}, nil
}

// Append writes b at the end of the file and returns where it lies.
func (s *spillFile) Append(b []byte) (span, error) {
	s.mu.Lock()
	if err := s.err; err != nil {
		s.mu.Unlock()
		return span{}, err
	}
	sp := span{s.written + int64(len(s.pending)), int64(len(b))}
	if len(s.pending)+len(b) <= spillBuffer {
		s.pending = append(s.pending, b...)
		s.mu.Unlock()
		return sp, nil
	}
	// Flights are told apart by their offsets, so none is empty: an
	// empty buffer is not taken out before a large b.
	var full, big flight
	if len(s.pending) > 0 {
		full = s.takePending()
	}
	if len(b) > spillBuffer {
		big = s.takeOff(b) // b itself, written before Append returns: it is the caller's
	} else {
		s.pending = append(s.pending, b...)
	}
	s.mu.Unlock()
	for _, f := range []flight{full, big} {
		if f.buf != nil {
			s.write(f)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return sp, s.err
}

// takePending takes the gathered bytes out as a flight and gathers in a
// spare buffer from then on; the caller holds mu and writes the flight.
func (s *spillFile) takePending() flight {
	f := s.takeOff(s.pending)
	if s.spare != nil {
		s.pending, s.spare = s.spare[:0], nil
	} else {
		s.pending = make([]byte, 0, spillBuffer)
	}
	return f
}

// takeOff places b at the end of the file as a flight; the caller holds
// mu and writes it (write).
func (s *spillFile) takeOff(b []byte) flight {
	f := flight{off: s.written, buf: b}
	s.written += int64(len(b))
	s.flights = append(s.flights, f)
	return f
}

// write writes a flight at its place without the lock, then ends it: its
// bytes are read from the file from then on, and its buffer is reused.
func (s *spillFile) write(f flight) {
	n, err := s.writeAt(f.buf, f.off)
	if err == nil && n < len(f.buf) {
		err = io.ErrShortWrite
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flights = slices.DeleteFunc(s.flights, func(g flight) bool { return g.off == f.off })
	if err != nil && s.err == nil {
		s.err = fmt.Errorf("%s: write at %d: %w", s.name, f.off, err)
	}
	if cap(f.buf) == spillBuffer && s.spare == nil {
		s.spare = f.buf
	}
}

// inFile is the offset below which every byte is in the file; the caller
// holds mu.
func (s *spillFile) inFile() int64 {
	end := s.written
	for _, f := range s.flights {
		end = min(end, f.off)
	}
	return end
}

// fromMemory copies sp out of the pending buffer or a flight when it lies
// there, and reports whether it did; the caller holds mu. A span lies
// wholly in one of them or wholly in the file.
func (s *spillFile) fromMemory(sp span, buf []byte) bool {
	if sp.off >= s.written {
		copy(buf, s.pending[sp.off-s.written:])
		return true
	}
	for _, f := range s.flights {
		if at := sp.off - f.off; at >= 0 && at < int64(len(f.buf)) {
			copy(buf, f.buf[at:])
			return true
		}
	}
	return false
}

// ReadAt reads the bytes of sp into buf (grown when it is short) and
// returns them.
func (s *spillFile) ReadAt(sp span, buf []byte) ([]byte, error) {
	if int64(cap(buf)) < sp.n {
		buf = make([]byte, sp.n)
	}
	buf = buf[:sp.n]
	s.mu.Lock()
	if err := s.err; err != nil {
		s.mu.Unlock()
		return nil, err
	}
	if s.fromMemory(sp, buf) {
		s.mu.Unlock()
		return buf, nil
	}
	s.mu.Unlock()
	// ReadAt fails only on a short read; an end of file right after the
	// last byte is no error.
	if n, err := s.file.ReadAt(buf, sp.off); n < len(buf) {
		return nil, fmt.Errorf("%s: read at %d: %w", s.name, sp.off, err)
	}
	return buf, nil
}

// spillWindows are stretches of a spill file read at once (readAhead),
// one for each reader going through the file at its own place: a full
// run's workers resolve runs of files in turn, each a little behind or
// ahead of the other, and a record's sections lie in as many stretches
// as phases wrote them (sectionSpans).
type spillWindows struct {
	mu   sync.Mutex
	w    [8]spillWindow
	used int // a count of the reads: when each window was last used
}

// spillWindow is the file's bytes from off on; buf is empty where the
// window only marks where a read alone started.
type spillWindow struct {
	off  int64
	buf  []byte
	used int
}

// windowSize is how much readAhead reads at once.
const windowSize = 256 << 10

// readAhead is ReadAt for a caller that reads spans
// mostly in the order they were appended: a span just past one of the
// windows (within two windows of its start) is read with the bytes after
// it into that window, and one inside a window is copied from there. A
// full run sets each file's references aside as it is parsed and reads
// them back in the same order to resolve the file, and a read call per
// file cost 0.8 s of CPU of a 100,000-file resolution. A span elsewhere
// is read alone, as ReadAt reads it, and the least used window marks
// where it ends, so reads at random cost what they did.
func (s *spillFile) readAhead(sp span, ws *spillWindows, buf []byte) ([]byte, error) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.used++
	var next *spillWindow // the window sp lies just past
	lru := &ws.w[0]
	for i := range ws.w {
		w := &ws.w[i]
		at := sp.off - w.off
		if at >= 0 && at+sp.n <= int64(len(w.buf)) {
			w.used = ws.used
			return copySpan(buf, w.buf[at:at+sp.n]), nil
		}
		if at >= int64(len(w.buf)) && at < 2*windowSize && next == nil {
			next = w
		}
		if w.used < lru.used {
			lru = w
		}
	}
	s.mu.Lock()
	written := s.inFile()
	s.mu.Unlock()
	if next == nil || sp.off+sp.n > written || sp.n > windowSize {
		lru.off, lru.buf, lru.used = sp.off+sp.n, lru.buf[:0], ws.used
		return s.ReadAt(sp, buf)
	}
	// sp lies wholly in the file: so do the bytes up to written.
	n := min(windowSize, written-sp.off)
	if cap(next.buf) < windowSize {
		next.buf = make([]byte, windowSize)
	}
	next.off, next.buf, next.used = sp.off, next.buf[:n], ws.used
	if got, err := s.file.ReadAt(next.buf, sp.off); got < len(next.buf) {
		next.buf = next.buf[:0]
		return nil, fmt.Errorf("%s: read at %d: %w", s.name, sp.off, err)
	}
	return copySpan(buf, next.buf[:sp.n]), nil
}

// copySpan copies b into buf, grown when it is short, and returns it.
func copySpan(buf, b []byte) []byte {
	if cap(buf) < len(b) {
		buf = make([]byte, len(b))
	}
	buf = buf[:len(b)]
	copy(buf, b)
	return buf
}

// Size is the number of bytes appended.
func (s *spillFile) Size() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written + int64(len(s.pending))
}

// Close releases the file (nil: nothing to release).
func (s *spillFile) Close() error {
	if s == nil {
		return nil
	}
	return s.file.Close()
}
