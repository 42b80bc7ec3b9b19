package store

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// WriterLockFile is the file, in the store, that the writer (a run of
// init, update or gc) holds an flock on; while held it names the writer.
const WriterLockFile = "writer.lock"

// Writer is the process holding the store's writer lock.
type Writer struct {
	PID   int       `json:"pid"`
	Since time.Time `json:"since"`
}

// MarkWriter writes this process and the time into a writer lock file its
// caller has just locked, so status can say "update running since …".
func MarkWriter(f *os.File, now time.Time) error {
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("mark writer lock: %w", err)
	}
	if _, err := f.WriteAt([]byte(fmt.Sprintf("%d %s\n", os.Getpid(), now.UTC().Format(time.RFC3339))), 0); err != nil {
		return fmt.Errorf("mark writer lock: %w", err)
	}
	return nil
}

// UnmarkWriter empties the lock file before its lock is released.
func UnmarkWriter(f *os.File) error {
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
