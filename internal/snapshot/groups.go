package snapshot

import (
	"bytes"
	"fmt"
	"iter"
)

// GroupCursor reads one keyspace of an index once, in key order, a group
// at a time: the entries whose first key part is one name (a target path
// of the reverse edges, a directory of the listings or the used-by
// counts). Where a run visits every file or directory anyway, asking the
// groups in ascending order reads each entry once, where a prefix scan per
// name seeks the index once per name: a full run's index is many sorted
// runs, and each seek reads a block of every run, so the seeks alone grew
// with the files times the runs (both with the repository).
//
// A GroupCursor is not safe for concurrent use; Close releases its scan.
type GroupCursor struct {
	next func() ([]byte, []byte, bool)
	stop func()
	err  error // the scan's, once it has ended
	// key and value are the entry the cursor stands on (ok), valid until
	// the next advance.
	key, value []byte
	ok         bool
	last       string // the name asked last: names must ascend
	asked      bool
}

// Scanner is what a GroupCursor reads: a KV, or runs read once in key
// order (SpillRuns).
type Scanner interface {
	Scan(prefix []byte, fn func(key, value []byte) error) error
}

// NewGroupCursor starts reading keyspace ks of idx.
func NewGroupCursor(idx Scanner, ks byte) *GroupCursor {
	c := &GroupCursor{}
	var seq iter.Seq2[[]byte, []byte] = func(yield func(k, v []byte) bool) {
		c.err = idx.Scan([]byte{ks}, func(k, v []byte) error {
			if !yield(k, v) {
				return ErrStop
			}
			return nil
		})
	}
	c.next, c.stop = iter.Pull2(seq)
	c.advance()
	return c
}

func (c *GroupCursor) advance() { c.key, c.value, c.ok = c.next() }

// Group returns the entries whose key's first part is name, copied out of
// the scan. Names must be asked in ascending order (the keys' order:
// parts are separated by a zero byte, which no name holds); the entries
// before name that no name asked for are skipped.
func (c *GroupCursor) Group(name string) (Group, error) {
	if c.asked && name < c.last {
		return Group{}, fmt.Errorf("group %q asked after %q: names must ascend", name, c.last)
	}
	c.asked, c.last = true, name
	for c.ok && string(firstPart(c.key)) < name {
		c.advance()
	}
	var g Group
	for c.ok && string(firstPart(c.key)) == name {
		g.add(c.key, c.value)
		c.advance()
	}
	if !c.ok && c.err != nil {
		return Group{}, c.err
	}
	return g, nil
}

// Close ends the scan, if it has not ended.
func (c *GroupCursor) Close() { c.stop() }

// firstPart is a key's first part, after the keyspace byte.
func firstPart(key []byte) []byte {
	if len(key) == 0 {
		return nil
	}
	rest := key[1:]
	if i := bytes.IndexByte(rest, 0); i >= 0 {
		return rest[:i]
	}
	return rest
}

// Group is a group's entries, copied into one buffer: one allocation
// rather than two per entry, handed to a worker whole.
type Group struct {
	buf  []byte
	ends []int // per entry, where its key ends, then where its value does
}

func (g *Group) add(k, v []byte) {
	g.buf = append(g.buf, k...)
	g.ends = append(g.ends, len(g.buf))
	g.buf = append(g.buf, v...)
	g.ends = append(g.ends, len(g.buf))
}

// Len is the number of entries.
func (g Group) Len() int { return len(g.ends) / 2 }

// Each calls fn for each entry in key order; an error from fn ends it
// (ErrStop without an error), as a Scan's callback does.
func (g Group) Each(fn func(key, value []byte) error) error {
	start := 0
	for i := 0; i+1 < len(g.ends); i += 2 {
		kEnd, vEnd := g.ends[i], g.ends[i+1]
		if err := fn(g.buf[start:kEnd:kEnd], g.buf[kEnd:vEnd:vEnd]); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
		start = vEnd
	}
	return nil
}
