package cache

import (
	"context"
	"path/filepath"
	"testing"
)

// TestFreshCacheMissesWithoutBadger: a cache opened empty answers a key it
// never wrote without reading badger, still finds what it wrote (batched
// or put, before and after the batch commits), and once reopened holding
// something asks badger again.
func TestFreshCacheMissesWithoutBadger(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	var v string
	for _, k := range []string{"facts/a", "facts/b", "blob/c"} {
		if found, err := c.Get(k, &v); err != nil || found {
			t.Fatalf("get %s from an empty cache: found=%v err=%v", k, found, err)
		}
	}
	if n := c.reads.Load(); n != 0 {
		t.Fatalf("an empty cache read badger %d times for keys it never wrote", n)
	}
	if err := c.PutLater("facts/a", "A"); err != nil {
		t.Fatal(err)
	}
	if err := c.Put("facts/b", "B"); err != nil {
		t.Fatal(err)
	}
	if found, _ := c.Get("facts/b", &v); !found || v != "B" {
		t.Fatalf("get facts/b after Put: %q found=%v", v, found)
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if found, _ := c.Get("facts/a", &v); !found || v != "A" {
		t.Fatalf("get facts/a after PutLater and Flush: %q found=%v", v, found)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	c, err = Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if found, _ := c.Get("facts/a", &v); !found || v != "A" {
		t.Fatalf("get facts/a after reopening: %q found=%v", v, found)
	}
	if found, _ := c.Get("blob/c", &v); found {
		t.Fatal("blob/c found after reopening")
	}
	if n := c.reads.Load(); n != 2 {
		t.Fatalf("a cache holding keys read badger %d times for 2 gets, want 2", n)
	}
}

// TestScratchOfFreshCacheSeesItsWrites: a dry run's view of a fresh cache
// finds what it wrote itself and misses the rest.
func TestScratchOfFreshCacheSeesItsWrites(t *testing.T) {
	c, err := Open(context.Background(), filepath.Join(t.TempDir(), "cache"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := c.Scratch()
	if err := s.PutLater("k", "v"); err != nil {
		t.Fatal(err)
	}
	var v string
	if found, _ := s.Get("k", &v); !found || v != "v" {
		t.Fatalf("scratch get: %q found=%v", v, found)
	}
	if found, _ := c.Get("k", &v); found {
		t.Fatal("the cache found what only its scratch view wrote")
	}
}
