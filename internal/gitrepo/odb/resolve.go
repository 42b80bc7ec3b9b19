package odb

import (
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
)

// maxChain bounds a delta chain; git writes chains of at most 4095.
const maxChain = 10000

// link is one delta of a chain being resolved.
type link struct {
	off   int64
	delta []byte
}

// want says what a read is for: the object itself (a blob the caller keeps
// or drops) or a base other objects are made from.
type want int

const (
	// forItself keeps the object in the cache unless it is a blob: a
	// full run reads every blob of a tree once per phase, in the same
	// order each time, so blobs would only push out one another and the
	// trees and bases that are read again (git's delta base cache keeps
	// bases only, for the same reason).
	forItself want = iota
	// asBase keeps the object whatever its type: deltas are made from it.
	asBase
)

// keeps reports whether an object of type typ read for w goes into the
// cache.
func (w want) keeps(typ plumbing.ObjectType) bool {
	return w == asBase || typ != plumbing.BlobObject
}

// readPacked returns the object at off of p, resolving its delta chain the
// way git does: walk back to a base that is cached or whole, following
// OFS_DELTA by offset and REF_DELTA through the index, then apply the
// deltas forward, caching the bases met on the way (the object itself
// only as w says). shared tells the returned bytes are also the cache's.
func (s *Store) readPacked(p *pack, off int64, depth int, w want) (typ plumbing.ObjectType, data []byte, shared bool, err error) {
	var chain []link
	typ, data, shared, err = s.chainBase(p, off, depth, &chain, w)
	if err != nil {
		return plumbing.InvalidObject, nil, false, err
	}
	for i := len(chain) - 1; i >= 0; i-- {
		l := chain[i]
		if data, err = packfile.PatchDelta(data, l.delta); err != nil {
			return plumbing.InvalidObject, nil, false, fmt.Errorf("apply delta at %d of %s: %w", l.off, p.name, err)
		}
		shared = false
		if i > 0 || w.keeps(typ) {
			shared = s.cache.put(p, l.off, typ, data)
		}
	}
	return typ, data, shared, nil
}

// chainBase walks from off back to the base of its chain, appending the
// deltas it passes to chain (nearest first) and returning the base.
func (s *Store) chainBase(p *pack, off int64, depth int, chain *[]link, w want) (plumbing.ObjectType, []byte, bool, error) {
	for {
		if typ, data, ok := s.cache.get(p, off); ok {
			return typ, data, true, nil
		}
		if len(*chain) > maxChain {
			return plumbing.InvalidObject, nil, false, fmt.Errorf("%w: delta chain at %d of %s too long", ErrCorrupt, off, p.name)
		}
		e, data, err := p.read(off)
		if err != nil {
			return plumbing.InvalidObject, nil, false, err
		}
		s.inflated.Add(1)
		if !e.isDelta() {
			shared := false
			if len(*chain) > 0 || w.keeps(e.kind) {
				shared = s.cache.put(p, off, e.kind, data)
			}
			return e.kind, data, shared, nil
		}
		*chain = append(*chain, link{off: off, delta: data})
		if e.kind == ofsDelta {
			off = e.base
			continue
		}
		base, ok, err := p.idx.FindOffset(e.ref)
		if err != nil {
			return plumbing.InvalidObject, nil, false, fmt.Errorf("look up delta base %s in %s: %w", e.ref, p.name, err)
		}
		if !ok {
			// A base outside this pack (a thin pack completed elsewhere,
			// or a loose object).
			return s.read(e.ref, depth+1, asBase)
		}
		off = base
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
