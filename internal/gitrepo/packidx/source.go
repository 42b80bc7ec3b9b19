package packidx

import (
	"fmt"
	"os"
)

// source is the bytes of one index file. On unix it is a read-only memory
// map, as git's own; elsewhere, or where mapping fails, reads go through
// ReadAt. Either way a read copies only the few bytes asked for.
type source interface {
	// readAt fills dst from off, failing if the file is shorter.
	readAt(dst []byte, off int64) error
	size() int64
	close() error
}

func outOfRange(off int64, n int, size int64) error {
	return fmt.Errorf("%w: read of %d bytes at %d past the end (%d bytes)", ErrCorrupt, n, off, size)
}

// file reads an index through ReadAt.
type file struct {
	f *os.File
	n int64
}

func openFile(path string) (source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &file{f: f, n: fi.Size()}, nil
}

func (s *file) readAt(dst []byte, off int64) error {
	if off < 0 || off > s.n-int64(len(dst)) {
		return outOfRange(off, len(dst), s.n)
	}
	_, err := s.f.ReadAt(dst, off)
	return err
}

func (s *file) size() int64 { return s.n }

func (s *file) close() error { return s.f.Close() }
