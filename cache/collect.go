package cache

import (
	"errors"
	"fmt"
	"os"
	"strings"

	badger "github.com/dgraph-io/badger/v4"
)

// Entry is one cache key and the bytes its value takes.
type Entry struct {
	Key  string
	Size int64
}

// Entries calls fn for every key in the cache, in key order, without
// reading values (gc decides from keys alone which are live). Damaged
// files end the walk with an error wrapping ErrDamaged.
func (c *Cache) Entries(fn func(e Entry) error) error {
	c.dbMu.RLock()
	defer c.dbMu.RUnlock()
	if c.sealed {
		return ErrFinished
	}
	if !c.usable() {
		return ErrDamaged
	}
	var fnErr error // fn's own error, which is not damage
	err := guard("walk", func() error {
		return c.db.View(func(txn *badger.Txn) error {
			opts := badger.DefaultIteratorOptions
			opts.PrefetchValues = false
			it := txn.NewIterator(opts)
			defer it.Close()
			for it.Rewind(); it.Valid(); it.Next() {
				item := it.Item()
				e := Entry{Key: string(item.Key()), Size: int64(len(item.Key())) + item.ValueSize()}
				if fnErr = fn(e); fnErr != nil {
					return fnErr
				}
			}
			return nil
		})
	})
	switch {
	case fnErr != nil:
		return fnErr
	case err == nil:
		return nil
	case !errors.Is(err, ErrDamaged):
		err = damaged("walk: %v", err)
	}
	c.hurt(err)
	return err
}

// Value returns the raw (JSON) bytes under key, nil when absent; damaged
// files are an error wrapping ErrDamaged.
func (c *Cache) Value(key string) ([]byte, error) {
	out, err := c.read(key)
	if err != nil {
		return nil, fmt.Errorf("cache get %s: %w", key, err)
	}
	return out, nil
}

// Delete removes keys in batches; a key already gone is no error, and so
// is a damaged cache (it is moved aside whole when closed).
func (c *Cache) Delete(keys []string) error {
	if c.scratch != nil {
		return errors.New("delete from a scratch view")
	}
	c.dbMu.RLock()
	defer c.dbMu.RUnlock()
	if c.sealed {
		return ErrFinished
	}
	if !c.usable() {
		return nil
	}
	wb := c.db.NewWriteBatch()
	defer wb.Cancel()
	for _, k := range keys {
		if err := wb.Delete([]byte(k)); err != nil {
			return fmt.Errorf("cache delete %s: %w", k, err)
		}
	}
	err := guard("delete", wb.Flush)
	if errors.Is(err, ErrDamaged) {
		c.hurt(err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("cache delete: %w", err)
	}
	return nil
}

// Compact rewrites the database so deleted entries stop taking disk space.
// Badger drops a deleted key's bytes only when a compaction meets its
// tombstone, and Flatten does not see the memtable; so the database is
// closed (flushing the memtable into a table), flattened into one level by
// a session of its own (flattenAlone), reopened, and the value log drops
// what no key points to. The writer lock stays held throughout. Damage met
// on the way is recorded (Close moves the files aside), not returned.
func (c *Cache) Compact() error {
	if err := c.Flush(); err != nil || !c.usable() {
		return err
	}
	err := c.flattenAlone("compact")
	if err == nil {
		c.db, err = openDB(c.opts)
	}
	if err == nil {
		err = guard("compact", c.reclaimValueLog)
	}
	if errors.Is(err, ErrDamaged) {
		c.hurt(err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("compact cache: %w", err)
	}
	return nil
}

// flattenAlone closes the database, flattens it into one level in a
// session of its own, and leaves it closed. A compaction keeps every
// version newer than badger's discard timestamp, which a normal session
// takes from its read watermark; the watermark is set at open by a
// goroutine of badger's own, after the compactors start, so a compaction
// begun at once kept the deleted keys about one Compact in twenty-five
// (TestDeleteCompact). The session is therefore managed, with the discard
// timestamp set to the newest version before anything compacts, no
// background compactors, and one level-0 table allowed, which makes level
// 0 due even when no other level holds anything yet. Nothing is written
// in it, so the versions a normal session numbers next stay its own.
func (c *Cache) flattenAlone(step string) error {
	err := guard(step, c.db.Close)
	c.db = nil
	if err != nil {
		return err
	}
	db, err := openWith(badger.OpenManaged, flattenOptions(c.opts))
	if err != nil {
		return err
	}
	err = guard(step, func() error {
		db.SetDiscardTs(db.MaxVersion())
		return db.Flatten(2)
	})
	if cerr := guard(step, db.Close); err == nil {
		err = cerr
	}
	return err
}

// flattenOptions are opts for a session that only merges the levels: it
// writes nothing and reads each table once in key order, so its memtable
// and caches are the smallest badger takes. A bulk run's settle runs beside
// its publishing (Finish), at the run's memory peak: its own database at
// the normal sizes added 80 MB to a 20,000-file init's.
func flattenOptions(opts badger.Options) badger.Options {
	const small = 1 << 20
	return opts.WithNumLevelZeroTables(1).WithNumCompactors(0).
		WithMemTableSize(small).WithValueThreshold(valueThreshold(small)).
		WithBlockCacheSize(small).WithIndexCacheSize(small)
}

// reclaimValueLog rewrites value-log files until none is half dead.
func (c *Cache) reclaimValueLog() error {
	for {
		err := c.db.RunValueLogGC(0.5)
		if errors.Is(err, badger.ErrNoRewrite) || errors.Is(err, badger.ErrRejected) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("value log: %w", err)
		}
	}
}

// StoredBytes is what the cache's entries take on disk: its tables, and
// its value-log files but the newest, which this process opened and badger
// preallocated (so its size says little). Values over a megabyte (the facts
// of a very large file) live in the value log, the rest in the tables.
func (c *Cache) StoredBytes() (int64, error) {
	entries, err := os.ReadDir(c.opts.Dir)
	if err != nil {
		return 0, fmt.Errorf("list cache %s: %w", c.opts.Dir, err)
	}
	var n, newestLog int64
	newest := ""
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".sst") && !strings.HasSuffix(name, ".vlog") {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		n += fi.Size()
		// Value-log names are zero-padded numbers: the greatest is the newest.
		if strings.HasSuffix(name, ".vlog") && name > newest {
			newest, newestLog = name, fi.Size()
		}
	}
	return n - newestLog, nil
}

// ReclaimValueLog drops the value-log files whose values badger's own
// compactions found dead (values over a megabyte, deleted or replaced),
// rewriting what is live in them; cheap when there are none. Damage met on
// the way is recorded (Close moves the files aside), not returned.
func (c *Cache) ReclaimValueLog() error {
	if !c.usable() {
		return nil
	}
	err := guard("value log", c.reclaimValueLog)
	if errors.Is(err, ErrDamaged) {
		c.hurt(err)
		return nil
	}
	return err
}
