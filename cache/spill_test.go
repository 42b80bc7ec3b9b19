package cache

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/lgraph/lgraph/internal/membudget"
)

// openBulkEmpty opens a cache for bulk loading in a new, empty directory.
func openBulkEmpty(t *testing.T) (string, *Cache) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := OpenWith(context.Background(), dir, false, OpenOptions{Sizes: membudget.FromMB(64).Cache(), Bulk: true})
	if err != nil {
		t.Fatal(err)
	}
	if c.spill == nil {
		t.Fatal("a bulk run on an empty cache has no spill")
	}
	return dir, c
}

// wantValue fails unless c holds want under key.
func wantValue(t *testing.T, c *Cache, key, want string) {
	t.Helper()
	var v string
	if found, err := c.Get(key, &v); err != nil || !found || v != want {
		t.Fatalf("%s = %.20q (found=%v err=%v), want %.20q", key, v, found, err, want)
	}
}

// wantMiss fails if c holds anything under key.
func wantMiss(t *testing.T, c *Cache, key string) {
	t.Helper()
	var v string
	if found, err := c.Get(key, &v); found || err != nil {
		t.Fatalf("%s: found=%v err=%v, want a miss", key, found, err)
	}
}

// spillExists reports whether the cache in dir has a spill file.
func spillExists(t *testing.T, dir string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join(dir, spillName))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

// TestBulkRunOnAnEmptyCacheSpills: an init's facts are kept in the spill
// while it runs (read back when asked for, a later value winning, Put's
// too), are misses once the run is finished with the cache, and are all in
// the database the next open finds, where later writes override them.
func TestBulkRunOnAnEmptyCacheSpills(t *testing.T) {
	dir, c := openBulkEmpty(t)
	const n = 3000
	for i := range n {
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	wantValue(t, c, "k02999", bulkValue(2999)) // still in the writer's buffer
	if err := c.PutLater("k00007", "a later value"); err != nil {
		t.Fatal(err)
	}
	if err := c.Put("answer", "a paid answer"); err != nil {
		t.Fatal(err)
	}
	wantValue(t, c, "k00007", "a later value")
	wantValue(t, c, "answer", "a paid answer")
	wantValue(t, c.Scratch(), "k00010", bulkValue(10))
	wantMiss(t, c, "never written")
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if !spillExists(t, dir) {
		t.Fatal("no spill file while the run goes on")
	}
	c.Finish()
	wantMiss(t, c, "k00001")
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if spillExists(t, dir) {
		t.Error("the spill file outlived the run")
	}

	c = reopen(t, dir)
	for i := 0; i < n; i += 97 {
		if i != 7 {
			wantValue(t, c, fmt.Sprintf("k%05d", i), bulkValue(i))
		}
	}
	wantValue(t, c, "k00007", "a later value")
	wantValue(t, c, "answer", "a paid answer")
	if err := c.Put("k00001", "an update's value"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = reopen(t, dir)
	defer c.Close()
	wantValue(t, c, "k00001", "an update's value")
}

func reopen(t *testing.T, dir string) *Cache {
	t.Helper()
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSpillIsStreamedIntoTheBottomLevel: the spill's values reach the
// database as tables of its bottom level, none through its memtables (whose
// flush, then the settle's merge, would put them there later).
func TestSpillIsStreamedIntoTheBottomLevel(t *testing.T) {
	_, c := openBulkEmpty(t)
	defer c.Close()
	for i := range 10000 { // about 20 MB of values: more than one table of the normal size
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	c.dbMu.Lock()
	err := c.finishSpill()
	c.dbMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	levels := levelTables(c)
	bottom := len(c.db.Levels()) - 1
	for l, tables := range levels {
		if tables > 0 && l != bottom {
			t.Errorf("level %d holds %d tables, want every table in level %d (levels %v)", l, tables, bottom, levels)
		}
	}
	if levels[bottom] < 2 {
		t.Errorf("the bottom level holds %d tables, want the values in tables of the normal size (levels %v)", levels[bottom], levels)
	}
}

// TestSpillGoesThroughBatchesWhenTheStreamIsRefused: badger's StreamWriter
// refuses a database whose memtables hold anything; the spill's values
// must then reach it through write batches.
func TestSpillGoesThroughBatchesWhenTheStreamIsRefused(t *testing.T) {
	dir, c := openBulkEmpty(t)
	for i := range 500 {
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	err := c.db.Update(func(txn *badger.Txn) error { return txn.Set([]byte("beside"), []byte(`"written past the cache"`)) })
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = reopen(t, dir)
	defer c.Close()
	for i := 0; i < 500; i += 7 {
		wantValue(t, c, fmt.Sprintf("k%05d", i), bulkValue(i))
	}
	wantValue(t, c, "beside", "written past the cache")
}

// TestStoppedRunsSpillIsTakenIn: a run killed after a phase flushed its
// spill leaves the file; the next open writes its whole records into the
// database, up to a record cut short or garbled, and deletes the file.
func TestStoppedRunsSpillIsTakenIn(t *testing.T) {
	for _, tail := range []struct {
		name string
		add  func(w *bufio.Writer)
	}{
		{"cut short", func(w *bufio.Writer) {
			w.Write(binary.AppendUvarint(binary.AppendUvarint(nil, 3), 40))
			w.WriteString(`key"part of a value`)
		}},
		{"garbled", func(w *bufio.Writer) {
			w.Write(binary.AppendUvarint(binary.AppendUvarint(nil, 3), 2))
			w.WriteString(`bad""` + "\x00\x00\x00\x00")
		}},
	} {
		t.Run(tail.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "cache")
			reopen(t, dir).Close() // an empty database
			s, err := newBulkSpill(dir)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				if err := s.put(fmt.Sprintf("k%d", i), fmt.Appendf(nil, "%q", fmt.Sprint("value ", i))); err != nil {
					t.Fatal(err)
				}
			}
			tail.add(s.w)
			tail.add(s.w) // records after a bad one are not read either
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			s.f.Close() // the process dies here

			c := reopen(t, dir)
			defer c.Close()
			for i := range 3 {
				wantValue(t, c, fmt.Sprintf("k%d", i), fmt.Sprint("value ", i))
			}
			wantMiss(t, c, "key")
			wantMiss(t, c, "bad")
			if spillExists(t, dir) {
				t.Error("the spill file was left after its records were taken in")
			}
		})
	}
}

// TestSpillEachReadsTheMappedFile: each gives every value back, in the
// order asked, from the sealed file mapped or read, and a value said to
// lie past the file's end is an error, not a read of other memory.
func TestSpillEachReadsTheMappedFile(t *testing.T) {
	s, err := newBulkSpill(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.remove()
	want := map[string]string{}
	for i := range 500 {
		key, val := fmt.Sprintf("k/%03d", i), bulkValue(i)
		if err := s.put(key, []byte(val)); err != nil {
			t.Fatal(err)
		}
		want[key] = val
	}
	values, err := s.seal()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = s.each(values, func(key, val []byte) error {
		if want[string(key)] != string(val) {
			return fmt.Errorf("value of %s: %.20q, want %.20q", key, val, want[string(key)])
		}
		n++
		return nil
	})
	if err != nil || n != len(want) {
		t.Fatalf("each: %v, %d of %d values", err, n, len(want))
	}
	past := []spilledValue{{key: []byte("k/past"), at: spillSpan{off: s.end - 2, n: 10}}}
	if err := s.each(past, func(_, _ []byte) error { return nil }); err == nil {
		t.Fatal("a value past the end of the file was read")
	}
}
