// Package freshness computes the content root of an indexed tree
// (sha256-merkle-v1, DESIGN §5) and the freshness block every read carries.
package freshness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"runtime"
	"sort"
	"sync"
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

// parallelMin is the number of hashes below which a level is hashed on
// one goroutine: fewer do not repay starting others.
const parallelMin = 4096

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
	inParallel(len(sorted), func(i int) { level[i] = LeafHash(sorted[i]) })
	for len(level) > 1 {
		next := make([][32]byte, (len(level)+1)/2)
		inParallel(len(next), func(i int) {
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

// inParallel runs fn for 0..n-1, split in contiguous ranges over the CPUs
// when n is large.
func inParallel(n int, fn func(i int)) {
	workers := runtime.GOMAXPROCS(0)
	if n < parallelMin || workers < 2 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for start := 0; start < n; start += chunk {
		end := min(start+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := start; i < end; i++ {
				fn(i)
			}
		}()
	}
	wg.Wait()
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
