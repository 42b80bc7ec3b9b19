package gitrepo

import (
	"context"
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

func newRepo(t *testing.T) *gittest.Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	return gittest.New(t)
}

// commitFiles commits n versions of a few files, each a small edit of the
// last, so a repack makes delta chains.
func commitFiles(t *testing.T, r *gittest.Repo, from, to int) []string {
	t.Helper()
	var ids []string
	for i := from; i < to; i++ {
		files := map[string]string{}
		for j := range 6 {
			var b strings.Builder
			for k := range 80 {
				fmt.Fprintf(&b, "line %d of file %d (version %d)\n", k, j, i*(k%9/8))
			}
			files[fmt.Sprintf("pkg%d/f%d.go", j%2, j)] = b.String()
		}
		r.Write(files)
		ids = append(ids, r.Commit(fmt.Sprintf("v%d", i)))
	}
	return ids
}

// TestRepoReadsWhatGitReads: HEAD, the tree walk, every blob and the
// commit count agree with git on packed history plus loose commits.
func TestRepoReadsWhatGitReads(t *testing.T) {
	r := newRepo(t)
	ids := commitFiles(t, r, 0, 12)
	r.Git("repack", "-adf", "--depth=50")
	ids = append(ids, commitFiles(t, r, 12, 15)...)
	repo, err := Open(filepath.Join(r.Dir, "pkg0"))
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	head, err := repo.Head()
	if err != nil || head.Commit != ids[len(ids)-1] || head.Branch != "main" {
		t.Fatalf("Head = %+v, %v; git's HEAD is %s on main", head, err, ids[len(ids)-1])
	}
	for _, id := range []string{ids[0], ids[7], head.Commit} {
		checkTree(t, r, repo, id)
	}
	d, err := repo.AheadBehind(ids[3], head.Commit, 100)
	want, _ := strconv.Atoi(r.Git("rev-list", "--count", ids[3]+".."+head.Commit))
	if err != nil || d.Behind != want || d.Ahead != 0 {
		t.Fatalf("AheadBehind = %+v, %v; git counts %d behind", d, err, want)
	}
	if repo.HasCommit(strings.Repeat("ab", 20)) || !repo.HasCommit(ids[0]) {
		t.Fatal("HasCommit disagrees with the history")
	}
}

// checkTree walks commit's tree and reads each blob, comparing with
// git ls-tree and git cat-file.
func checkTree(t *testing.T, r *gittest.Repo, repo *Repo, commit string) {
	t.Helper()
	tree, err := repo.Tree(commit)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := Walk(context.Background(), tree)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, fmt.Sprintf("%o blob %s\t%s", e.Mode, e.Blob, e.Path))
		data, err := repo.ReadBlob(e.Blob)
		if err != nil {
			t.Fatal(err)
		}
		if want := r.Git("cat-file", "blob", e.Blob); strings.TrimSpace(string(data)) != want {
			t.Fatalf("blob %s (%s) differs from git cat-file", e.Blob, e.Path)
		}
	}
	if want := r.Git("ls-tree", "-r", commit); strings.Join(got, "\n") != want {
		t.Fatalf("walk of %s:\n%s\ngit ls-tree:\n%s", commit, strings.Join(got, "\n"), want)
	}
}

// TestDiffFindsRename: a moved file with its content kept is a rename.
func TestDiffFindsRename(t *testing.T) {
	r := newRepo(t)
	ids := commitFiles(t, r, 0, 2)
	r.Git("repack", "-ad")
	r.Move("pkg0/f0.go", "moved/f0.go")
	r.Write(map[string]string{"pkg1/f1.go": "changed\n", "new.txt": "new\n"})
	r.Remove("pkg1/f3.go")
	to := r.Commit("move")
	repo, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	from, err := repo.Tree(ids[1])
	if err != nil {
		t.Fatal(err)
	}
	toTree, err := repo.Tree(to)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := repo.Diff(context.Background(), from, toTree)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, string(c.Action)+" "+c.Path())
	}
	want := "R moved/f0.go\nA new.txt\nM pkg1/f1.go\nD pkg1/f3.go"
	if strings.Join(got, "\n") != want {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestLinkedWorktree opens a linked worktree, whose objects live in the
// main repository's git dir.
func TestLinkedWorktree(t *testing.T) {
	r := newRepo(t)
	ids := commitFiles(t, r, 0, 3)
	r.Git("repack", "-ad")
	wt := filepath.Join(t.TempDir(), "wt")
	r.Git("worktree", "add", "-q", "--detach", wt, ids[1])
	repo, err := Open(wt)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	head, err := repo.Head()
	if err != nil || head.Commit != ids[1] || head.Branch != "" {
		t.Fatalf("Head = %+v, %v; want detached at %s", head, err, ids[1])
	}
	if repo.CommonDir != filepath.Join(r.Dir, ".git") {
		t.Fatalf("CommonDir %s", repo.CommonDir)
	}
	checkTree(t, r, repo, ids[1])
}

// TestWalkNamedListsWhatWalkDoes: WalkNamed lists the entries of Walk
// whose file name is the one asked, in Walk's order, and no other (not
// a longer name ending in it, nor a directory of that name).
func TestWalkNamedListsWhatWalkDoes(t *testing.T) {
	r := newRepo(t)
	r.Write(map[string]string{
		".gitattributes": "*.go text\n", "a/.gitattributes": "*.c -text\n", "a/b/c/.gitattributes": "x\n",
		"a/x.gitattributes": "not one\n", ".gitattributes.d/f": "nor this\n", "a/b/main.go": "package b\n",
	})
	commit := r.Commit("attributes here and there")
	repo, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	tree, err := repo.Tree(commit)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Walk(t.Context(), tree)
	if err != nil {
		t.Fatal(err)
	}
	var want []Entry
	for _, e := range all {
		if path.Base(e.Path) == AttributesFile {
			want = append(want, e)
		}
	}
	got, err := WalkNamed(t.Context(), tree, AttributesFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 || !slices.Equal(got, want) {
		t.Fatalf("WalkNamed = %v, want %v (3 files)", got, want)
	}
}
