package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// scanCounter records the prefix scans and point reads made through a KV.
type scanCounter struct {
	snapshot.KV
	scans []string
	gets  int
}

func (c *scanCounter) Get(key []byte) ([]byte, bool, error) {
	c.gets++
	return c.KV.Get(key)
}

func (c *scanCounter) Scan(prefix []byte, fn func(k, v []byte) error) error {
	c.scans = append(c.scans, string(prefix))
	return c.KV.Scan(prefix, fn)
}

func digestRecord(p, content string) *snapshot.File {
	sum := sha256.Sum256([]byte(content))
	return &snapshot.File{Path: p, SHA256: hex.EncodeToString(sum[:])}
}

// TestContentRootPatchesChangedPaths: an update's content root reads the
// base's tables only for the content-tree directories on its changed paths
// (no leaf scan, no record), and equals the root computed whole.
func TestContentRootPatchesChangedPaths(t *testing.T) {
	files := snapshot.MapSource{}
	for i := range 3000 {
		p := fmt.Sprintf("pkg%02d/sub%d/f%04d.go", i%30, i%3, i)
		files[p] = digestRecord(p, p)
	}
	base := &snapshot.Snapshot{Files: snapshot.NewFileSet(files)}
	tree, err := fullContentTree(context.Background(), base, 2)
	if err != nil {
		t.Fatal(err)
	}
	var es []snapshot.Entry
	for _, n := range tree.nodes {
		es = append(es, n.Entry())
	}
	for _, f := range files {
		es = append(es, snapshot.GenericEntries(f, snapshot.KsLeaf)...)
	}
	kv := &scanCounter{KV: snapshot.NewMemKV(es)}
	base.Index = kv
	next := &snapshot.Snapshot{Files: snapshot.NewFileSet(files)}
	next.Files.Set(digestRecord("pkg04/sub1/f0004.go", "changed"))
	next.Files.Set(digestRecord("pkg04/new.go", "added"))
	next.Files.Delete("pkg07/sub1/f0007.go")

	got, err := contentRoot(context.Background(), &phase.State{Base: base, Next: next}, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Kpkg04/sub1\x00", "Kpkg07/sub1\x00", "Kpkg04\x00", "Kpkg07\x00", "K.\x00"}
	if fmt.Sprintf("%q", kv.scans) != fmt.Sprintf("%q", want) || kv.gets != 0 {
		t.Errorf("the patch scanned %q and made %d point reads, want the scans %q only", kv.scans, kv.gets, want)
	}
	whole, err := fullContentTree(context.Background(), &snapshot.Snapshot{Files: snapshot.NewFileSet(next.Files.Flatten())}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got.root != whole.root || got.leaves != whole.leaves {
		t.Errorf("patched root %s over %d files, computed whole %s over %d", got.root, got.leaves, whole.root, whole.leaves)
	}
	// f0004 and new.go put, f0007 removed; sub1 in pkg04 and pkg07, pkg04 and pkg07 in "."
	if len(got.updates) != 3+4 {
		t.Errorf("%d updated nodes, want 7: three files and the four directories above them", len(got.updates))
	}
}
