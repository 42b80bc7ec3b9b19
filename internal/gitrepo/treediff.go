package gitrepo

import (
	"context"
	"maps"
	"slices"
	"sort"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// diffTrees lists the changes between two trees as go-git's DiffTree does,
// descending only into subtrees whose hashes differ. go-git's tree walker
// decodes every subtree of each directory it lists, so its diff of a
// one-file commit decodes all siblings of each directory on the file's
// path (a tenth of a second at 100,000 files); this one decodes the trees
// on changed paths only. Changes come sorted by path.
func diffTrees(ctx context.Context, from, to *object.Tree) (object.Changes, error) {
	var out object.Changes
	if err := diffInto(ctx, &out, "", from, to); err != nil {
		return nil, err
	}
	sort.SliceStable(out, func(i, j int) bool { return changeName(out[i]) < changeName(out[j]) })
	return out, nil
}

func changeName(c *object.Change) string {
	if c.To.Name != "" {
		return c.To.Name
	}
	return c.From.Name
}

// diffInto appends the changes under one directory (nil for a side that
// has no such directory).
func diffInto(ctx context.Context, out *object.Changes, dir string, from, to *object.Tree) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	a, b := entriesByName(from), entriesByName(to)
	names := slices.Sorted(maps.Keys(a))
	for n := range b {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		ea, inA := a[n]
		eb, inB := b[n]
		if inA && inB && ea.Hash == eb.Hash && ea.Mode == eb.Mode {
			continue
		}
		if err := diffEntry(ctx, out, joinPath(dir, n), side{from, ea, inA}, side{to, eb, inB}); err != nil {
			return err
		}
	}
	return nil
}

// side is one tree's entry of a name, if it has one.
type side struct {
	tree  *object.Tree
	entry object.TreeEntry
	ok    bool
}

func (s side) isDir() bool { return s.ok && s.entry.Mode == filemode.Dir }

func (s side) leaf() bool { return s.ok && s.entry.Mode != filemode.Dir }

// subtree is the side's directory of this name, nil when it has none.
func (s side) subtree() (*object.Tree, error) {
	if !s.isDir() {
		return nil, nil
	}
	return s.tree.Tree(s.entry.Name)
}

func (s side) change(p string) object.ChangeEntry {
	if !s.leaf() {
		return object.ChangeEntry{}
	}
	return object.ChangeEntry{Name: p, Tree: s.tree, TreeEntry: s.entry}
}

// diffEntry appends the changes of one differing name: directories are
// compared below, a leaf on both sides is a modification, and a leaf or
// directory on one side only (or replaced by the other kind) is deleted
// or inserted whole.
func diffEntry(ctx context.Context, out *object.Changes, p string, a, b side) error {
	if a.isDir() || b.isDir() {
		sa, err := a.subtree()
		if err != nil {
			return err
		}
		sb, err := b.subtree()
		if err != nil {
			return err
		}
		if err := diffInto(ctx, out, p, sa, sb); err != nil {
			return err
		}
	}
	if a.leaf() || b.leaf() {
		*out = append(*out, &object.Change{From: a.change(p), To: b.change(p)})
	}
	return nil
}

func entriesByName(t *object.Tree) map[string]object.TreeEntry {
	if t == nil {
		return nil
	}
	m := make(map[string]object.TreeEntry, len(t.Entries))
	for _, e := range t.Entries {
		m[e.Name] = e
	}
	return m
}

func joinPath(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}
