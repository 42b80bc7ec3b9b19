package cache

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/lgraph/lgraph/internal/store"
)

// TestOpenAfterKillLeftEmptyValueLog reproduces what a SIGKILL can leave:
// a value-log or memtable file created but not yet sized. Badger alone refuses to
// open such a directory; Open must repair it and keep the data.
func TestOpenAfterKillLeftEmptyValueLog(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	seedCache(t, dir)
	for _, name := range []string{"000099.vlog", "00099.mem"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatalf("open after an empty value log was left: %v", err)
	}
	defer c.Close()
	wantValue(t, c, "seed", seedValue)
}

func TestSecondWriterIsBusy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := Open(context.Background(), dir, false); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("second open: %v, want store.ErrBusy", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Open(ctx, dir, true); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("second open with a done context: %v, want store.ErrBusy", err)
	}
}

// TestStoredBytesCountsWhatIsStored: StoredBytes grows with what is put
// (a value over badger's 1 MB threshold goes to the value log) and leaves
// out the value-log file an open cache preallocates.
func TestStoredBytesCountsWhatIsStored(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	stored := func() int64 {
		t.Helper()
		c, err := Open(context.Background(), dir, false)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		n, err := c.StoredBytes()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	empty := stored()
	if empty > 1<<20 {
		t.Fatalf("an empty cache stores %d bytes: the preallocated value log was counted", empty)
	}
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 3<<20)
	for i := range big {
		big[i] = byte('a' + i*7919%26)
	}
	if err := c.Put("facts/v/python/big", string(big)); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if got := stored(); got < empty+3<<20 || got > empty+8<<20 {
		t.Fatalf("after a 3 MB value the cache stores %d bytes (empty: %d)", got, empty)
	}
}
