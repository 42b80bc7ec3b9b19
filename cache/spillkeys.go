package cache

import (
	"bytes"
	"hash/maphash"
	"slices"
)

// spillKeys maps each key a spill holds to where its latest value lies,
// in memory the collector does not scan: the key bytes in arena chunks,
// the entries in chunks of entries, and a map from each key's 64-bit hash
// to its entry. A 100,000-file init puts 300,000 keys (18.6 MB); held as a
// map of strings they were 300,000 objects every collection of the run
// marked. The chunks are fixed in size: one slice grown by append was
// copied into a new one (a quarter larger) some fifty times on the way to
// 18.6 MB, and that growth was 0.4 s of an init's CPU. Two keys of one
// hash are told apart by their bytes, the second kept in a small map of
// its own.
type spillKeys struct {
	seed maphash.Seed
	// arenas hold the key bytes; a key lies within one chunk.
	arenas [][]byte
	// entries are numbered in order of arrival: entry i is
	// entries[i/entryChunk][i%entryChunk].
	entries [][]spillKeyEntry
	count   int32
	byHash  map[uint64]int32
	// clashing holds the keys whose hash an earlier key has.
	clashing map[string]spillSpan
}

// arenaChunk is the size of an arena chunk (a longer key gets a chunk of
// its own length), entryChunk the entries of an entry chunk.
const (
	arenaChunk = 1 << 20
	entryChunk = 1 << 14
)

// spillKeyEntry is a key's place in the arenas and its value's in the
// file.
type spillKeyEntry struct {
	arena, off, n uint32 // key bytes: arenas[arena][off : off+n]
	at            spillSpan
}

func newSpillKeys() *spillKeys {
	return &spillKeys{seed: maphash.MakeSeed(), byHash: map[uint64]int32{}}
}

func (k *spillKeys) key(e *spillKeyEntry) []byte { return k.arenas[e.arena][e.off : e.off+e.n] }

// entry is entry i.
func (k *spillKeys) entry(i int32) *spillKeyEntry {
	return &k.entries[i/entryChunk][i%entryChunk]
}

// add appends an entry for key, a key not held yet, and returns its number.
func (k *spillKeys) add(key string, sp spillSpan) int32 {
	last := len(k.arenas) - 1
	if last < 0 || cap(k.arenas[last])-len(k.arenas[last]) < len(key) {
		k.arenas = append(k.arenas, make([]byte, 0, max(arenaChunk, len(key))))
		last++
	}
	e := spillKeyEntry{arena: uint32(last), off: uint32(len(k.arenas[last])), n: uint32(len(key)), at: sp}
	k.arenas[last] = append(k.arenas[last], key...)
	if k.count%entryChunk == 0 {
		k.entries = append(k.entries, make([]spillKeyEntry, 0, entryChunk))
	}
	chunk := &k.entries[len(k.entries)-1]
	*chunk = append(*chunk, e)
	k.count++
	return k.count - 1
}

// set records that key's latest value lies at sp.
func (k *spillKeys) set(key string, sp spillSpan) {
	h := maphash.String(k.seed, key)
	i, ok := k.byHash[h]
	switch {
	case !ok:
		k.byHash[h] = k.add(key, sp)
	case string(k.key(k.entry(i))) == key:
		k.entry(i).at = sp
	default:
		if k.clashing == nil {
			k.clashing = map[string]spillSpan{}
		}
		k.clashing[key] = sp
	}
}

// get returns where key's latest value lies.
func (k *spillKeys) get(key string) (spillSpan, bool) {
	if i, ok := k.byHash[maphash.String(k.seed, key)]; ok {
		if e := k.entry(i); string(k.key(e)) == key {
			return e.at, true
		}
	}
	sp, ok := k.clashing[key]
	return sp, ok
}

// sorted returns every key with where its value lies, in key order. The
// keys are the arena's bytes, valid while k is.
func (k *spillKeys) sorted() []spilledValue {
	out := make([]spilledValue, 0, int(k.count)+len(k.clashing))
	for _, chunk := range k.entries {
		for i := range chunk {
			out = append(out, spilledValue{key: k.key(&chunk[i]), at: chunk[i].at})
		}
	}
	for key, sp := range k.clashing {
		out = append(out, spilledValue{key: []byte(key), at: sp})
	}
	slices.SortFunc(out, func(a, b spilledValue) int { return bytes.Compare(a.key, b.key) })
	return out
}
