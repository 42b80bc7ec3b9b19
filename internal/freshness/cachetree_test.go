package freshness

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// TestCacheTreeMatchesGit reads the cache tree git writes and checks every
// valid node against the tree git names for that directory; after staging
// an edit, the edited file's directories are invalid and only the others
// are proven equal to HEAD's tree.
func TestCacheTreeMatchesGit(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"top.py": "t\n", "a/x.py": "x\n", "b/y.py": "y\n", "b/c/z.py": "z\n", "b/c/w.py": "w\n"})
	r.Commit("base")
	r.Git("read-tree", "HEAD") // a clone or checkout primes the cache tree the same way
	idx, err := readGitIndex(filepath.Join(r.Dir, ".git"))
	if err != nil || idx.tree == nil {
		t.Fatalf("no cache tree read (%v)", err)
	}
	var check func(n *cacheTree, dir string)
	nodes := 0
	check = func(n *cacheTree, dir string) {
		nodes++
		want := r.Git("rev-parse", "HEAD:"+dir)
		if !n.valid || hex.EncodeToString(n.oid[:]) != want {
			t.Fatalf("cache tree %q: valid %v id %x, git says %s", dir, n.valid, n.oid, want)
		}
		for _, c := range n.children {
			check(c, dir+c.name+"/")
		}
	}
	check(idx.tree, "")
	if nodes != 4 {
		t.Fatalf("%d cache-tree nodes, want 4 (root, a, b, b/c)", nodes)
	}
	repoTree := func() map[string]bool {
		repo, err := gitrepo.Open(r.Dir)
		if err != nil {
			t.Fatal(err)
		}
		defer repo.Close()
		head, _ := repo.Head()
		tree, err := repo.Tree(head.Commit)
		if err != nil {
			t.Fatal(err)
		}
		idx, err := readGitIndex(filepath.Join(r.Dir, ".git"))
		if err != nil {
			t.Fatal(err)
		}
		return provenDirs(idx.tree, tree)
	}
	if got := repoTree(); !got[""] || len(got) != 1 {
		t.Fatalf("clean index: proven %v, want the whole tree", got)
	}
	r.Write(map[string]string{"b/c/z.py": "edited\n"})
	r.Git("add", "b/c/z.py")
	got := slices.Sorted(mapKeys(repoTree()))
	if diff := cmp.Diff([]string{"a/"}, got); diff != "" {
		t.Fatalf("after staging b/c/z.py, proven dirs (-want +got):\n%s", diff)
	}
}

func mapKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

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

// TestCheckReadsNoRecord: on a clean tree whose git cache tree vouches for
// every staged blob, a published snapshot is compared through its leaf
// index alone; staging an edit reads at most the records of the edited
// file's directory, and the answer stays git's.
func TestCheckReadsNoRecord(t *testing.T) {
	f := unindexedRepo(t)
	f.git.Git("read-tree", "HEAD")
	kv := &countingKV{KV: f.tableSnap().Index}
	snap, err := snapshot.Open(kv, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func() Block {
		head, _ := f.repo.Head()
		ref := &store.Ref{Branch: f.head.Branch, Commit: f.head.Commit}
		b, err := Check(context.Background(), Input{Repo: f.repo, Head: head, Ref: ref, Snap: snap,
			Candidate: f.rules.Candidate, StatCache: f.cache, IsCode: f.isCode, RulesKey: "test", Getenv: f.getenv})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if b := check(); b.Status != Fresh || kv.records != 0 {
		t.Fatalf("clean tree: %s, %d records read; want fresh and none", b.Status, kv.records)
	}
	writeFile(t, filepath.Join(f.git.Dir, "app/main.py"), []byte("def main():\n    pass\n"))
	f.git.Git("add", "app/main.py")
	b := check()
	if diff := cmp.Diff(f.gitStale(), b.StalePaths); diff != "" {
		t.Fatalf("staged edit (-git +got):\n%s", diff)
	}
	// Whether app/'s records are read or the file's bytes are hashed
	// against the leaf index depends on whether its mtime is racy against
	// git's index (same second): either way no record outside app/.
	if kv.records > 2 {
		t.Fatalf("staged edit in app/: %d records read, want at most those of app/ (2)", kv.records)
	}
}

// TestCheckWorktreeOverlay: a working-tree snapshot holds the blobs of the
// bytes it indexed, not the commit's, so git's cache tree proves nothing
// for it. The overlay indexed an edit the user then undid: git's index
// vouches for the file (HEAD's blob), which is not the overlay's, so the
// file is stale.
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

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
