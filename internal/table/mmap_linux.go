//go:build linux

package table

import (
	"fmt"
	"os"
	"syscall"
)

// mmapFile maps f read-only. The mapping outlives f, which the caller may
// close; the returned function unmaps it.
//
// The mapping is advised random: a lookup touches one 16 KiB block, and
// the kernel otherwise maps (and on a miss reads) the pages around every
// fault, so that an update's point lookups into a 900 MB table held
// 150 MB of it resident where 100 MB were never read. Scans ask for their
// read-ahead themselves (willNeed).
func mmapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("cannot map %d bytes", size)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap %s: %w", f.Name(), err)
	}
	// Advice only: a kernel that refuses it reads as before.
	_ = syscall.Madvise(mem, syscall.MADV_RANDOM)
	return mem, func() error { return syscall.Munmap(mem) }, nil
}

// willNeed asks the kernel to read mem[off:end] in now, as its read-ahead
// would for a sequential reader of a mapping not advised random. madvise
// takes whole pages: off is rounded down to one.
func willNeed(mem []byte, off, end uint64) {
	off &^= uint64(os.Getpagesize() - 1)
	_ = syscall.Madvise(mem[off:end], syscall.MADV_WILLNEED)
}
