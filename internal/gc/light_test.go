package gc_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/gc"
	"github.com/lgraph/lgraph/internal/store"
)

// TestLightGCWaitsForTheCacheToGrow: the automatic (light) gc collects
// the cache the first time, then leaves it alone until it grew on disk by
// half (and at least a megabyte), while it still drops dead refs and tables every time; a full gc
// collects the cache whatever its growth.
func TestLightGCWaitsForTheCacheToGrow(t *testing.T) {
	r, ix, s := indexedStore(t)
	light := func() *gc.Report {
		t.Helper()
		rep, err := gc.Run(context.Background(), gc.Options{Store: s, Live: except("gone"), KeepRuns: 100, Light: true})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	if rep := light(); rep.Cache.Deferred != "" || rep.Cache.Kept == 0 {
		t.Fatalf("first light gc: %+v, want the cache collected", rep.Cache)
	}

	r.Git("checkout", "-q", "-b", "gone")
	r.Write(map[string]string{"lib/y.py": "from lib.x import x\n\n\ndef y():\n    x()\n"})
	r.Commit("gone")
	ix.MustRun(t, "update", false)
	r.Git("checkout", "-q", "main")
	rep := light()
	if len(rep.RefsRemoved) != 1 || rep.Tables.Removed == 0 {
		t.Fatalf("light gc removed refs %v and %d tables; want gone's", rep.RefsRemoved, rep.Tables.Removed)
	}
	if rep.Cache.Deferred == "" || rep.Cache.Removed != 0 {
		t.Fatalf("light gc after a small update: %+v, want the cache left alone", rep.Cache)
	}

	dead := putDeadEntries(t, s, 2500)
	rep = light()
	if rep.Cache.Deferred != "" || rep.Cache.Removed < dead {
		t.Fatalf("light gc after the cache grew: %+v, want its %d dead entries removed", rep.Cache, dead)
	}
	putDeadEntries(t, s, 10)
	full, err := gc.Run(context.Background(), gc.Options{Store: s, Live: except("gone"), KeepRuns: 100})
	if err != nil {
		t.Fatal(err)
	}
	if full.Cache.Deferred != "" || full.Cache.Removed < 10 {
		t.Fatalf("full gc: %+v, want the cache collected", full.Cache)
	}
	ix.CheckIndex(t, "main")
}

// putDeadEntries writes n cache entries of incompressible bytes under blob
// ids no snapshot has, so that the cache grows on disk, and returns n.
func putDeadEntries(t *testing.T, s *store.Store, n int) int {
	t.Helper()
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		b := make([]byte, 512)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		if err := c.Put(fmt.Sprintf("facts/dead/python/%040d", i), hex.EncodeToString(b)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}
