// Package cache is lgraph's content-addressed cache of derived facts, kept in
// badger. Only a writer (init/update) opens it; readers never do, so a
// running update cannot lock a query out.
package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"

	"github.com/lgraph/lgraph/internal/membudget"
	"github.com/lgraph/lgraph/internal/store"
)

// Cache is an open badger database.
type Cache struct {
	db   *badger.DB
	opts badger.Options
	lock *store.WriterLock // held while the cache is open
	// later batches cheap-to-recompute facts (PutLater) into few
	// transactions, on a goroutine of its own (started by the first
	// PutLater); Flush and Close commit it. mu guards later and scratch.
	mu         sync.Mutex
	later      *laterQueue
	batchBytes int // what a batch holds before it commits
	// normal are the settings the database settles under when it was
	// opened for bulk loading (see OpenOptions.Bulk); nil otherwise.
	normal *badger.Options
	// scratch, in a Scratch view, holds the view's writes instead of the
	// database.
	scratch map[string][]byte
	// health is shared with the scratch views: damage found reading, and
	// the damaged caches replaced.
	health *health
	// fresh, for a cache opened empty, answers misses without badger;
	// shared with the scratch views.
	fresh *freshKeys
	// spill, for a bulk run on a cache opened empty, holds PutLater's
	// values until the run finishes (see bulkSpill); shared with the
	// scratch views, which read it.
	spill *bulkSpill
	// reads counts the reads that reached badger (tests).
	reads *atomic.Int64
	// dbMu is held shared by each read and write of db and exclusively
	// by Finish's work, which closes it; sealed, set by Finish under it,
	// turns later reads into misses and writes into errors. finished
	// brings that work's error to Close.
	dbMu     sync.RWMutex
	sealed   bool
	finished chan error
}

// Open opens (creating if needed) the cache in dir. With wait set it retries
// while another process holds the store's writer lock, until ctx is done;
// otherwise a held lock is store.ErrBusy at once. A cache whose files are
// damaged is moved aside and a fresh one opened in its place; Replaced says
// so.
func Open(ctx context.Context, dir string, wait bool) (*Cache, error) {
	return OpenWith(ctx, dir, wait, OpenOptions{Sizes: membudget.Default.Cache()})
}

// OpenOptions size the database and say how it will be written.
type OpenOptions struct {
	Sizes membudget.Cache
	// Bulk opens it for a run that writes every file's facts (init, a
	// full update): no compaction runs while it is open, and Close merges
	// what was written into the bottom level in one pass (see bulkOptions).
	Bulk bool
}

// OpenWith is Open with the database sized and tuned by o.
func OpenWith(ctx context.Context, dir string, wait bool, o OpenOptions) (*Cache, error) {
	normal := badgerOptions(dir, o.Sizes)
	opts := normal
	if o.Bulk {
		opts = bulkOptions(normal)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("open cache %s: %w", dir, err)
	}
	// The cache lives in the store directory, whose writer lock it holds.
	lock, err := store.LockWriter(ctx, filepath.Dir(dir), wait)
	if err != nil {
		return nil, err
	}
	if err := removeEmptyValueLogs(dir); err != nil {
		lock.Unlock()
		return nil, err
	}
	db, replaced, err := openRepairing(opts)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	if err := ingestSpill(db, dir); err != nil {
		_ = db.Close()
		lock.Unlock()
		return nil, err
	}
	c := &Cache{db: db, opts: opts, lock: lock, health: &health{}, batchBytes: o.Sizes.BatchBytes,
		fresh: newFreshKeys(db), reads: new(atomic.Int64)}
	if o.Bulk {
		c.normal = &normal
	}
	if o.Bulk && c.fresh != nil {
		if c.spill, err = newBulkSpill(dir); err != nil {
			_ = db.Close()
			lock.Unlock()
			return nil, err
		}
	}
	if replaced != nil {
		c.health.replace = append(c.health.replace, *replaced)
	}
	return c, nil
}

