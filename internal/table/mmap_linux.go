//go:build linux

package table

import (
	"fmt"
	"os"
	"syscall"
)

// mmapFile maps f read-only. The mapping outlives f, which the caller may
// close; the returned function unmaps it.
func mmapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("cannot map %d bytes", size)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap %s: %w", f.Name(), err)
	}
	return mem, func() error { return syscall.Munmap(mem) }, nil
}
