package cache

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"testing"
)

// TestSpillKeysTellClashingKeysApart: a key whose hash an earlier key has
// keeps its own value, a key set again keeps its latest, and sorted lists
// each key once, in order.
func TestSpillKeysTellClashingKeysApart(t *testing.T) {
	k := newSpillKeys()
	k.set("facts/b", spillSpan{off: 1, n: 1})
	k.set("facts/a", spillSpan{off: 2, n: 2})
	// "blob/c" hashes as "facts/a" does, as if the 64-bit hashes met.
	k.byHash[maphash.String(k.seed, "blob/c")] = k.byHash[maphash.String(k.seed, "facts/a")]
	k.set("blob/c", spillSpan{off: 3, n: 3})
	k.set("facts/a", spillSpan{off: 4, n: 4})
	k.set("blob/c", spillSpan{off: 5, n: 5})

	for key, want := range map[string]spillSpan{"facts/b": {1, 1}, "facts/a": {4, 4}, "blob/c": {5, 5}} {
		if got, ok := k.get(key); !ok || got != want {
			t.Errorf("get(%q) = %v, %v; want %v", key, got, ok, want)
		}
	}
	if _, ok := k.get("facts/z"); ok {
		t.Error("a key never set was found")
	}
	var keys []string
	for _, v := range k.sorted() {
		keys = append(keys, string(v.key))
	}
	if want := []string{"blob/c", "facts/a", "facts/b"}; !slices.Equal(keys, want) {
		t.Errorf("sorted keys %q, want %q", keys, want)
	}
}

// TestSpillKeysAcrossChunks: keys past the first entry chunk and the first
// arena chunk, and a key longer than an arena chunk, are each found with
// their latest value and listed once, in order.
func TestSpillKeysAcrossChunks(t *testing.T) {
	k := newSpillKeys()
	n := 2*entryChunk + 100
	keyOf := func(i int) string { return fmt.Sprintf("facts/%040d", i) }
	for i := range n {
		k.set(keyOf(i), spillSpan{off: int64(i), n: 1})
	}
	long := strings.Repeat("x", arenaChunk+10)
	k.set(long, spillSpan{off: -1, n: 7})
	for i := 0; i < n; i += 3 {
		k.set(keyOf(i), spillSpan{off: int64(i), n: 2})
	}
	if len(k.arenas) < 3 {
		t.Fatalf("%d arena chunks: the keys did not cross a chunk", len(k.arenas))
	}
	for i := range n {
		want := spillSpan{off: int64(i), n: 1}
		if i%3 == 0 {
			want.n = 2
		}
		if got, ok := k.get(keyOf(i)); !ok || got != want {
			t.Fatalf("get(%q) = %v, %v; want %v", keyOf(i), got, ok, want)
		}
	}
	if got, ok := k.get(long); !ok || got != (spillSpan{off: -1, n: 7}) {
		t.Errorf("the long key: %v, %v", got, ok)
	}
	sorted := k.sorted()
	if len(sorted) != n+1 {
		t.Fatalf("sorted lists %d keys, want %d", len(sorted), n+1)
	}
	for i := range n {
		if string(sorted[i].key) != keyOf(i) {
			t.Fatalf("sorted key %d is %q, want %q", i, sorted[i].key, keyOf(i))
		}
	}
	if string(sorted[n].key) != long {
		t.Error("the long key is not last")
	}
}