// badgerOptions are the badger settings of a cache in dir. Block checksums are
// verified as blocks are read, so damage inside a table is an error (and
// a cache miss) rather than garbage.
//
// Every update flushes its few writes into one small level-0 table when it
// closes, and badger merges level 0 into level 1 (rewriting level 1, which
// holds most of the cache) once level0Tables wait: at badger's default of
// five, every fifth update paid that merge. At level0Tables it falls on
// one update in twenty, out of the slowest tenth (docs/measurements.md).
//
// Badger opens every table at every open, reading and checksumming its
// whole block index, and unmaps every table at close: a cost that grows
// with the cache, not with the run (at 100,000 files, 116 MB in 66 tables
// of badger's default 2 MiB, a third of a 1-file update's CPU). Blocks of
// 16 KiB instead of 4 KiB make the index a quarter the size (it lists each
// block's first key), and tables of 8 MiB a quarter as many; a read
// decompresses one 16 KiB block, microseconds. Tables written before keep
// their sizes until a compaction rewrites them (docs/measurements.md).
//
// The memtables and badger's caches are sized by the run's memory budget.
func badgerOptions(dir string, sizes membudget.Cache) badger.Options {
	return badger.DefaultOptions(dir).
		WithBlockSize(16 << 10).
		WithBaseTableSize(baseTableBytes).
		WithLogger(nil).
		WithNumVersionsToKeep(1).
		WithMemTableSize(sizes.MemTable).
		WithValueThreshold(valueThreshold(sizes.MemTable)).
		WithNumMemtables(2).
		WithValueLogFileSize(64 << 20).
		WithBlockCacheSize(sizes.BlockCache).
		WithIndexCacheSize(sizes.IndexCache).
		WithNumCompactors(2).
		WithNumLevelZeroTables(level0Tables).
		WithNumLevelZeroTablesStall(2 * level0Tables).
		WithCompactL0OnClose(false).
		WithChecksumVerificationMode(options.OnBlockRead)
}

// valueThreshold is badger's default (1 MiB: larger values go to the
// value log) unless the memtable is too small for it: badger refuses a
// threshold over 15% of a memtable, which a small budget's memtables are.
func valueThreshold(memTable int64) int64 {
	return min(1<<20, memTable/8)
}

// baseTableBytes is the size of the tables badger writes (see badgerOptions).
const baseTableBytes = 8 << 20

// level0Tables is how many level-0 tables wait before badger merges them
// into level 1 (see badgerOptions).
const level0Tables = 20

// bulkOptions are normal with compaction off, for a run that writes every
// file's facts. With compactors running, badger's first compactor merges
// the waiting level-0 tables into one whenever level 1 is busy, and it
// builds that table in a buffer of up to 256 MiB (its L0-to-L0 compaction
// sizes the output as unbounded), whatever the data's size: an earlier
// profile of spring-framework's init found those buffers the largest
// live allocation while parsing (docs/measurements.md). Without compactors the memtables flush into
// level 0 and nothing else is built until Close merges level 0 down in
// one pass, in tables of ordinary size. Reads meanwhile ask every
// level-0 table's bloom filter, which an init's few dozen tables afford.
// A killed bulk run leaves its tables in level 0 for the next run's
// compactors, which merge them as they merge any backlog.
//
// A bulk run on an empty cache streams its values into the bottom level
// (bulkSpill.streamInto), and badger's StreamWriter sizes the tables it
// writes there as the base size times the table multiplier once for every
// level but the first two: 256 MiB at the normal settings, each built in
// a buffer allocated at that size. A multiplier of one makes them the
// size the normal settings' compactions write.
func bulkOptions(normal badger.Options) badger.Options {
	o := normal.
		WithNumCompactors(0).
		WithNumLevelZeroTablesStall(math.MaxInt32)
	o.TableSizeMultiplier = 1
	return o
}

// removeEmptyValueLogs deletes value-log and memtable files too short to
// hold even their header. A process killed right after badger created the
// next one (before sizing it) leaves it empty, and badger then refuses to
// open the directory; such a file holds no write, so nothing is lost and
// nothing points into it. Only called with the writer lock held, so no
// live writer is creating one.
func removeEmptyValueLogs(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("open cache %s: %w", dir, err)
	}
	const vlogHeaderSize = 20 // badger's key id and base IV
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".vlog") && !strings.HasSuffix(e.Name(), ".mem") {
			continue
		}
		if fi, err := e.Info(); err == nil && fi.Size() < vlogHeaderSize {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("repair cache %s: %w", dir, err)
			}
		}
	}
	return nil
}

