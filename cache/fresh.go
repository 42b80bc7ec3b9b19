package cache

import (
	"hash/maphash"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
)

// freshKeys answers a cold cache's misses without asking badger. An init
// on a new store asks the cache for every file's facts, signals and blob
// details and finds none of them, yet each miss walked badger's memtables
// and levels (3.5 s CPU at 100,000 files). A cache opened empty holds only
// what this process wrote since, so a key never written is absent: keys
// are remembered by a 64-bit hash, and a collision only sends a miss to
// badger as before. Deletions need no record (a deleted key is a miss
// either way).
type freshKeys struct {
	seed    maphash.Seed
	mu      sync.Mutex
	written map[uint64]struct{}
}

// newFreshKeys returns the tracker of a cache whose database holds
// nothing, nil for one that holds something (or may).
func newFreshKeys(db *badger.DB) *freshKeys {
	if !isEmpty(db) {
		return nil
	}
	return &freshKeys{seed: maphash.MakeSeed(), written: map[uint64]struct{}{}}
}

// isEmpty reports whether db holds no key. A database with tables is not
// asked further, so an established cache pays nothing at open; one
// without tables may still hold keys in memtables replayed from its
// write-ahead files, which a key-only iterator finds.
func isEmpty(db *badger.DB) bool {
	if len(db.Tables()) > 0 {
		return false
	}
	empty := false
	err := guard("open", func() error {
		return db.View(func(txn *badger.Txn) error {
			opts := badger.DefaultIteratorOptions
			opts.PrefetchValues = false
			it := txn.NewIterator(opts)
			defer it.Close()
			it.Rewind()
			empty = !it.Valid()
			return nil
		})
	})
	return err == nil && empty
}

// wrote records that key was written; a nil tracker records nothing.
func (f *freshKeys) wrote(key string) {
	if f == nil {
		return
	}
	h := maphash.String(f.seed, key)
	f.mu.Lock()
	f.written[h] = struct{}{}
	f.mu.Unlock()
}

// absent reports whether key is surely not in the database.
func (f *freshKeys) absent(key string) bool {
	if f == nil {
		return false
	}
	h := maphash.String(f.seed, key)
	f.mu.Lock()
	_, ok := f.written[h]
	f.mu.Unlock()
	return !ok
}
