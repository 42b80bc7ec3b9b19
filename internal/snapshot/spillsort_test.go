package snapshot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSpillSortStreamsInKeyOrder: entries added in any order to
// collections filled side by side, cut into many runs in memory or in
// files, stream back merged in key order, each key once, with their
// values: keys that share long prefixes or none, empty values, values
// longer than a read of a run, and keys added twice.
func TestSpillSortStreamsInKeyOrder(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		rng := rand.New(rand.NewPCG(1, 2))
		var all []Entry
		spills := []*SpillSort{NewSpillSort(32<<10, dir), NewSpillSort(32<<10, dir), NewSpillSort(32<<10, dir)}
		for i := range 30000 {
			s := spills[i%len(spills)]
			key := fmt.Appendf(nil, "T%s\x00dir/%05d\x00%x", []string{"a", "ab", "abc", "b", "x"}[rng.IntN(5)], rng.IntN(20000), i%7)
			if i%11 == 0 {
				key = key[:1+rng.IntN(len(key)-1)]
			}
			// A key added twice comes with the same value.
			value := fmt.Appendf(nil, "%d", len(key))
			switch {
			case key[len(key)-1]%13 == 0:
				value = nil
			case i%4999 == 0:
				key = fmt.Appendf(key, "big%d", i)
				value = bytes.Repeat(key, (3*runChunk)/len(key))
			}
			// A key goes to one collection only, however often it comes.
			s = spills[int(key[len(key)-1])%len(spills)]
			s.Add(key, value)
			all = append(all, Entry{Key: key, Value: value})
		}
		want := SortEntries(all)
		stream, err := MergeSpills(spills...)
		if err != nil {
			t.Fatal(err)
		}
		if stream.Runs() < 10 {
			t.Fatalf("only %d runs: the test merges too few", stream.Runs())
		}
		i := 0
		err = stream.Stream(nil, func(k, v []byte) error {
			if i >= len(want) || !bytes.Equal(k, want[i].Key) || !bytes.Equal(v, want[i].Value) {
				return fmt.Errorf("entry %d is %.40q=%.40q", i, k, v)
			}
			i++
			return nil
		})
		if err != nil {
			t.Fatalf("dir %q: %v", dir, err)
		}
		if i != len(want) {
			t.Fatalf("dir %q: streamed %d entries, want %d", dir, i, len(want))
		}
		n := 0
		if err := stream.Stream([]byte("Tab\x00"), func(k, v []byte) error {
			if !bytes.HasPrefix(k, []byte("Tab\x00")) {
				return fmt.Errorf("%q is outside the prefix", k)
			}
			n++
			return ErrStop
		}); err != nil || n != 1 {
			t.Fatalf("prefix stream stopped after %d entries: %v", n, err)
		}
		stream.Close()
	}
}

// TestSpillSortCutsByItsEntriesBytes: a pending entry costs the collection
// its bytes and the twelve of its place in the arena, not the header and
// allocations of an Entry (Runs counts eighty more), so a run holds as
// many entries as its bytes allow and the merge reads fewer runs.
func TestSpillSortCutsByItsEntriesBytes(t *testing.T) {
	const limit, n = 64 << 10, 20000
	s := NewSpillSort(limit, t.TempDir())
	size := 0
	for i := range n {
		k, v := fmt.Appendf(nil, "T%08d", (i*7919)%n), []byte("vv")
		s.Add(k, v)
		size += len(k) + len(v) + arenaEntryBytes
	}
	stream, err := MergeSpills(s)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	if most := size/limit + 1; stream.Runs() > most {
		t.Fatalf("%d entries of %d bytes in all cut %d runs of %d bytes, want at most %d", n, size, stream.Runs(), limit, most)
	}
}