// Scratch returns a view that reads the cache but keeps its own writes in
// memory, for a dry run: it finds what earlier runs paid for, and what it
// makes up (placeholder summaries) never reaches a real run. Close the
// cache it came from, not the view.
func (c *Cache) Scratch() *Cache {
	return &Cache{db: c.db, opts: c.opts, lock: c.lock, scratch: map[string][]byte{}, health: c.health, fresh: c.fresh,
		spill: c.spill, reads: c.reads}
}

// Close flushes and closes the database, moves it aside if a read found it
// damaged, then releases the writer lock.
func (c *Cache) Close() error {
	if c.scratch != nil {
		return errors.New("close a scratch view: close the cache it came from")
	}
	defer func() { _ = c.lock.Unlock() }()
	var ferr error
	if c.finished != nil {
		ferr = <-c.finished
	} else {
		ferr = c.finishWrites()
	}
	var cerr error
	if c.db != nil {
		cerr = guard("close", c.db.Close)
	}
	if d := c.health.pending(); d != nil {
		// What was written since is lost with it: the published graph
		// holds what the run needed, and the rest is recomputed.
		return moveAside(d)
	}
	if cerr != nil {
		return fmt.Errorf("close cache: %w", cerr)
	}
	return ferr
}

// Finish starts, on a goroutine of its own, what Close does first: the
// batched writes committed and, after a bulk run, level 0 merged into the
// bottom level (settle). A run calls it once its phases are done and it
// uses the cache no more, so that the merge (about 2 s at 100,000 files)
// runs beside the publishing instead of after it; Close waits for it. A
// read after Finish is a miss and a write an error (ErrFinished).
func (c *Cache) Finish() {
	if c.scratch != nil || c.finished != nil {
		return
	}
	c.dbMu.Lock()
	c.sealed = true
	c.dbMu.Unlock()
	done := make(chan error, 1)
	c.finished = done
	go func() { done <- c.finishWrites() }()
}

// ErrFinished is a write to a cache after Finish.
var ErrFinished = errors.New("cache written after the run finished with it")

// finishWrites commits the batched writes, writes the spill's values in,
// and settles a bulk run's database.
func (c *Cache) finishWrites() error {
	err := c.stopLater()
	c.dbMu.Lock()
	defer c.dbMu.Unlock()
	if serr := c.finishSpill(); err == nil {
		err = serr
	}
	if err == nil && c.normal != nil && c.usable() {
		err = c.settle()
	}
	return err
}

// hurt records damage a read or write met, so Close moves the files aside;
// the call that met it then sees a miss (reads) or nothing (writes): the
// value is computed again, and a damaged cache keeps nothing new.
func (c *Cache) hurt(err error) {
	c.health.note(c.opts.Dir, err)
}

// usable reports whether the database still takes reads and writes.
func (c *Cache) usable() bool { return c.health.pending() == nil }

// PutLater stores v under key in a batch that Flush commits: for facts that
// are cheap to compute again, where one transaction per value would cost
// more than the work it saves. A kill before Flush loses only those. The
// value is encoded here; badger's writes happen on the queue's goroutine
// (see laterQueue), and an error writing it is returned by the next Flush.
func (c *Cache) PutLater(key string, v any) error {
	val, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("cache put %s: %w", key, err)
	}
	return c.PutLaterBytes(key, val)
}

// PutLaterBytes is PutLater for a value the caller encoded itself, for
// facts stored by the hundred thousand, where JSON's encoding costs more
// than the caller's own. Read it back with GetDecoded; the cache keeps
// val, which the caller must not change afterwards.
func (c *Cache) PutLaterBytes(key string, val []byte) error {
	c.dbMu.RLock()
	sealed := c.sealed
	c.dbMu.RUnlock()
	if sealed {
		return fmt.Errorf("cache put %s: %w", key, ErrFinished)
	}
	if c.spill != nil && c.scratch == nil {
		c.fresh.wrote(key)
		if err := c.spill.put(key, val); err != nil {
			return fmt.Errorf("cache put %s: %w", key, err)
		}
		return nil
	}
	q := c.laterQueue(key, val)
	if q == nil {
		return nil
	}
	c.fresh.wrote(key)
	q.put(key, val)
	return nil
}

// laterQueue returns the queue PutLater hands val to, started on first
// use; nil when the value is kept otherwise (a scratch view) or not at
// all (a damaged cache).
func (c *Cache) laterQueue(key string, val []byte) *laterQueue {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.scratch != nil {
		c.scratch[key] = val
		return nil
	}
	if !c.usable() {
		return nil
	}
	if c.later == nil {
		c.later = newLaterQueue(c)
	}
	return c.later
}

