// Package freshness computes the content root of an indexed tree
// (sha256-merkle-v1, DESIGN §5) and the freshness block every read carries.
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
	h := sha256.New()
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(l.Path)))
	h.Write([]byte{0})
	h.Write(n[:])
	h.Write([]byte(l.Path))
	h.Write(l.SHA256[:])
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// Root computes the merkle root of leaves (sorted here by path bytes).
// Inner nodes are SHA-256(0x01 ‖ left ‖ right); an odd node is promoted.
// It hashes only 32-byte digests: no file is read.
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
	for i, l := range sorted {
		level[i] = LeafHash(l)
	}
	var buf [65]byte
	buf[0] = 1
	for len(level) > 1 {
		next := level[:0:0]
		next = make([][32]byte, 0, (len(level)+1)/2)
		for i := 0; i < len(level); i += 2 {
			if i+1 == len(level) {
				next = append(next, level[i])
				continue
			}
			copy(buf[1:33], level[i][:])
			copy(buf[33:], level[i+1][:])
			next = append(next, sha256.Sum256(buf[:]))
		}
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
