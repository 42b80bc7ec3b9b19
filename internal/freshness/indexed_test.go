package freshness

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// countingKV counts the file records read through it.
type countingKV struct {
	snapshot.KV
	records int
}

func (c *countingKV) Get(key []byte) ([]byte, bool, error) {
	if len(key) > 0 && key[0] == snapshot.KsFile {
		c.records++
	}
	return c.KV.Get(key)
}

// TestCheckReadsNoRecord: a published snapshot is compared with the
// working tree through its leaf index alone (path, SHA-256, blob id), so a
// read never decodes a file record, whatever git's index says: clean, a
// staged edit, an edit in the working tree, a staged edit undone, an index
// without a cache tree (git add invalidates it; go-git writes none), and
// an index whose stat data proves nothing, with the stat table cold and
// warm and a racy edit.
func TestCheckReadsNoRecord(t *testing.T) {
	f := unindexedRepo(t)
	kv := &countingKV{KV: f.tableSnap().Index}
	snap, err := snapshot.Open(kv, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		head, _ := f.repo.Head()
		ref := &store.Ref{Branch: f.head.Branch, Commit: f.head.Commit}
		b, err := Check(context.Background(), Input{Repo: f.repo, Head: head, Ref: ref, Snap: snap,
			Candidate: f.rules.Candidate, StatCache: f.cache, IsCode: f.isCode, RulesKey: "test", Getenv: f.getenv})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(f.gitStale(), b.StalePaths); diff != "" {
			t.Fatalf("%s: stale paths (-git +got):\n%s", step, diff)
		}
		if kv.records != 0 {
			t.Fatalf("%s: %d file records read to check freshness, want none", step, kv.records)
		}
	}
	check("clean, no cache tree")
	f.git.Git("read-tree", "HEAD")
	check("clean, cache tree")
	main := filepath.Join(f.git.Dir, "app/main.py")
	writeFile(t, main, []byte("def main():\n    pass\n"))
	check("working-tree edit")
	f.git.Git("add", "app/main.py")
	check("staged edit")
	f.git.Git("reset", "-q", "HEAD", "--", "app/main.py")
	f.git.Git("checkout", "--", "app/main.py")
	f.git.Git("update-index", "-q", "--refresh")
	check("edit undone")
	gitStale := func() {
		old := time.Now().Add(-48 * time.Hour)
		age(t, f.git.Dir, old.Add(time.Hour))
		if err := os.Chtimes(filepath.Join(f.git.Dir, ".git", "index"), old, old); err != nil {
			t.Fatal(err)
		}
	}
	gitStale()
	check("git's index stale, stat table cold")
	gitStale()
	check("git's index stale, stat table warm")
	writeFile(t, main, []byte("def main():\n    return\n"))
	gitStale()
	os.Chtimes(main, time.Now(), time.Now())
	check("git's index stale, racy edit")
}

// TestCheckWorktreeOverlay: a working-tree snapshot holds the blobs of the
// bytes it indexed, not the commit's. The overlay indexed an edit the user
// then undid: git's index vouches for the file (HEAD's blob), which is not
// the overlay's, so the file is stale.
func TestCheckWorktreeOverlay(t *testing.T) {
	f := unindexedRepo(t)
	f.git.Git("read-tree", "HEAD")
	edited := "def helper():\n    return 9\n"
	writeFile(t, filepath.Join(f.git.Dir, "app/util.py"), []byte(edited))
	overlay := snapshot.New()
	for _, file := range f.snap.Files.All() {
		c := *file
		if c.Path == "app/util.py" {
			c.Blob = f.git.Git("hash-object", "app/util.py")
			c.SHA256 = sha256Hex(edited)
		}
		overlay.Files.Set(&c)
	}
	f.git.Git("checkout", "--", "app/util.py") // the edit is undone
	f.git.Git("update-index", "-q", "--refresh")
	head, _ := f.repo.Head()
	ref := &store.Ref{Branch: f.head.Branch, Commit: f.head.Commit, Worktree: true}
	b, err := Check(context.Background(), Input{Repo: f.repo, Head: head, Ref: ref, Snap: overlay,
		Candidate: f.rules.Candidate, StatCache: f.cache, IsCode: f.isCode, RulesKey: "test", Getenv: f.getenv})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"app/util.py"}, b.StalePaths); diff != "" {
		t.Fatalf("overlay of an undone edit (-want +got):\n%s", diff)
	}
}

// TestLeafValueRoundTrip: a leaf entry carries the digest and blob id of a
// record, and a record without a blob id still gets its digest.
func TestLeafValueRoundTrip(t *testing.T) {
	sum := sha256Hex("x")
	blob := "0123456789abcdef0123456789abcdef01234567"
	v, ok := snapshot.LeafValue(&snapshot.File{SHA256: sum, Blob: blob})
	leaf, parsed := snapshot.ParseLeaf(v)
	if !ok || !parsed || !leaf.HasBlob || hex.EncodeToString(leaf.SHA256[:]) != sum || hex.EncodeToString(leaf.Blob[:]) != blob {
		t.Fatalf("leaf of a full record: %x (%v %v) -> %+v", v, ok, parsed, leaf)
	}
	v, ok = snapshot.LeafValue(&snapshot.File{SHA256: sum})
	if leaf, parsed = snapshot.ParseLeaf(v); !ok || !parsed || leaf.HasBlob {
		t.Fatalf("leaf of a record without blob: %x -> %+v", v, leaf)
	}
	if _, ok := snapshot.LeafValue(&snapshot.File{SHA256: "zz"}); ok {
		t.Fatal("a record with a damaged digest got a leaf")
	}
	if _, ok := snapshot.ParseLeaf(make([]byte, 40)); ok {
		t.Fatal("a 40-byte leaf parsed")
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
