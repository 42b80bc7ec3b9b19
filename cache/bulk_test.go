package cache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/lgraph/lgraph/internal/membudget"
)

// bulkValue is an incompressible value for key i, so that the writes fill
// memtables as an init's facts do.
func bulkValue(i int) string {
	var s string
	for j := 0; len(s) < 2048; j++ {
		sum := sha256.Sum256(fmt.Appendf(nil, "%d/%d", i, j))
		s += hex.EncodeToString(sum[:])
	}
	return s
}

// openBulk opens a cache for bulk loading in a new directory, with 1 MB
// memtables: many small level-0 tables from a small test. The directory
// holds one value first, so that the run writes through badger (a bulk
// run on an empty cache spills its values instead: spill_test.go).
func openBulk(t *testing.T) (context.Context, string, *Cache) {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "cache")
	seedCache(t, dir)
	sizes := membudget.FromMB(64).Cache()
	sizes.MemTable = 1 << 20
	c, err := OpenWith(ctx, dir, false, OpenOptions{Sizes: sizes, Bulk: true})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, dir, c
}

// seedValue is what seedCache puts under "seed".
const seedValue = "a value written before the run"

// seedCache puts one value into the cache in dir, so that a bulk run
// opening it finds it not empty.
func seedCache(t *testing.T, dir string) {
	t.Helper()
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put("seed", seedValue); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// levelTables counts the tables of each level of c's database.
func levelTables(c *Cache) map[int]int {
	out := map[int]int{}
	for _, l := range c.db.Levels() {
		out[l.Level] = l.NumTables
	}
	return out
}

// TestBulkWritesSettleIntoOneLevel: a cache opened for bulk loading builds
// no table but memtable flushes while open (level 0 grows past what
// compactors would let wait), and Close merges level 0 down, so the next
// open finds every value and nothing left in level 0.
func TestBulkWritesSettleIntoOneLevel(t *testing.T) {
	ctx, dir, c := openBulk(t)
	const n = 16000 // about 64 MB of values: some 40 memtables of 1 MB
	for i := range n {
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if l0 := levelTables(c)[0]; l0 <= level0Tables {
		t.Errorf("bulk writes left %d level-0 tables, want more than %d (compaction ran)", l0, level0Tables)
	}
	checkSettled(ctx, t, c, dir, n, 997)
}

// checkSettled closes a bulk run's cache and reopens it: level 0 must be
// empty and every step-th of its n values readable.
func checkSettled(ctx context.Context, t *testing.T, c *Cache, dir string, n, step int) {
	t.Helper()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := Open(ctx, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if levels := levelTables(c); levels[0] != 0 {
		t.Errorf("after a bulk run's close level 0 holds %d tables, want 0 (levels %v)", levels[0], levels)
	}
	for i := 0; i < n; i += step {
		var v string
		if found, err := c.Get(fmt.Sprintf("k%05d", i), &v); err != nil || !found || v != bulkValue(i) {
			t.Fatalf("value %d after settling: found=%v err=%v", i, found, err)
		}
	}
}

// TestFewLargeBulkTablesSettle: a bulk run whose level 0 holds fewer tables
// than compactors let wait, but more bytes than one table of the normal
// size, settles them too. Otherwise the update that brings level 0 to
// level0Tables merges them all (at 100,000 files, 88 MB in 16 tables: 4.5 s
// of one update's CPU).
func TestFewLargeBulkTablesSettle(t *testing.T) {
	ctx, dir, c := openBulk(t)
	const n = 6000 // about 13 MB of values: a dozen memtables of 1 MB
	for i := range n {
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	for _, l := range c.db.Levels() {
		if l.Level == 0 && (l.NumTables > level0Tables || l.Size <= settleBytes) {
			t.Fatalf("bulk writes left %d level-0 tables of %d bytes, want at most %d tables holding more than %d bytes", l.NumTables, l.Size, level0Tables, settleBytes)
		}
	}
	checkSettled(ctx, t, c, dir, n, 499)
}

// TestFinishSettlesBesideTheRun: Finish commits the batched writes and
// settles a bulk run's level 0 on a goroutine of its own, without waiting;
// once it is called a read is a miss and a write an error (the database is
// being closed under them), and Close brings the settled database back
// with every value, level 0 empty.
func TestFinishSettlesBesideTheRun(t *testing.T) {
	ctx, dir, c := openBulk(t)
	const n = 16000
	for i := range n { // not flushed: Finish must commit them
		if err := c.PutLater(fmt.Sprintf("k%05d", i), bulkValue(i)); err != nil {
			t.Fatal(err)
		}
	}
	c.Finish()
	c.Finish() // a second call changes nothing
	var v string
	if found, err := c.Get("k00000", &v); found || err != nil {
		t.Errorf("Get after Finish: found=%v err=%v, want a miss", found, err)
	}
	if err := c.Put("late", "x"); !errors.Is(err, ErrFinished) {
		t.Errorf("Put after Finish: %v, want ErrFinished", err)
	}
	if err := c.PutLater("late", "x"); !errors.Is(err, ErrFinished) {
		t.Errorf("PutLater after Finish: %v, want ErrFinished", err)
	}
	checkSettled(ctx, t, c, dir, n, 997)
	c, err := Open(ctx, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if found, _ := c.Get("late", &v); found {
		t.Error("a write after Finish reached the database")
	}
}
