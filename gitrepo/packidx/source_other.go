//go:build !unix

package packidx

import "os"

// file reads an index through ReadAt where mmap is not available.
type file struct {
	f *os.File
	n int64
}

func openSource(path string) (source, error) {
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
