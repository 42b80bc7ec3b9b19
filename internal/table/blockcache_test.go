package table

import (
	"bytes"
	"errors"
	"sync/atomic"
	"testing"
)

// countingReaderAt counts the reads a Reader makes of its table.
type countingReaderAt struct {
	r     *bytes.Reader
	reads atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	c.reads.Add(1)
	return c.r.ReadAt(p, off)
}

// A lookup through an io.ReaderAt reads each block once: the next lookup
// in the same blocks (a Get, or a seek of an iterator) reads nothing,
// and answers alike.
func TestLookupsReuseBlocks(t *testing.T) {
	b, recs := smallTable(t)
	src := &countingReaderAt{r: bytes.NewReader(b)}
	r, err := Open(src, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range recs {
		first := readsOf(src, func() { checkGet(t, r, x) })
		if again := readsOf(src, func() { checkGet(t, r, x) }); again != 0 {
			t.Fatalf("Get(%q) again read %d blocks (first: %d), want 0", x.key, again, first)
		}
		if seek := readsOf(src, func() { checkSeek(t, r, x) }); seek != 0 {
			t.Fatalf("Iter from %q after a Get of it read %d blocks, want 0", x.key, seek)
		}
	}
}

// A damaged block is never kept: every lookup of it fails.
func TestDamagedBlockIsNotCached(t *testing.T) {
	b, recs := smallTable(t)
	b = bytes.Clone(b)
	b[0] ^= 0xff // the first data block, which holds the first key
	r, err := Open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, _, _, err := r.Get([]byte(recs[0].key)); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Get of a damaged block: %v, want ErrCorrupt", err)
		}
	}
}

func readsOf(c *countingReaderAt, f func()) int64 {
	before := c.reads.Load()
	f()
	return c.reads.Load() - before
}

func checkGet(t *testing.T, r *Reader, x rec) {
	t.Helper()
	v, found, deleted, err := r.Get([]byte(x.key))
	if err != nil || found != !x.tomb || deleted != x.tomb || string(v) != x.value {
		t.Fatalf("Get(%q) = %q found=%v deleted=%v err=%v, want %s", x.key, v, found, deleted, err, short(x))
	}
}

func checkSeek(t *testing.T, r *Reader, x rec) {
	t.Helper()
	it := r.Iter([]byte(x.key), nil)
	if !it.Next() || string(it.Key()) != x.key || string(it.Value()) != x.value || it.Deleted() != x.tomb {
		t.Fatalf("Iter from %q: first entry %q %q (err %v), want %s", x.key, it.Key(), it.Value(), it.Err(), short(x))
	}
}
