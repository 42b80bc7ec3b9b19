// Package odb is a read-only git object database: loose objects and packs
// read in place, packs kept open, delta bases cached by where they sit in
// the pack. It implements go-git's storer.EncodedObjectStorer, so go-git's
// object package (commits, trees, tree diffs, blobs) reads through it
// unchanged, but a lookup costs a binary search of the pack index and an
// OFS_DELTA base is read by its offset: nothing grows with the size of a
// pack, unlike go-git's filesystem storage, which decodes every .idx whole
// and maps every offset to its object the first time it resolves a delta.
package odb

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// ErrReadOnly reports a write to the store.
var ErrReadOnly = errors.New("the object store is read-only")

// DefaultCacheBytes bounds the inflated entries a store keeps, the order of
// git's own delta base cache (core.deltaBaseCacheLimit, 96 MiB).
const DefaultCacheBytes = 64 << 20

// maxAlternateDepth is how deep alternates of alternates are followed, as
// in git: it reads alternates files nested five below the repository's
// own, so the sixth store of a chain (depth 6 here, the repository's own
// being 0) is read and a seventh is not.
const maxAlternateDepth = 6

// Store reads the objects of one objects directory and its alternates. It
// is safe for concurrent use: packs are read with ReadAt, the cache is
// locked, and each read inflates into buffers of its own.
type Store struct {
	dirs   []*objectDir // the repository's own first, then alternates
	cache  *cache
	closed atomic.Bool
	// inflated counts the pack entries inflated, for tests that check
	// what a sequence of reads costs.
	inflated atomic.Int64
}

var _ storer.EncodedObjectStorer = (*Store)(nil)

