package snapshot

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestSortByKeyOrdersLikeBytesCompare: the radix sort puts keys in
// bytes.Compare order, whatever their shared prefixes, lengths (keys that
// are prefixes of others, empty keys, zero bytes) and repeats, on both
// sides of its cutoff.
func TestSortByKeyOrdersLikeBytesCompare(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	words := []string{"", "a", "ab", "abc", "b", "\x00", "a\x00", "a\x00b", "\xff", "src/main/java/com/example/"}
	for _, n := range []int{0, 1, 2, radixCutoff, radixCutoff + 1, 500, 20000} {
		es := make([]Entry, n)
		for i := range es {
			var k []byte
			for range rnd.Intn(5) {
				k = append(k, words[rnd.Intn(len(words))]...)
				if rnd.Intn(3) == 0 {
					k = append(k, byte(rnd.Intn(256)))
				}
			}
			es[i] = Entry{Key: k, Value: []byte(fmt.Sprint(i))}
		}
		want := slices.Clone(es)
		slices.SortStableFunc(want, func(a, b Entry) int { return bytes.Compare(a.Key, b.Key) })
		got := slices.Clone(es)
		sortByKey(got)
		for i := range want {
			if !bytes.Equal(got[i].Key, want[i].Key) {
				t.Fatalf("%d entries: key %d is %q, want %q", n, i, got[i].Key, want[i].Key)
			}
		}
		seen := map[string]int{}
		for _, e := range got {
			seen[string(e.Value)]++
		}
		if len(seen) != n {
			t.Fatalf("%d entries: %d distinct entries after sorting", n, len(seen))
		}
	}
}

// BenchmarkSortEntries sorts one index run's worth of word postings and
// reverse edges, which share long prefixes.
func BenchmarkSortEntries(b *testing.B) {
	rnd := rand.New(rand.NewSource(1))
	terms := make([]string, 3000)
	for i := range terms {
		terms[i] = fmt.Sprintf("term%x", rnd.Intn(1<<20))
	}
	var es []Entry
	for f := range 400 {
		p := fmt.Sprintf("app/module%d/pkg%d/file%d.py", f%7, f%31, f)
		for s := range 150 {
			es = append(es, Entry{Key: []byte(fmt.Sprintf("T%s\x00%s\x00%08x", terms[rnd.Intn(len(terms))], p, s))})
		}
		for s := range 15 {
			es = append(es, Entry{Key: []byte(fmt.Sprintf("R%s\x00%s#f%d\x00calls\x00%s#g%d", p, p, s, p, s))})
		}
	}
	work := make([]Entry, len(es))
	b.ResetTimer()
	for range b.N {
		copy(work, es)
		SortEntries(work)
	}
}
