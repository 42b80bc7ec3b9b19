// Package freshness computes the content root of an indexed tree
// (sha256-merkle-v2, docs/design.md §5) and the freshness block every read carries.
package freshness

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// Algorithm names the content-root scheme.
const Algorithm = "sha256-merkle-v2"

// TopDir names the top directory of the tree, the one whose hash is the root.
const TopDir = "."

// Leaf is one indexed file: its repo-relative path and the SHA-256 of its
// exact bytes.
type Leaf struct {
	Path   string
	SHA256 [32]byte
}

// Node is one child of a directory in the content tree: a file (its leaf
// hash) or a subdirectory (its directory hash). A path is never both.
type Node struct {
	Dir  string // the directory holding it, TopDir for the top one
	Name string // its name in Dir
	Hash [32]byte
}

// LeafHash is SHA-256(0x00 ‖ SHA-256 of the file's bytes): the name is
// bound by the directory that lists it.
func LeafHash(fileSHA [32]byte) [32]byte {
	var buf [33]byte
	copy(buf[1:], fileSHA[:])
	return sha256.Sum256(buf[:])
}

// DirHash is SHA-256(0x01 ‖ for each child in name byte order:
// uint32-BE(len(name)) ‖ name ‖ child hash). children must be in name order.
func DirHash(children []Node) [32]byte {
	sum, _ := hashDir(children, nil)
	return sum
}

// hashDir is DirHash writing through buf, which it returns (grown) for the
// next directory's use: a tree of many directories allocates it once.
func hashDir(children []Node, buf []byte) ([32]byte, []byte) {
	h := sha256.New()
	buf = append(buf[:0], 1)
	for _, c := range children {
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(c.Name)))
		buf = append(buf, c.Name...)
		buf = append(buf, c.Hash[:]...)
		if len(buf) >= 4096 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var out [32]byte
	h.Sum(out[:0])
	return out, buf
}

// EmptyRoot is the root of a tree without files: SHA-256(0x02 ‖ "lgraph-empty").
func EmptyRoot() [32]byte { return sha256.Sum256(append([]byte{2}, "lgraph-empty"...)) }

// SplitPath returns the directory holding a path and its name there.
func SplitPath(p string) (dir, name string) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return TopDir, p
	}
	return p[:i], p[i+1:]
}

// depth is how many directories lie above dir's children: 0 for TopDir.
func depth(dir string) int {
	if dir == TopDir {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

// byDepthDown orders directories deepest first, so that a directory is
// hashed after every subdirectory of it.
func byDepthDown(a, b string) int {
	if c := cmp.Compare(depth(b), depth(a)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func byName(a, b Node) int { return strings.Compare(a.Name, b.Name) }

// hashChunk is how many leaves a goroutine claims at a time: fewer than two
// chunks are hashed on one goroutine, as more would not repay starting others.
const hashChunk = 2048

// dirBuild is a directory while a tree is built: how many files it holds,
// its subdirectories' paths, and where its children go in the node list.
type dirBuild struct {
	files       int
	subdirs     []string
	start, next int
}

// Tree computes the root over leaves (in any order) and every node of the
// tree, sorted by directory then name, which is their keys' order in a
// snapshot (docs/design.md §5). It hashes only digests: no file is read.
// Each directory's children fill one stretch of the node list, so nodes
// are allocated once.
func Tree(leaves []Leaf) ([32]byte, []Node) {
	if len(leaves) == 0 {
		return EmptyRoot(), nil
	}
	dirs := map[string]*dirBuild{}
	for _, l := range leaves {
		dir, _ := SplitPath(l.Path)
		addDir(dirs, dir).files++
	}
	order := make([]string, 0, len(dirs))
	for dir := range dirs {
		order = append(order, dir)
	}
	slices.Sort(order)
	total := 0
	for _, dir := range order {
		d := dirs[dir]
		d.start, d.next = total, total
		total += d.files + len(d.subdirs)
	}
	nodes := make([]Node, total)
	at := make([]int32, len(leaves))
	for i, l := range leaves {
		dir, name := SplitPath(l.Path)
		d := dirs[dir]
		at[i], nodes[d.next] = int32(d.next), Node{Dir: dir, Name: name}
		d.next++
	}
	forEach(len(leaves), hashChunk, func(i int) { nodes[at[i]].Hash = LeafHash(leaves[i].SHA256) })
	slices.SortFunc(order, byDepthDown)
	dirHash := make(map[string][32]byte, len(dirs))
	buf := make([]byte, 0, 8192)
	for _, dir := range order {
		d := dirs[dir]
		for _, sub := range d.subdirs {
			_, name := SplitPath(sub)
			nodes[d.next] = Node{Dir: dir, Name: name, Hash: dirHash[sub]}
			d.next++
		}
		kids := nodes[d.start:d.next]
		slices.SortFunc(kids, byName)
		dirHash[dir], buf = hashDir(kids, buf)
	}
	return dirHash[TopDir], nodes
}

// addDir returns dir's builder, creating it and listing it in its parent
// (and so on up) the first time dir is seen.
func addDir(dirs map[string]*dirBuild, dir string) *dirBuild {
	if d, ok := dirs[dir]; ok {
		return d
	}
	d := &dirBuild{}
	dirs[dir] = d
	if dir != TopDir {
		parent, _ := SplitPath(dir)
		p := addDir(dirs, parent)
		p.subdirs = append(p.subdirs, dir)
	}
	return d
}

// Root computes the content root of leaves, in hex.
func Root(leaves []Leaf) string {
	root, _ := Tree(leaves)
	return hex.EncodeToString(root[:])
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
