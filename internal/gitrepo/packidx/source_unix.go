//go:build unix

package packidx

import (
	"fmt"
	"os"
	"syscall"
)

type mapped struct{ data []byte }

func openSource(path string) (source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	n := fi.Size()
	if n == 0 {
		return &mapped{}, nil
	}
	if int64(int(n)) != n {
		return nil, fmt.Errorf("%w: %d bytes cannot be mapped", ErrCorrupt, n)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(n), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return openFile(path) // a file system that cannot map
	}
	return &mapped{data: data}, nil
}

func (m *mapped) readAt(dst []byte, off int64) error {
	if off < 0 || off > int64(len(m.data))-int64(len(dst)) {
		return outOfRange(off, len(dst), int64(len(m.data)))
	}
	copy(dst, m.data[off:])
	return nil
}

func (m *mapped) size() int64 { return int64(len(m.data)) }

func (m *mapped) close() error {
	if m.data == nil {
		return nil
	}
	data := m.data
	m.data = nil
	return syscall.Munmap(data)
}
