package wiki

import (
	"context"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestOneCommitUpdateDiffsNoTree: an update of one commit whose run
// diffed it against the base's commit reads that diff's directories into
// the window instead of diffing the commit's trees again (at 100,000
// files the directories near the root list a thousand entries each, read
// and decoded twice), and the window is the one a diff of its own gives.
func TestOneCommitUpdateDiffsNoTree(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"a/x.go": "package a\n", "b/y.go": "package b\n", "c/d/z.go": "package d\n"})
	base := r.Commit("start")
	r.Write(map[string]string{"a/x.go": "package a // changed\n", "README.md": "hi\n", "c/d/e/new.go": "package e\n"})
	r.Move("b/y.go", "c/y.go")
	head := r.Commit("change")
	repo, err := gitrepo.Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	from, err := repo.Tree(base)
	if err != nil {
		t.Fatal(err)
	}
	to, err := repo.Tree(head)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := repo.Diff(context.Background(), from, to)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	state := func(diff *phase.CommitDiff) *phase.State {
		return &phase.State{Repo: repo, Commit: head, Config: &cfg, CommitDiff: diff,
			Base: &snapshot.Snapshot{Commit: base, Window: []snapshot.WindowCommit{{Hash: base, Dirs: []string{"a", "b", "c/d"}, Known: true}}}}
	}
	own, err := newHistory(context.Background(), state(nil), false)
	if err != nil {
		t.Fatal(err)
	}
	reused, err := newHistory(context.Background(), state(&phase.CommitDiff{From: base, To: head, Dirs: gitrepo.ChangedDirs(changes)}), false)
	if err != nil {
		t.Fatal(err)
	}
	if own.diffed != 1 || reused.diffed != 0 {
		t.Errorf("commits diffed: %d without the run's diff (want 1), %d with it (want 0)", own.diffed, reused.diffed)
	}
	want := []string{".", "a", "b", "c", "c/d/e"}
	for name, h := range map[string]*history{"own diff": own, "run's diff": reused} {
		if len(h.window) != 2 || h.window[0].Hash != head || !slices.Equal(h.window[0].Dirs, want) {
			t.Errorf("%s: window %+v, want %s changing %v first", name, h.window, head, want)
		}
	}
	// A run whose diff is not the entering commit's against its parent
	// (another base) diffs the commit itself.
	other, err := newHistory(context.Background(), state(&phase.CommitDiff{From: head, To: head, Dirs: []string{"x"}}), false)
	if err != nil {
		t.Fatal(err)
	}
	if other.diffed != 1 || !slices.Equal(other.window[0].Dirs, want) {
		t.Errorf("a diff of other commits: diffed %d, dirs %v", other.diffed, other.window[0].Dirs)
	}
}
