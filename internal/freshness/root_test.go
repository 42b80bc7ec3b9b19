package freshness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// refDir is a directory of the reference tree: a file's digest or a
// subdirectory, by name.
type refDir map[string]any

// referenceRoot is sha256-merkle-v2 written out plainly, as docs/design.md
// §5 states it: nested directories, hashed recursively.
func referenceRoot(leaves []Leaf) string {
	top := refDir{}
	for _, l := range leaves {
		parts := strings.Split(l.Path, "/")
		d := top
		for _, p := range parts[:len(parts)-1] {
			if d[p] == nil {
				d[p] = refDir{}
			}
			d = d[p].(refDir)
		}
		d[parts[len(parts)-1]] = l.SHA256
	}
	if len(top) == 0 {
		sum := sha256.Sum256([]byte("\x02lgraph-empty"))
		return hex.EncodeToString(sum[:])
	}
	sum := referenceDir(top)
	return hex.EncodeToString(sum[:])
}

func referenceDir(d refDir) [32]byte {
	b := []byte{1}
	for _, name := range slices.Sorted(maps.Keys(d)) { // Go compares strings by bytes
		var h [32]byte
		switch v := d[name].(type) {
		case refDir:
			h = referenceDir(v)
		case [32]byte:
			h = sha256.Sum256(append([]byte{0}, v[:]...))
		}
		b = binary.BigEndian.AppendUint32(b, uint32(len(name)))
		b = append(append(b, name...), h[:]...)
	}
	return sha256.Sum256(b)
}

// tricky are names whose bytes sort around "/": a tree must not order
// "a/b" by its full path, where "a.b" < "a/b" < "a0".
var tricky = []string{"a", "a.b", "a0", "a-b", "b", "é", "a b", "A", "a/b", "a/b.c", "a/b/c", "a.b/c", "a/b0/c", "a/b/c/d", "x/y/z/w/v"}

// randomLeaves draws up to n files under paths made of tricky names (a name is
// never both a file and a directory, as in git).
func randomLeaves(rng *rand.Rand, n int) []Leaf {
	files := map[string][32]byte{}
	dirs := map[string]bool{}
	for try := 0; len(files) < n && try < 100*(n+1); try++ { // a file named "a" rules out every "a/…": fewer may fit
		p := tricky[rng.Intn(len(tricky))]
		if rng.Intn(2) == 0 {
			p = fmt.Sprintf("%s/f%d", p, rng.Intn(n+1))
		}
		if dirs[p] || !addsAsFile(p, files) {
			continue
		}
		var sum [32]byte
		rng.Read(sum[:])
		files[p] = sum
		for d, _ := SplitPath(p); d != TopDir; d, _ = SplitPath(d) {
			dirs[d] = true
		}
	}
	var out []Leaf
	for _, p := range slices.Sorted(maps.Keys(files)) { // sorted, then shuffled: reproducible
		out = append(out, Leaf{Path: p, SHA256: files[p]})
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// addsAsFile reports whether no ancestor directory of p is a file.
func addsAsFile(p string, files map[string][32]byte) bool {
	for d, _ := SplitPath(p); d != TopDir; d, _ = SplitPath(d) {
		if _, isFile := files[d]; isFile {
			return false
		}
	}
	return true
}

// TestRootMatchesReference: the root equals the plain recursive
// computation for trees of names that sort around "/", sizes around the
// parallel threshold, and leaves given in any order.
func TestRootMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 3, 7, 40, hashChunk + 1, 2*hashChunk + 1} {
		for range 5 {
			leaves := randomLeaves(rng, n)
			if got, want := Root(leaves), referenceRoot(leaves); got != want {
				t.Fatalf("%d leaves: root %s, want %s", n, got, want)
			}
		}
	}
}

