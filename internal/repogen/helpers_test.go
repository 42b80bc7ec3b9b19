package repogen

import (
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/google/go-cmp/cmp"
)

// allLanguages lists every supported language.
var allLanguages = []string{LangGo, LangPython, LangJavaScript, LangTypeScript, LangJava, LangRust, LangRuby, LangC}

// newRepo generates a repository in a temp dir or fails the test.
func newRepo(t testing.TB, opts Options) *Repo {
	t.Helper()
	r, err := New(t.TempDir(), opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}

// randomCommits makes n random commits or fails the test.
func randomCommits(t testing.TB, r *Repo, seed int64, n int) []Commit {
	t.Helper()
	rnd := rand.New(rand.NewSource(seed))
	var out []Commit
	for i := 0; i < n; i++ {
		c, err := r.RandomCommit(rnd)
		if err != nil {
			t.Fatalf("RandomCommit %d: %v", i, err)
		}
		out = append(out, c)
	}
	return out
}

// headFiles reads every file of the HEAD commit with go-git.
func headFiles(t testing.TB, dir string) map[string]string {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	ref, err := repo.Head()
	if err != nil {
		t.Fatalf("head: %v", err)
	}
	c, err := repo.CommitObject(ref.Hash())
	if err != nil {
		t.Fatalf("commit: %v", err)
	}
	tree, err := c.Tree()
	if err != nil {
		t.Fatalf("tree: %v", err)
	}
	out := map[string]string{}
	err = tree.Files().ForEach(func(f *object.File) error {
		rd, err := f.Reader()
		if err != nil {
			return err
		}
		defer rd.Close()
		b, err := io.ReadAll(rd)
		out[f.Name] = string(b)
		return err
	})
	if err != nil {
		t.Fatalf("files: %v", err)
	}
	return out
}

// diskFiles reads every worktree file outside .git.
func diskFiles(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatalf("walk: %v", err)
	}
	return out
}

// repoFiles returns Files() with their contents.
func repoFiles(r *Repo) map[string]string {
	out := map[string]string{}
	for _, p := range r.Files() {
		out[p] = r.Read(p)
	}
	return out
}

// checkConsistent asserts Files(), the HEAD tree and the worktree agree.
func checkConsistent(t testing.TB, r *Repo) {
	t.Helper()
	want := repoFiles(r)
	if !sort.StringsAreSorted(r.Files()) {
		t.Fatalf("Files() is not sorted")
	}
	if diff := cmp.Diff(want, headFiles(t, r.Dir())); diff != "" {
		t.Fatalf("HEAD tree differs from Files() (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, diskFiles(t, r.Dir())); diff != "" {
		t.Fatalf("worktree differs from Files() (-want +got):\n%s", diff)
	}
}

// gitCLI runs the git command line in dir, skipping the test without git.
func gitCLI(t testing.TB, dir string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// filesWithExt returns the current files ending in ext.
func filesWithExt(r *Repo, ext string) []string {
	var out []string
	for _, p := range r.Files() {
		if strings.HasSuffix(p, ext) {
			out = append(out, p)
		}
	}
	return out
}
