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

// readPacked returns the object at off of p, resolving its delta chain the
// way git does: walk back to a base that is cached or whole, following
// OFS_DELTA by offset and REF_DELTA through the index, then apply the
// deltas forward, caching each result by its offset.
func (s *Store) readPacked(p *pack, off int64, depth int) (plumbing.ObjectType, []byte, error) {
	var chain []link
	typ, data, err := s.chainBase(p, off, depth, &chain)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	for i := len(chain) - 1; i >= 0; i-- {
		l := chain[i]
		if data, err = packfile.PatchDelta(data, l.delta); err != nil {
			return plumbing.InvalidObject, nil, fmt.Errorf("apply delta at %d of %s: %w", l.off, p.name, err)
		}
		s.cache.put(p, l.off, typ, data)
	}
	return typ, data, nil
}

// chainBase walks from off back to the base of its chain, appending the
// deltas it passes to chain (nearest first) and returning the base.
func (s *Store) chainBase(p *pack, off int64, depth int, chain *[]link) (plumbing.ObjectType, []byte, error) {
	for {
		if typ, data, ok := s.cache.get(p, off); ok {
			return typ, data, nil
		}
		if len(*chain) > maxChain {
			return plumbing.InvalidObject, nil, fmt.Errorf("%w: delta chain at %d of %s too long", ErrCorrupt, off, p.name)
		}
		e, data, err := p.read(off)
		if err != nil {
			return plumbing.InvalidObject, nil, err
		}
		if !e.isDelta() {
			s.cache.put(p, off, e.kind, data)
			return e.kind, data, nil
		}
		*chain = append(*chain, link{off: off, delta: data})
		if e.kind == ofsDelta {
			off = e.base
			continue
		}
		base, ok, err := p.idx.FindOffset(e.ref)
		if err != nil {
			return plumbing.InvalidObject, nil, fmt.Errorf("look up delta base %s in %s: %w", e.ref, p.name, err)
		}
		if !ok {
			// A base outside this pack (a thin pack completed elsewhere,
			// or a loose object).
			return s.read(e.ref, depth+1)
		}
		off = base
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
