package freshness

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// cacheTree is git's cache-tree index extension ("TREE"): for each
// directory whose entries have not changed since git last wrote a tree from
// them, the id of that tree. git status uses it to skip comparing the index
// with HEAD directory by directory; freshness uses it the same way to know
// which staged blobs are the indexed commit's without reading a record.
type cacheTree struct {
	name     string // path component ("" for the root)
	valid    bool   // false: git invalidated it (entry count -1)
	oid      [20]byte
	children []*cacheTree
}

// parseCacheTree decodes a TREE extension body (SHA-1 ids).
func parseCacheTree(data []byte) (*cacheTree, error) {
	t, rest, err := parseCacheNode(data, 0)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, errors.New("cache tree: trailing bytes")
	}
	return t, nil
}

// maxCacheDepth bounds the nesting a damaged extension could claim.
const maxCacheDepth = 4096

// parseCacheNode reads one node ("name\0count subtrees\n[oid]") and its
// subtrees, which follow it in order.
func parseCacheNode(d []byte, depth int) (*cacheTree, []byte, error) {
	bad := errors.New("cache tree: damaged")
	if depth > maxCacheDepth {
		return nil, nil, bad
	}
	nul := bytes.IndexByte(d, 0)
	if nul < 0 {
		return nil, nil, bad
	}
	t := &cacheTree{name: string(d[:nul])}
	d = d[nul+1:]
	nl := bytes.IndexByte(d, '\n')
	if nl < 0 {
		return nil, nil, bad
	}
	countStr, subStr, ok := bytes.Cut(d[:nl], []byte{' '})
	if !ok {
		return nil, nil, bad
	}
	count, err1 := strconv.Atoi(string(countStr))
	subs, err2 := strconv.Atoi(string(subStr))
	if err1 != nil || err2 != nil || subs < 0 || subs > len(d) {
		return nil, nil, bad
	}
	d = d[nl+1:]
	if count >= 0 {
		if len(d) < 20 {
			return nil, nil, bad
		}
		t.valid = true
		copy(t.oid[:], d[:20])
		d = d[20:]
	}
	for range subs {
		var c *cacheTree
		var err error
		if c, d, err = parseCacheNode(d, depth+1); err != nil {
			return nil, nil, err
		}
		t.children = append(t.children, c)
	}
	return t, d, nil
}

// provenDirs lists the directories ("" is the whole tree, others end in
// "/") whose staged entries are exactly those of tree: valid cache-tree
// nodes with tree's id for the same directory. Only the directories git
// invalidated are descended into, so the cost is that of what was staged
// since git last wrote a tree, as in git status.
func provenDirs(ct *cacheTree, tree *object.Tree) map[string]bool {
	out := map[string]bool{}
	var walk func(n *cacheTree, t *object.Tree, prefix string)
	walk = func(n *cacheTree, t *object.Tree, prefix string) {
		if n.valid && bytes.Equal(n.oid[:], t.Hash[:]) {
			out[prefix] = true
			return
		}
		for _, c := range n.children {
			sub, err := t.Tree(c.name)
			if err != nil {
				continue // not a directory of tree: nothing below is proven
			}
			walk(c, sub, prefix+c.name+"/")
		}
	}
	walk(ct, tree, "")
	return out
}

// underProven reports whether a path lies in one of the proven directories.
func underProven(proven map[string]bool, p string) bool {
	if proven[""] {
		return true
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && proven[p[:i+1]] {
			return true
		}
	}
	return false
}
