package freshness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"sort"
	"testing"
)

// referenceRoot is sha256-merkle-v1 written out plainly, one hash at a
// time, as docs/design.md §5 states it.
func referenceRoot(leaves []Leaf) string {
	if len(leaves) == 0 {
		sum := sha256.Sum256(append([]byte{2}, "lgraph-empty"...))
		return hex.EncodeToString(sum[:])
	}
	ls := append([]Leaf(nil), leaves...)
	sort.Slice(ls, func(i, j int) bool { return ls[i].Path < ls[j].Path })
	var level [][]byte
	for _, l := range ls {
		b := []byte{0}
		b = binary.BigEndian.AppendUint32(b, uint32(len(l.Path)))
		b = append(append(b, l.Path...), l.SHA256[:]...)
		sum := sha256.Sum256(b)
		level = append(level, sum[:])
	}
	for len(level) > 1 {
		var next [][]byte
		for i := 0; i < len(level); i += 2 {
			if i+1 == len(level) {
				next = append(next, level[i])
				continue
			}
			sum := sha256.Sum256(append(append([]byte{1}, level[i]...), level[i+1]...))
			next = append(next, sum[:])
		}
		level = next
	}
	return hex.EncodeToString(level[0])
}

// TestRootMatchesReference: the root, hashed on several goroutines for
// large levels, equals the plain computation for sizes around the parallel
// threshold and odd counts, with leaves given unsorted, and long paths.
func TestRootMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 3, 7, hashChunk - 1, hashChunk, hashChunk + 1, 2*hashChunk + 1, 4*hashChunk + 3, 10001} {
		leaves := make([]Leaf, n)
		for i := range leaves {
			leaves[i].Path = fmt.Sprintf("d%d/f%d.go", rng.Intn(50), i)
			if i%97 == 0 {
				leaves[i].Path += "/" + string(make([]byte, 300)) // longer than LeafHash's stack buffer
			}
			rng.Read(leaves[i].SHA256[:])
		}
		rng.Shuffle(len(leaves), func(i, j int) { leaves[i], leaves[j] = leaves[j], leaves[i] })
		if got, want := Root(leaves), referenceRoot(leaves); got != want {
			t.Errorf("%d leaves: root %s, want %s", n, got, want)
		}
	}
}

// BenchmarkRoot is the content root of 100,000 leaves, what every publish
// of a 100,000-file repository computes.
func BenchmarkRoot(b *testing.B) {
	leaves := make([]Leaf, 100000)
	for i := range leaves {
		leaves[i].Path = fmt.Sprintf("src/pkg%03d/module%05d/file.go", i/1000, i)
		leaves[i].SHA256 = sha256.Sum256([]byte(leaves[i].Path))
	}
	b.ReportAllocs()
	for b.Loop() {
		Root(leaves)
	}
}
