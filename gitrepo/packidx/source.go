package packidx

import "fmt"

// source is the bytes of one index file. On unix it is a read-only memory
// map, as git's own; elsewhere reads go through ReadAt. Either way a read
// copies only the few bytes asked for.
type source interface {
	// readAt fills dst from off, failing if the file is shorter.
	readAt(dst []byte, off int64) error
	size() int64
	close() error
}

func outOfRange(off int64, n int, size int64) error {
	return fmt.Errorf("%w: read of %d bytes at %d past the end (%d bytes)", ErrCorrupt, n, off, size)
}