// TestTreeNodesAreKeyOrdered: Tree lists its nodes in their keys' order,
// which a table writer needs, one entry per file and per directory.
func TestTreeNodesAreKeyOrdered(t *testing.T) {
	leaves := randomLeaves(rand.New(rand.NewSource(2)), 300)
	_, nodes := Tree(leaves)
	dirs := map[string]bool{}
	for i, n := range nodes {
		if i > 0 && string(nodes[i-1].Entry().Key) >= string(n.Entry().Key) {
			t.Fatalf("node %q after %q", n.Entry().Key, nodes[i-1].Entry().Key)
		}
		if n.Dir != TopDir {
			dirs[n.Dir] = true
		}
	}
	if want := len(leaves) + len(dirs); len(nodes) != want {
		t.Errorf("%d nodes, want %d (files and directories but the top one)", len(nodes), want)
	}
}

// TestEmptyRoot: no files make the documented empty root.
func TestEmptyRoot(t *testing.T) {
	// sha256(b"\2lgraph-empty"), as python3's hashlib computes it
	if got := Root(nil); got != "ef3e46e141ac2891fff869d8c05451ccfa28d27f3f9db4be4ce77f4e395445d2" {
		t.Errorf("empty root %s", got)
	}
	if _, nodes := Tree(nil); nodes != nil {
		t.Errorf("an empty tree has nodes %v", nodes)
	}
}

// memTree stores a tree's nodes as a snapshot would, in a KV.
func memTree(nodes []Node) *snapshot.MemKV {
	es := make([]snapshot.Entry, len(nodes))
	for i, n := range nodes {
		es[i] = n.Entry()
	}
	return snapshot.NewMemKV(es)
}

// applyUpdates returns the stored tree with a patch's updates applied.
func applyUpdates(t *testing.T, kv *snapshot.MemKV, ups []Update) *snapshot.MemKV {
	t.Helper()
	byKey := map[string]snapshot.Entry{}
	for _, e := range kv.Entries() {
		byKey[string(e.Key)] = e
	}
	for _, u := range ups {
		e := u.Entry()
		if _, had := byKey[string(e.Key)]; u.Removed && !had {
			t.Fatalf("patch removes %q, which the base does not hold", e.Key)
		}
		if u.Removed {
			delete(byKey, string(e.Key))
		} else {
			byKey[string(e.Key)] = e
		}
	}
	return snapshot.NewMemKV(slices.Collect(maps.Values(byKey)))
}

// benchLeaves are 100,000 files in 100 packages of 10 modules each, 100
// files to a module: the shape of a large repository.
func benchLeaves() []Leaf {
	leaves := make([]Leaf, 100000)
	for i := range leaves {
		leaves[i].Path = fmt.Sprintf("src/pkg%03d/module%02d/file%05d.go", i/1000, i/100%10, i)
		leaves[i].SHA256 = sha256.Sum256([]byte(leaves[i].Path))
	}
	return leaves
}

// BenchmarkRoot is the full content root of 100,000 leaves, what init
// and a check of a fetched snapshot compute.
func BenchmarkRoot(b *testing.B) {
	leaves := benchLeaves()
	b.ReportAllocs()
	start := processCPU(b)
	for b.Loop() {
		Tree(leaves)
	}
	reportCPU(b, start)
}

// BenchmarkPatch is an update's content root at 100,000 leaves: the
// stored tree patched along 1 or 10 changed paths in different packages
// (with 10: one added, one removed, the rest changed).
func BenchmarkPatch(b *testing.B) {
	leaves := benchLeaves()
	_, nodes := Tree(leaves)
	kv := memTree(nodes)
	for _, n := range []int{1, 10} {
		changes := []Change{{Path: leaves[50000].Path, SHA256: [32]byte{1}}}
		if n > 1 {
			changes = append(changes, Change{Path: "src/pkg003/module04/added.go", SHA256: [32]byte{2}},
				Change{Path: leaves[7].Path, Removed: true})
		}
		for i := len(changes); i < n; i++ {
			changes = append(changes, Change{Path: leaves[i*9973].Path, SHA256: [32]byte{byte(i)}})
		}
		b.Run(fmt.Sprintf("changed=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			start := processCPU(b)
			for b.Loop() {
				if _, _, err := Patch(StoredChildren(kv), changes); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// processCPU is the CPU time the process has used: on a loaded machine a
// benchmark's CPU per op says what its wall time cannot.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the CPU time per op since start to b's results.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), "cpu-ns/op")
}
