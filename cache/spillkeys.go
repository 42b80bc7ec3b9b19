package cache

import (
	"bytes"
	"hash/maphash"
	"slices"
)

// spillKeys maps each key a spill holds to where its latest value lies,
// in memory the collector does not scan: the key bytes in one arena, the
// entries in one slice, and a map from each key's 64-bit hash to its
// entry. A 100,000-file init puts 300,000 keys (18.6 MB); held as a map
// of strings they were 300,000 objects every collection of the run marked.
// Two keys of one hash are told apart by their bytes, the second kept in
// a small map of its own.
type spillKeys struct {
	seed    maphash.Seed
	arena   []byte
	entries []spillKeyEntry
	byHash  map[uint64]int32
	// clashing holds the keys whose hash an earlier key has.
	clashing map[string]spillSpan
}

// spillKeyEntry is a key's place in the arena and its value's in the
// file.
type spillKeyEntry struct {
	off, n uint32 // key bytes: arena[off : off+n]
	at     spillSpan
}

func newSpillKeys() *spillKeys {
	return &spillKeys{seed: maphash.MakeSeed(), byHash: map[uint64]int32{}}
}

func (k *spillKeys) key(e spillKeyEntry) []byte { return k.arena[e.off : e.off+e.n] }

// set records that key's latest value lies at sp.
func (k *spillKeys) set(key string, sp spillSpan) {
	h := maphash.String(k.seed, key)
	i, ok := k.byHash[h]
	switch {
	case !ok:
		k.byHash[h] = int32(len(k.entries))
		k.entries = append(k.entries, spillKeyEntry{off: uint32(len(k.arena)), n: uint32(len(key)), at: sp})
		k.arena = append(k.arena, key...)
	case string(k.key(k.entries[i])) == key:
		k.entries[i].at = sp
	default:
		if k.clashing == nil {
			k.clashing = map[string]spillSpan{}
		}
		k.clashing[key] = sp
	}
}

// get returns where key's latest value lies.
func (k *spillKeys) get(key string) (spillSpan, bool) {
	if i, ok := k.byHash[maphash.String(k.seed, key)]; ok && string(k.key(k.entries[i])) == key {
		return k.entries[i].at, true
	}
	sp, ok := k.clashing[key]
	return sp, ok
}

// sorted returns every key with where its value lies, in key order. The
// keys are the arena's bytes, valid while k is.
func (k *spillKeys) sorted() []spilledValue {
	out := make([]spilledValue, 0, len(k.entries)+len(k.clashing))
	for _, e := range k.entries {
		out = append(out, spilledValue{key: k.key(e), at: e.at})
	}
	for key, sp := range k.clashing {
		out = append(out, spilledValue{key: []byte(key), at: sp})
	}
	slices.SortFunc(out, func(a, b spilledValue) int { return bytes.Compare(a.key, b.key) })
	return out
}
