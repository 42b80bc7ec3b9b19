package snapshot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestNumberedWordKeysSortAsPaths: every file's word postings, numbered
// by its place in the sorted paths, sorted and merged on spill runs, then
// expanded, are exactly the postings with their paths, sorted. The paths
// include ones that are prefixes of others and ones whose number holds
// \0 and 0xff bytes, and the runs are small, so the order comes from the
// merge across runs as well as from each run's sort.
func TestNumberedWordKeysSortAsPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	set := map[string]bool{"a": true, "a/b": true, "a.b": true, "a-b": true, "ab": true, "a/b/c": true, "b": true}
	names := []string{"Parse", "parse_url", "Server.Handle", "handle", "URLFor", "x", "the", "Run2"}
	for len(set) < 300 {
		set[fmt.Sprintf("%c/%s%d.go", 'a'+rng.IntN(3), names[rng.IntN(len(names))], rng.IntN(40))] = true
	}
	paths := slices.Sorted(func(yield func(string) bool) {
		for p := range set {
			if !yield(p) {
				return
			}
		}
	})
	file := func(p string) *File {
		f := &File{Path: p, Summary: names[rng.IntN(len(names))] + " handles " + names[rng.IntN(len(names))], Facts: &facts.File{Doc: "Package " + p}}
		for j := range rng.IntN(6) {
			f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Qualified: names[rng.IntN(len(names))] + "." + names[j], Doc: names[rng.IntN(len(names))]})
		}
		return f
	}
	var want []Entry
	spills := []*SpillSort{NewSpillSort(4<<10, t.TempDir()), NewSpillSort(4<<10, "")}
	for i, p := range paths {
		f := file(p)
		want = append(want, WordEntries(f)...)
		WordEntriesNumbered(f, i, spills[i%2].Add)
	}
	want = SortEntries(want)
	stream, err := MergeSpills(spills...)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	var got []Entry
	err = stream.Stream(nil, func(k, v []byte) error {
		key, err := ExpandWordKey(nil, k, paths)
		got = append(got, Entry{Key: key, Value: bytes.Clone(v)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i].Key, want[i].Key) || !bytes.Equal(got[i].Value, want[i].Value) {
			t.Fatalf("entry %d is %q=%x, want %q=%x", i, got[i].Key, got[i].Value, want[i].Key, want[i].Value)
		}
	}
}

// TestNumberedWordKeyBytes: numbers whose bytes are \0 or 0xff expand to
// their paths; a key without a number, or with one past the paths, is an
// error.
func TestNumberedWordKeyBytes(t *testing.T) {
	paths := make([]string, 1<<8+2)
	for i := range paths {
		paths[i] = fmt.Sprintf("p%d", i)
	}
	f := &File{Facts: &facts.File{Symbols: []facts.Symbol{{Qualified: "Run"}}}}
	for _, n := range []int{0, 255, 256, 257} {
		f.Path = paths[n]
		var want, got [][]byte
		WordEntriesTo(f, func(k, _ []byte) { want = append(want, bytes.Clone(k)) })
		WordEntriesNumbered(f, n, func(k, _ []byte) {
			key, err := ExpandWordKey(nil, k, paths)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, key)
		})
		if !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("number %d: %q, want %q", n, got, want)
		}
	}
	for _, bad := range []string{"", "T", "Trun", "Trun\x00\x00\x00", "Trun\x00\x00\x00\x01\x03\x00f", "Xrun\x00\x00\x00\x00\x00\x00f"} {
		if _, err := ExpandWordKey(nil, []byte(bad), paths); err == nil {
			t.Errorf("ExpandWordKey(%q) = nil error", bad)
		}
	}
}
