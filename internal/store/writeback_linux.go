//go:build linux

package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback starts writing n bytes of f from off to disk and returns
// without waiting (sync_file_range). It is advice: an error changes
// nothing, the sync that follows writes what it did not.
func startWriteback(f *os.File, off, n int64) {
	_ = unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
