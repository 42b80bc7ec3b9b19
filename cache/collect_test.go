package cache

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && (strings.HasSuffix(e.Name(), ".sst") || strings.HasSuffix(e.Name(), ".vlog")) {
			n += fi.Size()
		}
	}
	return n
}

// TestDeleteCompact: deleted entries stop taking disk space once the cache
// is compacted, and the others are intact.
func TestDeleteCompact(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	value := strings.Repeat("x", 2000)
	var dead []string
	for i := range 2000 {
		key := fmt.Sprintf("facts/v1/go/%05d", i)
		if err := c.PutLater(key, value+key); err != nil {
			t.Fatal(err)
		}
		if i%10 != 0 {
			dead = append(dead, key)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	full := dirSize(t, dir)
	if c, err = Open(context.Background(), dir, false); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(dead); err != nil {
		t.Fatal(err)
	}
	if err := c.Compact(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := c.Entries(func(e Entry) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	var got string
	found, err := c.Get("facts/v1/go/00010", &got)
	if cerr := c.Close(); err == nil {
		err = cerr
	}
	if err != nil || !found || got != value+"facts/v1/go/00010" || n != 200 {
		t.Fatalf("after delete: %d entries, kept entry found=%v (%v); want 200 and the value", n, found, err)
	}
	after := dirSize(t, dir)
	t.Logf("tables and value logs: %d bytes, %d after deleting 90%% and compacting", full, after)
	if after*3 > full {
		t.Fatalf("tables and value logs: %d bytes before deleting 90%%, %d after compaction", full, after)
	}
}

// TestScratch: a scratch view reads the cache and keeps its writes.
func TestScratch(t *testing.T) {
	c, err := Open(context.Background(), filepath.Join(t.TempDir(), "cache"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Put("paid", "real"); err != nil {
		t.Fatal(err)
	}
	s := c.Scratch()
	var v string
	if found, err := s.Get("paid", &v); err != nil || !found || v != "real" {
		t.Fatalf("scratch read of the cache: %q %v %v", v, found, err)
	}
	if err := s.Put("paid", "placeholder"); err != nil {
		t.Fatal(err)
	}
	if err := s.PutLater("new", "made up"); err != nil {
		t.Fatal(err)
	}
	if found, _ := s.Get("paid", &v); !found || v != "placeholder" {
		t.Fatalf("scratch does not see its own write: %q", v)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if found, _ := c.Get("paid", &v); !found || v != "real" {
		t.Fatalf("a scratch write reached the cache: %q", v)
	}
	if found, _ := c.Get("new", &v); found {
		t.Fatal("a scratch batch reached the cache")
	}
	if err := s.Delete([]string{"paid"}); err == nil {
		t.Fatal("delete through a scratch view succeeded")
	}
	if err := s.Close(); err == nil {
		t.Fatal("closing a scratch view succeeded")
	}
}