// Flush commits what PutLater batched; a bulk run's spill is written to
// its file, where a killed run leaves it for the next open.
func (c *Cache) Flush() error {
	if c.spill != nil && c.scratch == nil {
		return c.spill.flush()
	}
	c.mu.Lock()
	q := c.later
	c.mu.Unlock()
	if q == nil {
		return nil
	}
	return q.flush()
}

// stopLater commits what PutLater batched and ends the queue's goroutine.
func (c *Cache) stopLater() error {
	c.mu.Lock()
	q := c.later
	c.later = nil
	c.mu.Unlock()
	if q == nil {
		return nil
	}
	return q.stop()
}

// Get decodes the JSON value under key into v; found is false when absent.
// A read that meets damaged files, or a value that does not decode (the
// cache wrote it as JSON, so its bytes were damaged since), is a miss: the
// value is computed again.
func (c *Cache) Get(key string, v any) (found bool, err error) {
	return c.GetDecoded(key, func(val []byte) error { return json.Unmarshal(val, v) })
}

// GetDecoded is Get for a value PutLaterBytes stored: decode reads the
// bytes, which it may keep (they are its own copy). A value decode
// refuses is damage and a miss, as for Get.
func (c *Cache) GetDecoded(key string, decode func(val []byte) error) (found bool, err error) {
	if val, ok := c.scratched(key); ok {
		return true, decode(val)
	}
	if c.fresh.absent(key) {
		return false, nil
	}
	raw, err := c.read(key)
	if err != nil || raw == nil {
		return false, nil
	}
	if err := decode(raw); err != nil {
		c.hurt(damaged("the value of %s does not decode: %v", key, err))
		return false, nil
	}
	return true, nil
}

// read returns the bytes under key, nil when absent: from this run's spill
// when it holds them, else from badger. Any failure of badger to read is
// damage: it is recorded (see hurt) and returned.
func (c *Cache) read(key string) ([]byte, error) {
	c.dbMu.RLock()
	defer c.dbMu.RUnlock()
	if c.sealed {
		return nil, ErrFinished
	}
	if c.spill != nil {
		if val, err := c.spill.get(key); val != nil || err != nil {
			return val, err
		}
	}
	if !c.usable() {
		return nil, ErrDamaged
	}
	c.reads.Add(1)
	var out []byte
	err := guard("read "+key, func() error {
		return c.db.View(func(txn *badger.Txn) error {
			item, err := txn.Get([]byte(key))
			if errors.Is(err, badger.ErrKeyNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			out, err = item.ValueCopy(nil)
			return err
		})
	})
	if err != nil {
		if !errors.Is(err, ErrDamaged) {
			err = damaged("read %s: %v", key, err)
		}
		c.hurt(err)
		return nil, err
	}
	return out, nil
}

// Put stores v as JSON under key, durably enough to survive the process.
func (c *Cache) Put(key string, v any) error {
	val, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("cache put %s: %w", key, err)
	}
	if c.scratch != nil {
		c.mu.Lock()
		c.scratch[key] = val
		c.mu.Unlock()
		return nil
	}
	c.dbMu.RLock()
	defer c.dbMu.RUnlock()
	if c.sealed {
		return fmt.Errorf("cache put %s: %w", key, ErrFinished)
	}
	if !c.usable() {
		return nil
	}
	c.fresh.wrote(key)
	if c.spill != nil {
		return c.putSpilled(key, val)
	}
	err = guard("put "+key, func() error {
		return c.db.Update(func(txn *badger.Txn) error { return txn.Set([]byte(key), val) })
	})
	if errors.Is(err, ErrDamaged) {
		c.hurt(err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("cache put %s: %w", key, err)
	}
	return nil
}

func (c *Cache) scratched(key string) ([]byte, bool) {
	if c.scratch == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	val, ok := c.scratch[key]
	return val, ok
}

// Size returns the bytes the database takes on disk (LSM and value log).
func (c *Cache) Size() int64 {
	c.dbMu.RLock()
	defer c.dbMu.RUnlock()
	if c.db == nil {
		return 0
	}
	lsm, vlog := c.db.Size()
	return lsm + vlog
}