// Open prepares a store over objectsDir (a repository's .git/objects).
// It opens nothing yet: packs are listed on the first lookup.
func Open(objectsDir string, cacheBytes int64) (*Store, error) {
	s := &Store{cache: newCache(cacheBytes)}
	seen := map[string]bool{}
	var add func(path string, depth int) error
	add = func(path string, depth int) error {
		abs, err := filepath.Abs(path)
		if err != nil {
			return fmt.Errorf("open object store %s: %w", path, err)
		}
		if seen[abs] || depth > maxAlternateDepth {
			return nil
		}
		seen[abs] = true
		d := newObjectDir(abs)
		s.dirs = append(s.dirs, d)
		alts, err := d.alternates()
		if err != nil {
			return fmt.Errorf("open object store %s: %w", abs, err)
		}
		for _, a := range alts {
			if err := add(a, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := add(objectsDir, 0); err != nil {
		return nil, err
	}
	return s, nil
}

// Close closes every pack; reads after it fail with ErrClosed.
func (s *Store) Close() error {
	s.closed.Store(true)
	var errs []error
	for _, d := range s.dirs {
		if err := d.close(); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close object store: %w", err)
	}
	return nil
}

// location is where an object lives: a pack entry, or a loose file of dir.
type location struct {
	p   *pack
	off int64
	dir *objectDir
}

// locate finds h in a pack or as a loose object; when it is in neither it
// lists the packs again once (a gc may have packed it since) before giving
// up with plumbing.ErrObjectNotFound.
func (s *Store) locate(h plumbing.Hash) (location, error) {
	if s.closed.Load() {
		return location{}, ErrClosed
	}
	for attempt := 0; ; attempt++ {
		loc, found, err := s.find(h)
		if found || err != nil {
			return loc, err
		}
		if attempt > 0 {
			return location{}, plumbing.ErrObjectNotFound
		}
		changed := false
		for _, d := range s.dirs {
			c, err := d.rescan()
			if err != nil {
				return location{}, err
			}
			changed = changed || c
		}
		if !changed {
			return location{}, plumbing.ErrObjectNotFound
		}
	}
}

func (s *Store) find(h plumbing.Hash) (location, bool, error) {
	for _, d := range s.dirs {
		packs, err := d.packList()
		if err != nil {
			return location{}, false, err
		}
		for _, p := range packs {
			off, ok, err := p.idx.FindOffset(h)
			if err != nil {
				return location{}, false, fmt.Errorf("look up %s in %s: %w", h, p.name, err)
			}
			if ok {
				return location{p: p, off: off}, true, nil
			}
		}
		if exists(d.loosePath(h)) {
			return location{dir: d}, true, nil
		}
	}
	return location{}, false, nil
}

// read returns the type and content of h; depth counts REF_DELTA bases
// fetched from elsewhere, which a corrupt store could make circular.
// shared tells the bytes are also the cache's, so nobody may change them.
func (s *Store) read(h plumbing.Hash, depth int, w want) (plumbing.ObjectType, []byte, bool, error) {
	if depth > maxChain {
		return plumbing.InvalidObject, nil, false, fmt.Errorf("%w: delta chain through %s too long", ErrCorrupt, h)
	}
	loc, err := s.locate(h)
	if err != nil {
		return plumbing.InvalidObject, nil, false, err
	}
	if loc.p != nil {
		return s.readPacked(loc.p, loc.off, depth, w)
	}
	typ, _, data, err := loc.dir.readLoose(h, true)
	if errors.Is(err, fs.ErrNotExist) {
		err = plumbing.ErrObjectNotFound // removed since it was found
	}
	return typ, data, false, err
}

// EncodedObject returns object h, or plumbing.ErrObjectNotFound when the
// store does not hold it or it is not of type t (unless t is AnyObject).
func (s *Store) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	typ, data, _, err := s.read(h, 0, forItself)
	if err != nil {
		return nil, err
	}
	if t != plumbing.AnyObject && typ != t {
		return nil, plumbing.ErrObjectNotFound
	}
	return &object{hash: h, typ: typ, data: data}, nil
}

// Blob returns the content of blob h, which the caller may change: bytes
// the cache also holds are copied, others are handed over as inflated.
func (s *Store) Blob(h plumbing.Hash) ([]byte, error) {
	data, shared, err := s.readTyped(h, plumbing.BlobObject)
	if err != nil {
		return nil, err
	}
	if shared {
		return bytes.Clone(data), nil
	}
	return data, nil
}

// Tree returns the content of tree h, or plumbing.ErrObjectNotFound when
// h is not a tree the store holds. The bytes may be the cache's: the
// caller reads them and never changes them.
func (s *Store) Tree(h plumbing.Hash) ([]byte, error) {
	data, _, err := s.readTyped(h, plumbing.TreeObject)
	return data, err
}

// readTyped returns the content of h, or plumbing.ErrObjectNotFound when
// it is not of type want; shared tells the bytes are also the cache's.
func (s *Store) readTyped(h plumbing.Hash, want plumbing.ObjectType) ([]byte, bool, error) {
	typ, data, shared, err := s.read(h, 0, forItself)
	if err != nil {
		return nil, false, err
	}
	if typ != want {
		return nil, false, plumbing.ErrObjectNotFound
	}
	return data, shared, nil
}

// HasEncodedObject returns nil when the store holds h, else
// plumbing.ErrObjectNotFound.
func (s *Store) HasEncodedObject(h plumbing.Hash) error {
	_, err := s.locate(h)
	return err
}

// EncodedObjectSize returns the size of h's content, read from headers
// only: a delta's size is in its first bytes.
func (s *Store) EncodedObjectSize(h plumbing.Hash) (int64, error) {
	loc, err := s.locate(h)
	if err != nil {
		return 0, err
	}
	if loc.p != nil {
		_, size, err := loc.p.header(loc.off)
		return size, err
	}
	_, size, _, err := loc.dir.readLoose(h, false)
	if errors.Is(err, fs.ErrNotExist) {
		err = plumbing.ErrObjectNotFound
	}
	return size, err
}

// NewEncodedObject returns an empty in-memory object, as the interface
// asks; the store cannot keep it.
func (s *Store) NewEncodedObject() plumbing.EncodedObject { return &plumbing.MemoryObject{} }

// SetEncodedObject refuses: the store only reads.
func (s *Store) SetEncodedObject(plumbing.EncodedObject) (plumbing.Hash, error) {
	return plumbing.ZeroHash, ErrReadOnly
}

// AddAlternate refuses: it would write info/alternates.
func (s *Store) AddAlternate(string) error { return ErrReadOnly }
