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

// adviseRandom tells the kernel that mem is read at random: a fault on a
// page not in the page cache reads that page, not the pages after it. A
// fault on a cached page still maps the cached pages around it (fault-
// around, 64 KB), which this advice does not turn off; DropResident lets
// them go.
func adviseRandom(mem []byte) { _ = syscall.Madvise(mem, syscall.MADV_RANDOM) }

// dropResident unmaps the pages of mem the process has touched; the next
// read of one faults it in again from the page cache (or the file). A
// read-only mapping of a file loses nothing by it.
func dropResident(mem []byte) { _ = syscall.Madvise(mem, syscall.MADV_DONTNEED) }
