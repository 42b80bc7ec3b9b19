package cache

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/lgraph/lgraph/internal/goroutines"
	"github.com/lgraph/lgraph/internal/membudget"
)

// TestPutLaterWritesOffTheCaller: the parse workers of an init call
// PutLater for every file, and badger's commits (each waits for the one
// before to reach the log and memtable) left a core idle when they ran on
// the workers. The values must be written by the queue's goroutine, and
// every one be there after Flush and after Close.
func TestPutLaterWritesOffTheCaller(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	seedCache(t, dir) // an empty cache's bulk run spills instead
	sizes := membudget.Default.Cache()
	sizes.BatchBytes = 4 << 10 // many commits
	c, err := OpenWith(context.Background(), dir, false, OpenOptions{Sizes: sizes, Bulk: true})
	if err != nil {
		t.Fatal(err)
	}
	const n = 2000
	value := func(i int) string { return fmt.Sprintf("value %d of a cached fact, long enough to fill batches", i) }
	for i := range n {
		if err := c.PutLater(fmt.Sprintf("k/%05d", i), value(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	writer, _ := c.later.writer.Load().(string)
	if writer == "" || writer == goroutines.Current() {
		t.Errorf("PutLater's values were written on %q, the caller's goroutine is %q: want a goroutine of the cache's own", writer, goroutines.Current())
	}
	check := func(when string, n int) {
		t.Helper()
		for i := range n {
			var v string
			if found, err := c.Get(fmt.Sprintf("k/%05d", i), &v); err != nil || !found || v != value(i) {
				t.Fatalf("%s: k/%05d = %q found=%v err=%v", when, i, v, found, err)
			}
		}
	}
	check("after Flush", n)
	for i := n; i < 2*n; i++ {
		if err := c.PutLater(fmt.Sprintf("k/%05d", i), value(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if c, err = Open(context.Background(), dir, false); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	check("after Close", 2*n)
}
