package explicit

import (
	"bytes"
	"hash/maphash"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// presence tells, without reading the index, that a narrow lookup finds
// nothing: a Bloom filter of the lookups a full run's index entries
// answer. Resolution asks most names of a file in files that do not
// define them (a Go call of pkg.F looks in each of the package's files;
// on a 20,000-file repository 71% of the narrow scans by file found
// nothing), and each such scan was a seek through the on-disk index. The
// filter has false positives (a scan that finds nothing, as before) and
// no false negatives, so the answers are the same.
//
// What it holds, by the lookup it serves:
//
//	'f' family, name, path    nameDefsInFile: the name's entries in a file
//	'd' family, name, dir     nameDefsInDir: in a directory (not ".")
//	'p' family, name, parent  nameDefsOf: under a parent ("" too)
//	'm' family, module key    modulePaths
//	's' family, path          starModules
type presence struct {
	seed   maphash.Seed
	blocks [][blockWords]uint64
}

// blockWords is a filter block's size in 64-bit words: a key sets and
// tests bitsPerKey bits in one block, so a test reads one cache line.
const (
	blockWords  = 8
	bitsPerKey  = 6
	keysPerBits = 10 // filter bits per key: about 1% false positives
)

// presenceKeys collects the hashes of the lookups index entries answer,
// to be sized and built into a presence once all are known. They go in
// chunks of a fixed size: one slice grown by append was copied into a new
// one, a quarter larger, dozens of times on the way to the two million
// hashes of a 100,000-file init, and the workers' lists were copied once
// more into one.
type presenceKeys struct {
	seed   maphash.Seed
	chunks [][]uint64
	count  int
	seen   map[uint64]bool // this file's, so a file adds each once
}

// hashChunk is the hashes a chunk holds.
const hashChunk = 1 << 15

// addHash appends h, in a new chunk when the last is full.
func (pk *presenceKeys) addHash(h uint64) {
	if n := len(pk.chunks); n == 0 || len(pk.chunks[n-1]) == cap(pk.chunks[n-1]) {
		pk.chunks = append(pk.chunks, make([]uint64, 0, hashChunk))
	}
	last := &pk.chunks[len(pk.chunks)-1]
	*last = append(*last, h)
	pk.count++
}

// join takes in other's hashes, after its own, without copying them.
func (pk *presenceKeys) join(other *presenceKeys) {
	pk.chunks = append(pk.chunks, other.chunks...)
	pk.count += other.count
}

func newPresenceKeys() *presenceKeys {
	return &presenceKeys{seed: maphash.MakeSeed(), seen: map[uint64]bool{}}
}

// addFile adds the lookups one file's definition entries answer.
func (pk *presenceKeys) addFile(es []snapshot.Entry) {
	clear(pk.seen)
	add := func(h uint64) {
		if !pk.seen[h] {
			pk.seen[h] = true
			pk.addHash(h)
		}
	}
	var lastPath, lastDir string // a file's entries share its path
	dir := func(p []byte) string {
		if string(p) != lastPath {
			lastPath = string(p)
			lastDir = dirOf(lastPath)
		}
		return lastDir
	}
	for _, e := range es {
		forLookups(pk.seed, e, dir, add)
	}
}

// forLookups calls add with the hash of each narrow lookup that finds
// entry e (see presence).
// dir is dirOf of a path.
func forLookups(seed maphash.Seed, e snapshot.Entry, dir func([]byte) string, add func(uint64)) {
	if len(e.Key) == 0 {
		return
	}
	var parts [5][]byte
	n := splitParts(e.Key[1:], parts[:])
	switch e.Key[0] {
	case snapshot.KsName: // name, family, path, order
		if n != 4 {
			return
		}
		name, fam, path := parts[0], parts[1], parts[2]
		add(lookupHash(seed, 'f', fam, name, path))
		if d := dir(path); d != "." {
			add(lookupHash(seed, 'd', fam, name, []byte(d)))
		}
		// Under its parent ("" too): a definition without a listing by
		// parent (a call site's) is still in the name's broad answer, which
		// nameDefsOf keeps to the parent when it was read already.
		if p, ok := snapshot.DefParent(e.Value); ok {
			add(lookupHash(seed, 'p', fam, name, p))
		}
	case snapshot.KsMember: // family, parent, name, path, order
		if n == 5 {
			add(lookupHash(seed, 'p', parts[0], parts[2], parts[1]))
		}
	case snapshot.KsModule: // family, module key, path
		if n == 3 {
			add(lookupHash(seed, 'm', parts[0], parts[1]))
		}
	case snapshot.KsStar: // family, path, order
		if n == 3 {
			add(lookupHash(seed, 's', parts[0], parts[1]))
		}
	}
}

// splitParts splits a key's parts (after its keyspace byte) at their
// zero separators into out, and returns how many there are; more than
// len(out) returns len(out)+1.
func splitParts(key []byte, out [][]byte) int {
	for n := 0; ; n++ {
		if n == len(out) {
			return n + 1
		}
		i := bytes.IndexByte(key, 0)
		if i < 0 {
			out[n] = key
			return n + 1
		}
		out[n], key = key[:i], key[i+1:]
	}
}

// lookupHash hashes a lookup's kind and parts, each part ended by a zero
// byte (no part holds one: they are key parts).
func lookupHash(seed maphash.Seed, kind byte, parts ...[]byte) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteByte(kind)
	for _, p := range parts {
		h.Write(p)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// lookupHashString is lookupHash of string parts.
func lookupHashString(seed maphash.Seed, kind byte, parts ...string) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteByte(kind)
	for _, p := range parts {
		h.WriteString(p)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// build makes the filter of the collected keys and lets them go.
func (pk *presenceKeys) build() *presence {
	n := max(1, pk.count*keysPerBits/(64*blockWords))
	p := &presence{seed: pk.seed, blocks: make([][blockWords]uint64, n)}
	for _, c := range pk.chunks {
		for _, h := range c {
			p.add(h)
		}
	}
	pk.chunks, pk.seen = nil, nil
	return p
}

// probe calls fn with the word and bit of each of h's bits in its block,
// until fn returns false. The block comes from h's high half (a multiply,
// not a modulo); the bits, nine at a time (a block has 512), from h mixed
// again, so that they do not repeat the block's.
func (p *presence) probe(h uint64, fn func(w *uint64, bit uint64) bool) bool {
	b := &p.blocks[(h>>32)*uint64(len(p.blocks))>>32]
	bits := (h ^ h>>31) * 0x9e3779b97f4a7c15
	bits ^= bits >> 29
	for range bitsPerKey {
		i := bits & (blockWords*64 - 1)
		if !fn(&b[i/64], uint64(1)<<(i%64)) {
			return false
		}
		bits >>= 9
	}
	return true
}

func (p *presence) add(h uint64) {
	p.probe(h, func(w *uint64, bit uint64) bool { *w |= bit; return true })
}

// mayHold reports whether the lookup of kind and parts may find entries;
// a nil presence knows nothing, so everything may.
func (p *presence) mayHold(kind byte, parts ...string) bool {
	if p == nil {
		return true
	}
	return p.probe(lookupHashString(p.seed, kind, parts...), func(w *uint64, bit uint64) bool { return *w&bit != 0 })
}
