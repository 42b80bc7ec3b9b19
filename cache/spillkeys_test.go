package cache

import (
	"hash/maphash"
	"slices"
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
