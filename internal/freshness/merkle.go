// Package freshness computes the content root of an indexed tree
// (sha256-merkle-v1, docs/design.md §5) and the freshness block every read carries.
package freshness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"sort"
)

// Algorithm names the content-root scheme.
const Algorithm = "sha256-merkle-v1"

// Leaf is one indexed file: its repo-relative path and the SHA-256 of its
// exact bytes.
type Leaf struct {
	Path   string
	SHA256 [32]byte
}

// LeafHash is SHA-256(0x00 ‖ uint32-BE(len(path)) ‖ path ‖ file-sha256).
func LeafHash(l Leaf) [32]byte {
	var stack [256]byte // most paths fit: no allocation per leaf
	buf := stack[:0]
	if n := 5 + len(l.Path) + 32; n > len(stack) {
		buf = make([]byte, 0, n)
	}
	buf = append(buf, 0)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(l.Path)))
	buf = append(buf, l.Path...)
	buf = append(buf, l.SHA256[:]...)
	return sha256.Sum256(buf)
}

// hashChunk is how many hashes a goroutine claims at a time: levels
// smaller than two chunks are hashed on one goroutine, as more would not
// repay starting others.
const hashChunk = 2048

// Root computes the merkle root of leaves (sorted here by path bytes).
// Inner nodes are SHA-256(0x01 ‖ left ‖ right); an odd node is promoted.
// It hashes only 32-byte digests: no file is read. Large levels are hashed
// on every CPU; the result does not depend on how.
func Root(leaves []Leaf) string {
	if len(leaves) == 0 {
		sum := sha256.Sum256(append([]byte{2}, "lgraph-empty"...))
		return hex.EncodeToString(sum[:])
	}
	sorted := leaves
	if !sort.SliceIsSorted(leaves, func(i, j int) bool { return leaves[i].Path < leaves[j].Path }) {
		// Leaves read from an index come sorted; others are sorted here.
		sorted = append([]Leaf(nil), leaves...)
		sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	}
	level := make([][32]byte, len(sorted))
	forEach(len(sorted), hashChunk, func(i int) { level[i] = LeafHash(sorted[i]) })
	for len(level) > 1 {
		next := make([][32]byte, (len(level)+1)/2)
		forEach(len(next), hashChunk, func(i int) {
			if 2*i+1 == len(level) {
				next[i] = level[2*i] // the odd node is promoted
				return
			}
			var buf [65]byte
			buf[0] = 1
			copy(buf[1:33], level[2*i][:])
			copy(buf[33:], level[2*i+1][:])
			next[i] = sha256.Sum256(buf[:])
		})
		level = next
	}
	return hex.EncodeToString(level[0][:])
}

// ParseLeaf builds a leaf from a hex file digest.
func ParseLeaf(path, hexSHA string) (Leaf, error) {
	b, err := hex.DecodeString(hexSHA)
	if err != nil || len(b) != 32 {
		return Leaf{}, fmt.Errorf("bad sha256 %q for %s", hexSHA, path)
	}
	l := Leaf{Path: path}
	copy(l.SHA256[:], b)
	return l, nil
}
