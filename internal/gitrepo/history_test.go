package gitrepo_test

import (
	"context"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
)

// TestTouchedDirs: for every commit of a history with nested additions, a
// deleted directory, a file that becomes a directory, a rename and a merge,
// the directories TouchedDirs names are those of the paths git diff-tree
// lists against the first parent (the root commit against nothing).
func TestTouchedDirs(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"top.go": "package top\n", "a/b/c/deep.go": "package c\n", "a/x.go": "package a\n", "gone/g.go": "package g\n", "swap": "file\n"})
	r.Commit("root")
	r.Write(map[string]string{"a/b/c/deep.go": "package c // changed\n", "new/dir/n.go": "package dir\n"})
	r.Commit("nested")
	r.Git("rm", "-q", "-r", "gone", "swap")
	r.Write(map[string]string{"swap/inside.go": "package swap\n"})
	r.Commit("delete a directory, a file becomes one")
	r.Move("a/x.go", "new/x.go")
	r.Commit("rename across directories")
	r.Git("checkout", "-q", "-b", "side")
	r.Write(map[string]string{"side/s.go": "package side\n", "top.go": "package top // side\n"})
	r.Commit("side")
	r.Git("checkout", "-q", "main")
	r.Write(map[string]string{"a/b/c/deep.go": "package c // main\n"})
	r.Git("update-index", "--chmod=+x", "new/x.go") // a mode change alone changes new/
	r.Commit("main moves on")
	r.Git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	repo, err := gitrepo.Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	head, _ := repo.Head()
	line, _, err := repo.FirstParents(context.Background(), head.Commit, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(line) != 6 || !line[0].Merge || line[0].Subject != "merge side" || line[5].Subject != "root" {
		t.Fatalf("first-parent line: %+v", line)
	}
	for _, c := range line {
		got, err := repo.TouchedDirs(context.Background(), c.Hash)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"diff-tree", "-r", "--name-only", "--no-commit-id", "--root", c.Hash}
		if c.Subject != "root" {
			args = []string{"diff-tree", "-r", "--name-only", "--no-commit-id", c.Hash + "^1", c.Hash}
		}
		var want []string
		for _, p := range strings.Fields(r.Git(args...)) {
			if d := path.Dir(p); !slices.Contains(want, d) {
				want = append(want, d)
			}
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: TouchedDirs %v, git diff-tree %v", c.Subject, got, want)
		}
		if c.Subject == "root" {
			continue
		}
		// An update's own diff of the commit against its first parent
		// names the same directories (what the wiki's history reuses).
		from, err := repo.Tree(strings.TrimSpace(r.Git("rev-parse", c.Hash+"^1")))
		if err != nil {
			t.Fatal(err)
		}
		to, err := repo.Tree(c.Hash)
		if err != nil {
			t.Fatal(err)
		}
		changes, err := repo.Diff(context.Background(), from, to)
		if err != nil {
			t.Fatal(err)
		}
		if dirs := gitrepo.ChangedDirs(changes); !slices.Equal(dirs, want) {
			t.Errorf("%s: ChangedDirs of its diff %v, git diff-tree %v", c.Subject, dirs, want)
		}
	}
}
