package freshness

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"golang.org/x/sys/unix"
)

// pendingHash is an indexed file that neither git's index nor the stat
// table vouches for: its bytes are hashed with the rest of its chunk's.
type pendingHash struct {
	file *indexedFile
	st   *unix.Stat_t
	sum  [32]byte
	err  error
}

// hashPending hashes the chunk's pending files on every CPU, as git's
// preload-index spreads its work, then judges each in path order.
func (w *worktree) hashPending() error {
	pending := w.pending
	w.pending = w.pending[:0]
	w.hashed += len(pending)
	forEach(len(pending), 4, func(i int) {
		h := &pending[i]
		h.sum, h.err = w.hashAt(h.file.path)
	})
	for i := range pending {
		h := &pending[i]
		p := h.file.path
		switch {
		case gone(h.err):
			w.markStale(p)
			continue
		case h.err != nil:
			return fmt.Errorf("freshness: read %s: %w", p, h.err)
		}
		w.cache.learn(p, h.st, fileFacts{Key: keyOf(h.st), HasSum: true, Sum: h.sum})
		same, err := w.sameSum(h.file, h.sum)
		if err != nil {
			return err
		}
		w.staleUnless(p, same)
	}
	return nil
}

// sameSum reports whether a file whose raw bytes hash to sum holds the
// indexed bytes, after git's clean conversion when they differ.
func (w *worktree) sameSum(want *indexedFile, sum [32]byte) (bool, error) {
	if !want.hasSum || sum == want.sum {
		return want.hasSum, nil
	}
	return w.sameConverted(want.path, want)
}

var readBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// hashAt returns the SHA-256 of a working-tree file's bytes. It opens and
// reads with plain system calls: os.Open would also try to register each
// file with the runtime's poller, which costs as much as the read of a
// small source file.
func (w *worktree) hashAt(p string) ([32]byte, error) {
	var sum [32]byte
	dirfd, name := unix.AT_FDCWD, w.top+"/"+p
	if w.topFD >= 0 {
		dirfd, name = w.topFD, p
	}
	fd, err := retryEINTR(func() (int, error) { return unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_CLOEXEC, 0) })
	if err != nil {
		return sum, err
	}
	defer unix.Close(fd)
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	h := sha256.New()
	for {
		n, err := retryEINTR(func() (int, error) { return unix.Read(fd, *bp) })
		if err != nil {
			return sum, err
		}
		if n == 0 {
			break
		}
		h.Write((*bp)[:n])
	}
	h.Sum(sum[:0])
	return sum, nil
}

func retryEINTR(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != unix.EINTR {
			return n, err
		}
	}
}
