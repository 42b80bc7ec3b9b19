package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lgraph/lgraph/internal/errcode"
)

// WriterLockFile is the file, in the store, that the writer (a run of
// init, update or gc) holds an flock on; while held it names the writer.
const WriterLockFile = "writer.lock"

// ErrBusy reports that another writer holds the store's writer lock.
var ErrBusy = errcode.Sentinel(errcode.Busy, "another lgraph update is running on this store")

// Writer is the process holding the store's writer lock.
type Writer struct {
	PID   int       `json:"pid"`
	Since time.Time `json:"since"`
}

// WriterLock is the store's writer lock, held: only its holder writes the
// cache, the ledger and published snapshots. Readers never take it.
type WriterLock struct {
	f *os.File
}

// LockWriter takes the writer lock of the store in dir: an flock the
// kernel releases when the process dies, so a killed writer never leaves
// the store locked. With wait set it retries while another process holds
// it, until ctx is done; otherwise a held lock is ErrBusy at once.
func LockWriter(ctx context.Context, dir string, wait bool) (*WriterLock, error) {
	f, err := os.OpenFile(filepath.Join(dir, WriterLockFile), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock store %s: %w", dir, err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			if err := markWriter(f, time.Now()); err != nil {
				f.Close()
				return nil, err
			}
			return &WriterLock{f: f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("lock store %s: %w", dir, err)
		}
		if !wait {
			f.Close()
			return nil, ErrBusy
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("%w (gave up waiting: %v)", ErrBusy, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Unlock empties the lock file, so no reader takes this process for a
// writer, then releases the lock.
func (l *WriterLock) Unlock() error {
	uerr := unmarkWriter(l.f)
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("unlock store: %w", err)
	}
	return uerr
}

// markWriter writes this process and the time into a writer lock file its
// caller has just locked, so status can say "update running since …".
func markWriter(f *os.File, now time.Time) error {
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("mark writer lock: %w", err)
	}
	if _, err := f.WriteAt([]byte(fmt.Sprintf("%d %s\n", os.Getpid(), now.UTC().Format(time.RFC3339))), 0); err != nil {
		return fmt.Errorf("mark writer lock: %w", err)
	}
	return nil
}

// unmarkWriter empties the lock file before its lock is released.
func unmarkWriter(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("unmark writer lock: %w", err)
	}
	return nil
}

// Writer returns the process running a write on the store now, or nil.
// A writer killed before it could empty the file is recognized as gone by
// its process id.
func (s *Store) Writer() *Writer {
	data, err := os.ReadFile(s.path(WriterLockFile))
	if err != nil {
		return nil
	}
	pidText, since, ok := strings.Cut(strings.TrimSpace(string(data)), " ")
	if !ok {
		return nil
	}
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return nil
	}
	t, err := time.Parse(time.RFC3339, since)
	if err != nil {
		return nil
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return nil
	}
	return &Writer{PID: pid, Since: t}
}
