package gc

import (
	"fmt"

	"github.com/lgraph/lgraph/cache"
)

// collectedKey holds what the cache took on disk (cache.StoredBytes)
// when gc last collected it. Keys of a kind gc does not know are kept, so it outlives gc.
const collectedKey = "gc/collected"

// collected is the value under collectedKey.
type collected struct {
	StoredBytes int64 `json:"stored_bytes"`
}

// cacheGrowth is how much the cache must grow on disk, as a fraction of
// what they took at the last collection, before a light gc collects the
// cache again; and minCacheGrowth the least, in bytes, so that a small
// cache, which every update's new table grows by half, is not collected at
// every light gc.
const (
	cacheGrowth    = 0.5
	minCacheGrowth = 1 << 20
)

// cacheDue reports whether a light gc collects the cache: when it was
// never collected, or it grew on disk by cacheGrowth (at least
// minCacheGrowth bytes) since. Otherwise why
// says how far it has grown. Marking the cache reads every record of every
// kept snapshot and walks every cache key, which is proportional to the
// repository rather than to the runs since the last gc; waiting for growth
// keeps what the dead entries take within half the cache.
func cacheDue(c *cache.Cache) (due bool, why string, err error) {
	var last collected
	found, err := c.Get(collectedKey, &last)
	if err != nil || !found || last.StoredBytes <= 0 {
		return true, "", nil
	}
	now, err := c.StoredBytes()
	if err != nil {
		return false, "", err
	}
	need := max(int64(float64(last.StoredBytes)*cacheGrowth), minCacheGrowth)
	if now-last.StoredBytes >= need {
		return true, "", nil
	}
	return false, fmt.Sprintf("the cache takes %d bytes, %d at its last collection; it is collected again at %d",
		now, last.StoredBytes, last.StoredBytes+need), nil
}

// recordCollected notes what the cache takes on disk after a collection.
func recordCollected(c *cache.Cache) error {
	n, err := c.StoredBytes()
	if err != nil {
		return err
	}
	return c.Put(collectedKey, collected{StoredBytes: n})
}
