package inventory_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
)

// stage puts a blob at a path the file system cannot hold, in git's index.
func stage(r *gittest.Repo, content string, paths ...string) {
	blob := r.GitStdin(content, "hash-object", "-w", "--stdin")
	info := ""
	for _, p := range paths {
		info += "100644 " + blob + "\t" + p + "\x00"
	}
	r.GitStdin(info, "update-index", "-z", "--add", "--index-info")
}

func skipped(run *store.Run) map[string]int {
	out := map[string]int{}
	for k, n := range run.Phases[0].Extra {
		out[k] = n
	}
	return out
}

// TestSkipCountsDescribeTheWholeTree checks the skip counts of init and of
// updates (carried from the base's run and the change set), and that an
// update whose base run left no counts in the ledger counts the tree again.
func TestSkipCountsDescribeTheWholeTree(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"app/ok.py": "def ok():\n    return 1\n"})
	r.Git("add", "-A")
	stage(r, "def f():\n    return 1\n", "app/new\nline.py", "app/\xff.py", "notes/tab\tname.txt")
	r.Git("commit", "-q", "-m", "base")
	ix := lgtest.New(t, r.Dir)
	want := map[string]int{"skipped_control_character": 1, "skipped_invalid_utf8": 1}
	if got := skipped(ix.MustRun(t, "init", false)); !cmp.Equal(got, want) {
		t.Fatalf("init counts %v, want %v (a non-code file is not counted)", got, want)
	}

	stage(r, "def g():\n    return 2\n", "app/esc\x1b.py")
	r.Git("rm", "-q", "--cached", "app/\xff.py")
	r.Git("commit", "-q", "-m", "more")
	want = map[string]int{"skipped_control_character": 2}
	run := ix.MustRun(t, "update", false)
	if got := skipped(run); !cmp.Equal(got, want) || run.Phases[0].Mode != "incremental" {
		t.Fatalf("update (%s) counts %v, want %v", run.Phases[0].Mode, got, want)
	}

	// The ledger entry of the run that published the base is gone.
	if err := os.Remove(filepath.Join(ix.StoreDir, "runs", fmt.Sprintf("%08d.json", run.ID))); err != nil {
		t.Fatal(err)
	}
	r.Write(map[string]string{"app/ok.py": "def ok():\n    return 2\n"})
	r.Git("add", "app/ok.py") // not add -A: it would drop the entries missing on disk
	r.Git("commit", "-q", "-m", "edit")
	if got := skipped(ix.MustRun(t, "update", false)); !cmp.Equal(got, want) {
		t.Fatalf("update without the base's counts: %v, want %v", got, want)
	}
}
