package freshness

import (
	"fmt"
	"slices"
)

// Children reads the stored children of a directory of the base tree, in
// name order (none for a directory the base does not hold).
type Children func(dir string) ([]Node, error)

// Change is a file an update added, changed or removed.
type Change struct {
	Path    string
	SHA256  [32]byte // the new bytes' digest, unless Removed
	Removed bool
}

// Update is a node a patch puts into the stored tree, or removes from it.
type Update struct {
	Node
	Removed bool
}

// childChange is what a patch does to one child of a directory.
type childChange struct {
	hash    [32]byte
	removed bool
	file    bool // set by a file's change, not by a subdirectory's rehash
}

// Patch computes the root of the base tree with changes applied, reading
// only the directories on the changed paths: one Children call for each,
// deepest first, so a directory is rehashed once its changed subdirectories
// are. It returns the root and the stored nodes that change (a directory
// left empty is removed from its parent). Tree over the new leaves gives
// the same root and nodes (docs/design.md §1, invariant 1).
func Patch(read Children, changes []Change) ([32]byte, []Update, error) {
	pending := map[string]map[string]childChange{}
	set := func(dir, name string, c childChange) {
		if pending[dir] == nil {
			pending[dir] = map[string]childChange{}
		}
		pending[dir][name] = c
	}
	dirs := []string{TopDir} // the root is the top directory's hash, changed or not
	listed := map[string]bool{TopDir: true}
	for _, c := range changes {
		dir, name := SplitPath(c.Path)
		cc := childChange{removed: c.Removed, file: true}
		if !c.Removed {
			cc.hash = LeafHash(c.SHA256)
		}
		set(dir, name, cc)
		for d := dir; !listed[d]; d, _ = SplitPath(d) {
			listed[d] = true // and so, by the time the walk stops, its ancestors
			dirs = append(dirs, d)
			if d == TopDir {
				break
			}
		}
	}
	slices.SortFunc(dirs, byDepthDown)
	root, updates := EmptyRoot(), []Update(nil)
	for _, dir := range dirs {
		base, err := read(dir)
		if err != nil {
			return root, nil, fmt.Errorf("read content tree directory %s: %w", dir, err)
		}
		kids, ups := applyChanges(dir, base, pending[dir])
		updates = append(updates, ups...)
		switch {
		case dir == TopDir:
			if len(kids) > 0 {
				root = DirHash(kids)
			}
		case len(kids) > 0:
			parent, name := SplitPath(dir)
			set(parent, name, childChange{hash: DirHash(kids)})
		default:
			parent, name := SplitPath(dir)
			if cur, ok := pending[parent][name]; !ok || !cur.file || cur.removed {
				set(parent, name, childChange{removed: true}) // a file added there keeps its place
			}
		}
	}
	return root, updates, nil
}

// applyChanges returns a directory's children after changes, in name
// order, and the updates that turn base into them: only children whose
// hash differs, and removals only of children the base holds.
func applyChanges(dir string, base []Node, changes map[string]childChange) ([]Node, []Update) {
	kids := make([]Node, 0, len(base)+len(changes))
	var ups []Update
	seen := make(map[string]bool, len(changes))
	for _, n := range base {
		c, ok := changes[n.Name]
		if ok {
			seen[n.Name] = true
		}
		switch {
		case !ok:
			kids = append(kids, n)
		case c.removed:
			ups = append(ups, Update{Node: n, Removed: true})
		default:
			next := Node{Dir: dir, Name: n.Name, Hash: c.hash}
			kids = append(kids, next)
			if next.Hash != n.Hash {
				ups = append(ups, Update{Node: next})
			}
		}
	}
	added := false
	for name, c := range changes {
		if !seen[name] && !c.removed {
			next := Node{Dir: dir, Name: name, Hash: c.hash}
			kids, ups, added = append(kids, next), append(ups, Update{Node: next}), true
		}
	}
	if added {
		slices.SortFunc(kids, byName)
	}
	return kids, ups
}
