package odb

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"iter"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// object is a read object whose name is known: unlike plumbing.MemoryObject
// it never hashes its content to learn it. Its data may be shared with the
// cache, so nothing writes to it.
type object struct {
	hash plumbing.Hash
	typ  plumbing.ObjectType
	data []byte
}

func (o *object) Hash() plumbing.Hash             { return o.hash }
func (o *object) Type() plumbing.ObjectType       { return o.typ }
func (o *object) SetType(plumbing.ObjectType)     {}
func (o *object) Size() int64                     { return int64(len(o.data)) }
func (o *object) SetSize(int64)                   {}
func (o *object) Writer() (io.WriteCloser, error) { return nil, ErrReadOnly }

// Reader returns a seekable reader, as plumbing.MemoryObject's is.
func (o *object) Reader() (io.ReadCloser, error) {
	return readCloser{bytes.NewReader(o.data)}, nil
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

// IterEncodedObjects walks every object of type t (or all, for AnyObject):
// each pack in pack order where it has a .rev (so delta bases come before
// their deltas and stay cached), else in name order, then the loose
// objects; an object stored twice comes once. It reads the whole store,
// as asked; lookups never do.
func (s *Store) IterEncodedObjects(t plumbing.ObjectType) (storer.EncodedObjectIter, error) {
	if s.closed.Load() {
		return nil, ErrClosed
	}
	next, stop := iter.Pull2(s.all(t))
	return &objectIter{next: next, stop: stop}, nil
}

func (s *Store) all(t plumbing.ObjectType) iter.Seq2[plumbing.EncodedObject, error] {
	return func(yield func(plumbing.EncodedObject, error) bool) {
		seen := make(map[plumbing.Hash]bool)
		emit := func(h plumbing.Hash, typ plumbing.ObjectType, data []byte, err error) bool {
			if err != nil {
				return yield(nil, err)
			}
			if seen[h] || (t != plumbing.AnyObject && typ != t) {
				return true
			}
			seen[h] = true
			return yield(&object{hash: h, typ: typ, data: data}, nil)
		}
		for _, d := range s.dirs {
			packs, err := d.packList()
			if err != nil {
				yield(nil, err)
				return
			}
			for _, p := range packs {
				if !s.eachPacked(p, emit) {
					return
				}
			}
			if !s.eachLoose(d, emit) {
				return
			}
		}
	}
}

type emitFunc func(plumbing.Hash, plumbing.ObjectType, []byte, error) bool

func (s *Store) eachPacked(p *pack, emit emitFunc) bool {
	for n := range p.idx.Count() {
		pos := n
		var err error
		if p.idx.HasReverse() {
			pos, err = p.idx.PackOrder(n)
		}
		var h plumbing.Hash
		var off int64
		if err == nil {
			h, err = p.idx.HashAt(pos)
		}
		if err == nil {
			off, err = p.idx.OffsetAt(pos)
		}
		var typ plumbing.ObjectType
		var data []byte
		if err == nil {
			// Every object is kept as a base: in pack order the deltas
			// made from it come after it.
			typ, data, _, err = s.readPacked(p, off, 0, asBase)
		}
		if !emit(h, typ, data, err) || err != nil {
			return false
		}
	}
	return true
}

func (s *Store) eachLoose(d *objectDir, emit emitFunc) bool {
	hashes, err := d.looseHashes()
	if err != nil {
		return emit(plumbing.ZeroHash, 0, nil, err)
	}
	for _, h := range hashes {
		typ, _, data, err := d.readLoose(h, true)
		if errors.Is(err, fs.ErrNotExist) {
			continue // pruned since listed
		}
		if !emit(h, typ, data, err) || err != nil {
			return false
		}
	}
	return true
}

// objectIter adapts a pull iterator to storer.EncodedObjectIter.
type objectIter struct {
	next func() (plumbing.EncodedObject, error, bool)
	stop func()
}

func (it *objectIter) Next() (plumbing.EncodedObject, error) {
	o, err, ok := it.next()
	if !ok {
		return nil, io.EOF
	}
	return o, err
}

func (it *objectIter) ForEach(f func(plumbing.EncodedObject) error) error {
	defer it.Close()
	for {
		o, err := it.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(o); err != nil {
			if errors.Is(err, storer.ErrStop) {
				return nil
			}
			return err
		}
	}
}

func (it *objectIter) Close() { it.stop() }
