package table

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/racedetect"
)

// TestPrefixAllocatesNoKeyGrowth: a prefix scan of a mapped or in-memory
// table allocates its iterator, its levels, one buffer their keys share
// and its upper bound, whatever the length of the keys it rebuilds (up to
// iterKeyCap): a full run's resolution makes hundreds of thousands of
// them, and each level's key grew from nothing an append at a time, and
// the prefix was copied as a lower bound the seek keeps nothing of.
func TestPrefixAllocatesNoKeyGrowth(t *testing.T) {
	var recs []rec
	for i := range 20000 {
		k := fmt.Sprintf("Nname%03d\x00go\x00some/deep/package/path/file%05d.go\x00%d", i%500, i, i%9)
		recs = append(recs, rec{key: k, value: "v"})
	}
	b, info := writeTable(t, sortedRecs(func() map[string]rec {
		m := map[string]rec{}
		for _, r := range recs {
			m[r.key] = r
		}
		return m
	}()), Options{})
	if info.Height < 2 {
		t.Fatalf("height %d: the test wants index levels to descend", info.Height)
	}
	r, err := OpenBytes("t", b)
	if err != nil {
		t.Fatal(err)
	}
	prefix := []byte("Nname123\x00go\x00some/deep/package/path/file")
	found := 0
	allocs := testing.AllocsPerRun(50, func() {
		found = 0
		it := r.Prefix(prefix)
		for it.Next() {
			found++
		}
	})
	if found != 40 {
		t.Fatalf("the scan found %d entries, want 40", found)
	}
	if allocs > 4 {
		t.Errorf("a prefix scan allocates %.0f times, want at most 4 (iterator, levels, their keys, upper bound)", allocs)
	}
}

// TestEachPrefixReusesItsIterator: EachPrefix finds what Prefix finds,
// stops where its callback says, and once warm allocates nothing: its
// iterator, levels, keys and upper bound are reused from one call to the
// next, where each Prefix allocates them.
func TestEachPrefixReusesItsIterator(t *testing.T) {
	var recs []rec
	for i := range 20000 {
		recs = append(recs, rec{key: fmt.Sprintf("Nname%03d\x00go\x00some/deep/package/path/file%05d.go", i%500, i), value: "v"})
	}
	m := map[string]rec{}
	for _, r := range recs {
		m[r.key] = r
	}
	b, info := writeTable(t, sortedRecs(m), Options{})
	if info.Height < 2 {
		t.Fatalf("height %d: the test wants index levels to descend", info.Height)
	}
	r, err := OpenBytes("t", b)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"", "Nname123\x00", "Nname499\x00go\x00some/deep/package/path/file19999.go", "Nname5", "\xff", "Nname2"} {
		var want, got []string
		for it := r.Prefix([]byte(p)); it.Next(); {
			want = append(want, string(it.Key()))
		}
		if err := r.EachPrefix([]byte(p), func(k, _ []byte) bool { got = append(got, string(k)); return true }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("EachPrefix(%q) found %d keys, Prefix %d", p, len(got), len(want))
		}
	}
	seen := 0
	_ = r.EachPrefix([]byte("Nname1"), func([]byte, []byte) bool { seen++; return seen < 3 })
	if seen != 3 {
		t.Fatalf("the callback was called %d times after asking to stop at 3", seen)
	}
	prefix := []byte("Nname123\x00go\x00some/deep/package/path/file")
	found := 0
	count := func([]byte, []byte) bool { found++; return true }
	allocs := testing.AllocsPerRun(50, func() {
		found = 0
		_ = r.EachPrefix(prefix, count)
	})
	if found != 40 {
		t.Fatalf("the scan found %d entries, want 40", found)
	}
	if allocs > 0 && !racedetect.Enabled {
		t.Errorf("a warm EachPrefix allocates %.1f times, want none", allocs)
	}
}
