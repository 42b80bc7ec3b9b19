package gc_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// TestGCDropsFactsOfAnEarlierEncoding: facts a release before wrote as
// JSON, under keys without an encoding, are of blobs the snapshot still
// holds, yet no run reads them again: gc removes them and keeps the facts
// in the current encoding.
func TestGCDropsFactsOfAnEarlierEncoding(t *testing.T) {
	_, _, s := indexedStore(t)
	current := cacheKeys(t, s, "facts/")
	if len(current) != len(files) {
		t.Fatalf("init cached facts under %v, want one key per file", current)
	}
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	var older []string
	for _, k := range current {
		parts := strings.Split(k, "/") // facts/<version>/<encoding>/<lang>/<blob>
		if len(parts) != 5 || parts[2] != snapshot.FactsEncoding {
			t.Fatalf("facts key %s does not name the encoding %s", k, snapshot.FactsEncoding)
		}
		for _, old := range []string{
			strings.Join([]string{parts[0], parts[1], parts[3], parts[4]}, "/"),
			strings.Join([]string{parts[0], parts[1], "b0", parts[3], parts[4]}, "/"),
		} {
			if err := c.Put(old, map[string]string{"package": "app"}); err != nil {
				t.Fatal(err)
			}
			older = append(older, old)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	collect(t, s, func(*store.Ref) bool { return true })
	if got := cacheKeys(t, s, "facts/"); strings.Join(got, " ") != strings.Join(current, " ") {
		t.Fatalf("after gc the cache holds facts %v, want %v (and none of %v)", got, current, older)
	}
}
