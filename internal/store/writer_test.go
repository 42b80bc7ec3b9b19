package store

import (
	"context"
	"errors"
	"os"
	"testing"
)

func TestWriterLock(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	if w := s.Writer(); w != nil {
		t.Fatalf("writer %+v before any lock", w)
	}
	l, err := LockWriter(context.Background(), s.Dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if w := s.Writer(); w == nil || w.PID != os.Getpid() {
		t.Fatalf("writer %+v while locked, want this process", w)
	}
	// flock locks belong to an open file, so a second open in this
	// process is refused as another process's would be.
	if _, err := LockWriter(context.Background(), s.Dir, false); !errors.Is(err, ErrBusy) {
		t.Fatalf("second writer: %v, want ErrBusy", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LockWriter(ctx, s.Dir, true); !errors.Is(err, ErrBusy) {
		t.Fatalf("second writer waiting with a done context: %v, want ErrBusy", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if w := s.Writer(); w != nil {
		t.Fatalf("writer %+v after unlock", w)
	}
	l, err = LockWriter(context.Background(), s.Dir, false)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
}
