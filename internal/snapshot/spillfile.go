package snapshot

import (
	"bufio"
	"fmt"
	"os"
	"sync"
)

// spillFile is an append-only unlinked file of a scratch directory: what a
// full run holds for every file until it publishes (references, packed
// records) is written there as it is made and read back by offset, so it
// costs the heap a span per file instead of its bytes. Unlinked at once, its
// space goes back when it is closed or the process dies: a killed run leaves
// nothing behind.
//
// Append and ReadAt are safe for concurrent use.
type spillFile struct {
	name  string // what the errors call it
	mu    sync.Mutex
	file  *os.File
	w     *bufio.Writer
	size  int64
	dirty bool // w holds bytes not yet written to file
	err   error
}

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
	return &spillFile{name: name, file: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

// Append writes b at the end of the file and returns where it lies.
func (s *spillFile) Append(b []byte) (span, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return span{}, s.err
	}
	if _, err := s.w.Write(b); err != nil {
		s.err = fmt.Errorf("%s: %w", s.name, err)
		return span{}, s.err
	}
	sp := span{s.size, int64(len(b))}
	s.size += sp.n
	s.dirty = true
	return sp, nil
}

// ReadAt reads the bytes of sp into buf (grown when it is short) and
// returns them.
func (s *spillFile) ReadAt(sp span, buf []byte) ([]byte, error) {
	if err := s.flush(); err != nil {
		return nil, err
	}
	if int64(cap(buf)) < sp.n {
		buf = make([]byte, sp.n)
	}
	buf = buf[:sp.n]
	// ReadAt fails only on a short read; an end of file right after the
	// last byte is no error.
	if n, err := s.file.ReadAt(buf, sp.off); n < len(buf) {
		return nil, fmt.Errorf("%s: read at %d: %w", s.name, sp.off, err)
	}
	return buf, nil
}

// flush writes what Append buffered, so that it can be read back.
func (s *spillFile) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dirty && s.err == nil {
		if err := s.w.Flush(); err != nil {
			s.err = fmt.Errorf("%s: %w", s.name, err)
		}
		s.dirty = false
	}
	return s.err
}

// Size is the number of bytes appended.
func (s *spillFile) Size() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size
}

// Close releases the file (nil: nothing to release).
func (s *spillFile) Close() error {
	if s == nil {
		return nil
	}
	return s.file.Close()
}
