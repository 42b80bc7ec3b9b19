package gitrepo

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWorktreesFromMetadata: the main worktree and every linked one are
// listed, a relative record is read relative to its own directory, and
// CommonDirAt leads each top to the same common directory.
func TestWorktreesFromMetadata(t *testing.T) {
	r := newRepo(t)
	r.Write(map[string]string{"a.txt": "a\n"})
	r.Commit("base")
	wt := filepath.Join(t.TempDir(), "wt")
	r.Git("worktree", "add", "-q", wt, "-b", "feat")
	common := filepath.Join(r.Dir, ".git")
	// A record as worktree.useRelativePaths writes it.
	rel := filepath.Join(common, "worktrees", "rel")
	if err := os.MkdirAll(rel, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rel, "gitdir"), []byte("../../../../elsewhere/.git\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := Worktrees(common)
	want := []string{r.Dir, filepath.Join(filepath.Dir(r.Dir), "elsewhere"), wt}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("Worktrees = %v, want %v", got, want)
	}
	for _, top := range []string{r.Dir, wt} {
		if c, ok := CommonDirAt(top); !ok || c != common {
			t.Errorf("CommonDirAt(%s) = %q, %v; want %s", top, c, ok, common)
		}
	}
	if _, ok := CommonDirAt(filepath.Dir(r.Dir)); ok {
		t.Error("a directory without .git is a worktree top")
	}
}
