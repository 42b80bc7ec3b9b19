package gc_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/gc"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/store"
)

// growthUpdates is how many updates TestStoreGrowthBounded runs;
// LGRAPH_GC_UPDATES raises it (500 is the figure).
func growthUpdates(t *testing.T) int {
	if n, err := strconv.Atoi(os.Getenv("LGRAPH_GC_UPDATES")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 30
	}
	return 200
}

// TestStoreGrowthBounded: a store that runs gc now and then (as a
// scheduled job would) stays within twice its size after the first
// update, however many updates follow. The store's bytes are dominated by
// fixed overheads at this size, so its cache entries and ledger entries,
// which grow with every update until gc removes them, are bounded too.
func TestStoreGrowthBounded(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 60, Seed: 5, Languages: []string{"go", "python", "typescript"}})
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, repo.Dir())
	ix.MustRun(t, "init", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewSource(7))
	originals := map[string]string{}
	for _, p := range repo.Files() {
		originals[p] = repo.Read(p)
	}
	const keepRuns = 20
	var first growth
	n := growthUpdates(t)
	for i := 1; i <= n; i++ {
		if _, err := repo.Commit("edit", edits(originals, rnd, i)...); err != nil {
			t.Fatal(err)
		}
		ix.MustRun(t, "update", false)
		if i != 1 && i%50 != 0 && i != n {
			continue
		}
		rep, err := gc.Run(context.Background(), gc.Options{Store: s, Live: func(*store.Ref) bool { return true }, KeepRuns: keepRuns})
		if err != nil {
			t.Fatal(err)
		}
		now := measure(t, s)
		t.Logf("after %d updates and gc: %+v (%s); gc freed %d bytes, %d cache entries, %d runs",
			i, now, breakdown(ix.StoreDir), rep.BytesFreed, rep.Cache.Removed, rep.Runs.Removed)
		if i == 1 {
			first = now
			continue
		}
		if now.bytes > 2*first.bytes || now.entries > 2*first.entries {
			t.Fatalf("after %d updates the store holds %+v, after the first %+v: more than 2x", i, now, first)
		}
		if now.runs > keepRuns+1 { // the run that published the kept snapshot may be older
			t.Fatalf("after %d updates and gc the ledger holds %d runs, want at most %d", i, now.runs, keepRuns+1)
		}
	}
}

type growth struct {
	bytes         int64
	entries, runs int
}

func measure(t *testing.T, s *store.Store) growth {
	t.Helper()
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	g := growth{}
	err = c.Entries(func(cache.Entry) error { g.entries++; return nil })
	if cerr := c.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	runs, _, err := s.Runs(0)
	if err != nil {
		t.Fatal(err)
	}
	g.runs, g.bytes = len(runs), s.Size()
	return g
}

// edits rewrites a few files with a new trailing comment each: new blobs
// (and so new cache entries and table records) every update, while the
// repository keeps its size, so whatever the store gains is garbage.
func edits(originals map[string]string, rnd *rand.Rand, rev int) []repogen.Op {
	paths := slices.Sorted(maps.Keys(originals))
	var ops []repogen.Op
	for range 1 + rnd.Intn(4) {
		p := paths[rnd.Intn(len(paths))]
		comment := "//"
		if strings.HasSuffix(p, ".py") {
			comment = "#"
		}
		ops = append(ops, repogen.WriteFile(p, originals[p]+fmt.Sprintf("\n%s edit %06d\n", comment, rev)))
	}
	return ops
}

func breakdown(dir string) string {
	out := ""
	for _, d := range []string{"tables", "runs", "cache", "refs"} {
		var n int64
		_ = filepath.Walk(filepath.Join(dir, d), func(_ string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() {
				n += fi.Size()
			}
			return nil
		})
		out += d + "=" + strconv.FormatInt(n, 10) + " "
	}
	return out
}
