package odb

import (
	"container/list"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// cache keeps inflated pack entries by where they sit (pack, offset), so a
// delta whose base was read before is one inflate and one patch, and an
// OFS_DELTA base is found by its offset without ever asking which object
// lives there. It is bounded in bytes, least recently used out first, and
// shared by all readers.
type cache struct {
	mu    sync.Mutex
	max   int64
	used  int64
	items map[cacheKey]*list.Element
	order list.List // front is most recent
	hits  int64     // gets answered, for tests
}

// entryOverhead is what an entry costs besides its data (map slot, list
// element, headers), counted so that many tiny trees cannot grow the
// cache past its budget.
const entryOverhead = 160

type cacheKey struct {
	p   *pack
	off int64
}

type cacheEntry struct {
	key  cacheKey
	typ  plumbing.ObjectType
	data []byte
}

func newCache(max int64) *cache {
	return &cache{max: max, items: make(map[cacheKey]*list.Element)}
}

func (c *cache) get(p *pack, off int64) (plumbing.ObjectType, []byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[cacheKey{p, off}]
	if !ok {
		return plumbing.InvalidObject, nil, false
	}
	c.hits++
	c.order.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	return e.typ, e.data, true
}

// put keeps data, which nobody may change afterwards, and reports whether
// it did. An entry larger than a quarter of the budget is not kept: it
// would push out many useful ones.
func (c *cache) put(p *pack, off int64, typ plumbing.ObjectType, data []byte) bool {
	size := int64(len(data)) + entryOverhead
	if size > c.max/4 {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	key := cacheKey{p, off}
	if _, ok := c.items[key]; ok {
		return false
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, typ: typ, data: data})
	c.used += size
	for c.used > c.max {
		last := c.order.Back()
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.items, e.key)
		c.used -= int64(len(e.data)) + entryOverhead
	}
	return true
}
