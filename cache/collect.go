package cache

import (
	"errors"
	"fmt"

	badger "github.com/dgraph-io/badger/v4"
)

// Entry is one cache key and the bytes its value takes.
type Entry struct {
	Key  string
	Size int64
}

// Entries calls fn for every key in the cache, in key order, without
// reading values (gc decides from keys alone which are live).
func (c *Cache) Entries(fn func(e Entry) error) error {
	return c.db.View(func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.PrefetchValues = false
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			e := Entry{Key: string(item.Key()), Size: int64(len(item.Key())) + item.ValueSize()}
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// Value returns the raw (JSON) bytes under key, nil when absent.
func (c *Cache) Value(key string) ([]byte, error) {
	var out []byte
	err := c.db.View(func(txn *badger.Txn) error {
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
	if err != nil {
		return nil, fmt.Errorf("cache get %s: %w", key, err)
	}
	return out, nil
}

// Delete removes keys in batches; a key already gone is no error.
func (c *Cache) Delete(keys []string) error {
	if c.scratch != nil {
		return errors.New("delete from a scratch view")
	}
	wb := c.db.NewWriteBatch()
	defer wb.Cancel()
	for _, k := range keys {
		if err := wb.Delete([]byte(k)); err != nil {
			return fmt.Errorf("cache delete %s: %w", k, err)
		}
	}
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("cache delete: %w", err)
	}
	return nil
}

// Compact rewrites the database so deleted entries stop taking disk space.
// Badger drops a deleted key's bytes only when a compaction into the last
// level meets its tombstone, and Flatten does not see the memtable; so the
// database is closed (flushing the memtable into a table), reopened and
// flattened into one level, and the value log drops what no key points to.
// The reopened database keeps that setting until Close; only gc uses it.
// The writer lock stays held throughout.
func (c *Cache) Compact() error {
	if err := c.Flush(); err != nil {
		return err
	}
	if err := c.db.Close(); err != nil {
		return fmt.Errorf("compact cache: %w", err)
	}
	// With one level-0 table allowed, two (the data and the flushed
	// deletes) make level 0 due, so Flatten merges it down even when no
	// other level holds anything yet.
	db, err := badger.Open(c.opts.WithNumLevelZeroTables(1))
	if err != nil {
		return fmt.Errorf("compact cache: reopen: %w", err)
	}
	c.db = db
	if err := c.db.Flatten(2); err != nil {
		return fmt.Errorf("compact cache: %w", err)
	}
	for {
		err := c.db.RunValueLogGC(0.5)
		if errors.Is(err, badger.ErrNoRewrite) || errors.Is(err, badger.ErrRejected) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("compact cache value log: %w", err)
		}
	}
}
