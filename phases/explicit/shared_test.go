package explicit

import (
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// readCountingKV counts the reads of a KV, from any goroutine.
type readCountingKV struct {
	snapshot.KV
	reads atomic.Int64
}

func (c *readCountingKV) Get(key []byte) ([]byte, bool, error) {
	c.reads.Add(1)
	return c.KV.Get(key)
}

func (c *readCountingKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	c.reads.Add(1)
	return c.KV.Scan(prefix, fn)
}

// TestViewsShareWhatTheyRead: views of one index resolving files side by
// side resolve each as the index alone does, also with their answers
// emptied before every file and the shared store emptied every few keys;
// and a file resolved by one view after another resolved it reads
// nothing from the KV: the other's answers are there.
func TestViewsShareWhatTheyRead(t *testing.T) {
	files, langs := parsedFiles(t, asideRepo)
	paths := slices.Sorted(maps.Keys(asideRepo))
	want := map[string]snapshot.Resolution{}
	for _, p := range paths {
		want[p] = Resolve(BuildIndex(files, langs, goMod), files.Get(p))
	}
	for _, limit := range []int{2, 4, maxCachedKeys} {
		idx := BuildIndex(files, langs, goMod)
		kv := &readCountingKV{KV: idx.kv}
		idx.kv, idx.cacheLimit = kv, limit
		views := idx.views(2)
		var wg sync.WaitGroup
		for w, v := range views {
			wg.Go(func() {
				for i := range 3 * len(paths) {
					p := paths[(i+w)%len(paths)]
					v.trimCache()
					if got := Resolve(v, files.Get(p)); !got.Equal(want[p]) {
						t.Errorf("limit %d, view %d, %s: resolved to\n%+v\nwant\n%+v", limit, w, p, got, want[p])
					}
				}
			})
		}
		wg.Wait()
		if limit != maxCachedKeys {
			continue
		}
		first := int64(0)
		for _, p := range paths {
			before := kv.reads.Load()
			fresh := idx.views(2)
			Resolve(fresh[0], files.Get(p))
			read := kv.reads.Load()
			first += read - before
			Resolve(fresh[1], files.Get(p))
			if n := kv.reads.Load() - read; n != 0 {
				t.Errorf("%s: %d reads by a view after another resolved it, want none", p, n)
			}
		}
		if first == 0 {
			t.Error("the first views read nothing: the test shares nothing")
		}
	}
}
