package syntax

import sitter "github.com/tree-sitter/go-tree-sitter"

// Kids iterates over the named children of a node. The walks visit
// named nodes only: every tree-sitter call is a cgo call, and anonymous tokens
// are about 40% of all nodes. NamedChild(i) is O(i) in C, so wide nodes (long
// array literals, big class bodies) are iterated with a cursor instead.
type Kids struct {
	n      *sitter.Node
	i, cnt uint
	c      *sitter.TreeCursor
}

// KidsOf starts iterating over n's named children; Close frees the
// cursor a wide node needs.
func KidsOf(n *sitter.Node) Kids { return Kids{n: n, cnt: n.NamedChildCount()} }

// Next returns the next named child, or nil at the end.
func (it *Kids) Next() *sitter.Node {
	if it.cnt <= 32 {
		if it.i >= it.cnt {
			return nil
		}
		it.i++
		return it.n.NamedChild(it.i - 1)
	}
	if it.c == nil {
		it.c = it.n.Walk()
		if !it.c.GotoFirstChild() {
			return nil
		}
	} else if !it.c.GotoNextSibling() {
		return nil
	}
	for {
		if ch := it.c.Node(); ch.IsNamed() {
			return ch
		}
		if !it.c.GotoNextSibling() {
			return nil
		}
	}
}

// Close frees the iterator's cursor, if it made one.
func (it *Kids) Close() {
	if it.c != nil {
		it.c.Close()
	}
}
