package freshness

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// treeReadCounter counts the reads a patch makes of a stored tree.
type treeReadCounter struct {
	snapshot.KV
	scans, entries int
	prefixes       []string
}

func (c *treeReadCounter) Get(key []byte) ([]byte, bool, error) {
	c.entries++
	return c.KV.Get(key)
}

func (c *treeReadCounter) Scan(prefix []byte, fn func(k, v []byte) error) error {
	c.scans++
	c.prefixes = append(c.prefixes, string(prefix))
	return c.KV.Scan(prefix, func(k, v []byte) error {
		c.entries++
		return fn(k, v)
	})
}

// randomChanges changes, removes and adds files of leaves: removals that
// empty whole directories, additions under new and old ones.
func randomChanges(rng *rand.Rand, leaves []Leaf, n int) ([]Change, []Leaf) {
	files := map[string][32]byte{}
	for _, l := range leaves {
		files[l.Path] = l.SHA256
	}
	var changes []Change
	for range n {
		var c Change
		switch k := rng.Intn(3); {
		case k == 0 && len(leaves) > 0:
			c = Change{Path: leaves[rng.Intn(len(leaves))].Path, Removed: true}
		case k == 1 && len(leaves) > 0:
			c = Change{Path: leaves[rng.Intn(len(leaves))].Path}
		default:
			c = Change{Path: fmt.Sprintf("%s/new%d", tricky[rng.Intn(len(tricky))], rng.Intn(1000))}
		}
		if !c.Removed && !fitsAsFile(c.Path, files) {
			continue
		}
		if c.Removed {
			delete(files, c.Path)
		} else {
			rng.Read(c.SHA256[:])
			files[c.Path] = c.SHA256
		}
		changes = append(changes, c)
	}
	var next []Leaf
	for _, p := range slices.Sorted(maps.Keys(files)) { // sorted: the next draw is reproducible
		next = append(next, Leaf{Path: p, SHA256: files[p]})
	}
	return dedupeChanges(changes, files), next
}

// fitsAsFile reports whether p can be a file among files: no ancestor of
// it is a file, and it is no directory.
func fitsAsFile(p string, files map[string][32]byte) bool {
	for f := range files {
		if strings.HasPrefix(f, p+"/") {
			return false
		}
	}
	return addsAsFile(p, files)
}

// dedupeChanges keeps each path's last change, as an update's changed
// paths name each path once.
func dedupeChanges(changes []Change, files map[string][32]byte) []Change {
	seen := map[string]bool{}
	var out []Change
	for _, c := range changes {
		if seen[c.Path] {
			continue
		}
		seen[c.Path] = true
		sum, ok := files[c.Path]
		out = append(out, Change{Path: c.Path, SHA256: sum, Removed: !ok})
	}
	return out
}

// TestPatchEqualsTree: after random additions, changes and removals (which
// empty directories, including the top one), the patched root and stored
// tree equal what Tree computes from all the new leaves.
func TestPatchEqualsTree(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := range 300 {
		leaves := randomLeaves(rng, rng.Intn(60))
		_, nodes := Tree(leaves)
		kv := memTree(nodes)
		for step := range 4 {
			changes, next := randomChanges(rng, leaves, 1+rng.Intn(12))
			if round%50 == 0 && step == 3 { // remove everything
				changes, next = nil, nil
				for _, l := range leaves {
					changes = append(changes, Change{Path: l.Path, Removed: true})
				}
			}
			root, ups, err := Patch(StoredChildren(kv), changes)
			if err != nil {
				t.Fatal(err)
			}
			wantRoot, wantNodes := Tree(next)
			if root != wantRoot {
				t.Fatalf("round %d step %d: patched root %x, full %x (changes %v)", round, step, root, wantRoot, changes)
			}
			kv = applyUpdates(t, kv, ups)
			if err := CheckStoredTree(kv, wantNodes); err != nil {
				t.Fatalf("round %d step %d: patched tree: %v", round, step, err)
			}
			leaves = next
		}
	}
}

// TestPatchReadsOnlyChangedPaths: a patch of a 20,000-file tree scans the
// tree keyspace once per directory on a changed path, for that
// directory's own children, and nothing else: a whole-tree or whole-leaf
// scan would fail it.
func TestPatchReadsOnlyChangedPaths(t *testing.T) {
	var leaves []Leaf
	for i := range 20000 {
		l := Leaf{Path: fmt.Sprintf("src/pkg%02d/mod%03d/f%d.go", i%40, i%400, i)}
		l.SHA256[0], l.SHA256[1] = byte(i), byte(i>>8)
		leaves = append(leaves, l)
	}
	_, nodes := Tree(leaves)
	kv := &treeReadCounter{KV: memTree(nodes)}
	changes := []Change{
		{Path: "src/pkg07/mod007/f7.go", SHA256: [32]byte{1}},
		{Path: "src/pkg07/mod007/added.go", SHA256: [32]byte{2}},
		{Path: "src/new/dir/g.go", SHA256: [32]byte{3}},
	}
	root, _, err := Patch(StoredChildren(kv), changes)
	if err != nil {
		t.Fatal(err)
	}
	// Directories on the paths: src/pkg07/mod007, src/pkg07, src/new/dir, src/new, src, "."
	if want := 6; kv.scans != want {
		t.Errorf("%d scans (%q), want %d: one per directory on a changed path", kv.scans, kv.prefixes, want)
	}
	// Their children: mod007 holds 50 files, pkg07 10 modules, src 40 packages, "." src.
	if want := 50 + 10 + 40 + 1; kv.entries != want {
		t.Errorf("read %d entries, want %d: the children of the directories on changed paths", kv.entries, want)
	}
	for _, p := range kv.prefixes {
		if len(p) == 0 || p[0] != snapshot.KsTree || p[len(p)-1] != 0 {
			t.Errorf("scan of %q: not one directory's children", p)
		}
	}
	next := append(leaves[:7:7], leaves[8:]...)
	next = append(next, Leaf{"src/pkg07/mod007/f7.go", [32]byte{1}}, Leaf{"src/pkg07/mod007/added.go", [32]byte{2}}, Leaf{"src/new/dir/g.go", [32]byte{3}})
	if want := Root(next); hex.EncodeToString(root[:]) != want {
		t.Errorf("patched root %x, full %s", root, want)
	}
}

// TestStoredChildrenRefusesDamage: a tree entry of the wrong length is
// reported with what to run, not hashed.
func TestStoredChildrenRefusesDamage(t *testing.T) {
	kv := snapshot.NewMemKV([]snapshot.Entry{{Key: snapshot.TreeKey(TopDir, "a.go"), Value: []byte("short")}})
	_, _, err := Patch(StoredChildren(kv), []Change{{Path: "b.go"}})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("update --full")) {
		t.Errorf("err = %v, want a damaged-entry error naming update --full", err)
	}
}
