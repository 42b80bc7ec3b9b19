package pipeline_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
)

// changeFiles is a small Python project every change-set case starts from.
var changeFiles = map[string]string{
	"app/__init__.py": "",
	"app/util.py":     "def helper():\n    return 1\n\n\ndef other():\n    return 2\n",
	"app/main.py":     "from app.util import helper\n\n\ndef run():\n    return helper()\n",
}

// converged updates ix and checks that its export of branch equals that of
// init on a fresh store with the same config (invariant 1); it returns the
// update's ledger entry and the export.
func converged(t *testing.T, r *gittest.Repo, ix *lgtest.Indexer, branch string) (*store.Run, string) {
	t.Helper()
	run := ix.MustRun(t, "update", false)
	got := ix.Export(t, branch)
	fresh := *ix
	fresh.StoreDir = t.TempDir()
	fresh.MustRun(t, "init", false)
	if diff := cmp.Diff(fresh.Export(t, branch), got); diff != "" {
		t.Fatalf("update export differs from init (-init +update):\n%s", diff)
	}
	ix.CheckIndex(t, branch)
	return run, got
}

func phaseOf(run *store.Run, name string) store.Phase {
	for _, p := range run.Phases {
		if p.Name == name {
			return p
		}
	}
	return store.Phase{}
}

// TestChangeSetKinds commits one kind of change at a time and checks the
// counts the run reports, what the graph holds and that it equals a rebuild.
func TestChangeSetKinds(t *testing.T) {
	r := gittest.New(t)
	r.Write(changeFiles)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.Config.MaxFileKB = 4
	ix.MustRun(t, "init", false)
	blob := func(p string) string { return r.Git("rev-parse", "HEAD:"+p) }
	cases := []struct {
		name    string
		staged  bool // the change is made in git's index only
		change  func()
		changes store.Changes
		want    []string
		absent  []string
	}{
		{name: "add", change: func() { r.Write(map[string]string{"app/new.py": "def fresh():\n    return 3\n"}) },
			changes: store.Changes{Added: 1}, want: []string{`"id":"sym:app/new.py#fresh"`}},
		{name: "modify", change: func() { r.Write(map[string]string{"app/new.py": "def fresh2():\n    return 3\n"}) },
			changes: store.Changes{Modified: 1}, want: []string{`"id":"sym:app/new.py#fresh2"`}, absent: []string{`"id":"sym:app/new.py#fresh"`}},
		{name: "rename", change: func() { r.Move("app/new.py", "app/moved.py") },
			changes: store.Changes{Renamed: 1}, want: []string{`"id":"sym:app/moved.py#fresh2"`}, absent: []string{`app/new.py`}},
		{name: "rename with edit", change: func() {
			r.Move("app/util.py", "app/tools.py")
			r.Write(map[string]string{"app/tools.py": strings.Replace(r.Read("app/tools.py"), "return 2", "return 22", 1),
				"app/main.py": strings.Replace(r.Read("app/main.py"), "app.util", "app.tools", 1)})
		}, changes: store.Changes{Modified: 1, Renamed: 1},
			want: []string{`"source":"sym:app/main.py#run","target":"sym:app/tools.py#helper","kind":"calls"`}},
		{name: "delete", change: func() { r.Remove("app/moved.py") }, changes: store.Changes{Deleted: 1}, absent: []string{"app/moved.py"}},
		{name: "mode change", change: func() {
			if err := os.Chmod(filepath.Join(r.Dir, "app", "main.py"), 0o755); err != nil {
				t.Fatal(err)
			}
		},
			changes: store.Changes{Modified: 1}, want: []string{`"id":"file:app/main.py"`}},
		{name: "binary", change: func() { r.Write(map[string]string{"app/blob.py": "x = 1\x00\x01\x02\n"}) },
			absent: []string{"app/blob.py"}},
		{name: "over the size limit", change: func() { r.Write(map[string]string{"app/big.py": strings.Repeat("x = 1\n", 1000)}) },
			absent: []string{"app/big.py"}},
		{name: "symlink", change: func() {
			if err := os.Symlink("tools.py", filepath.Join(r.Dir, "app", "link.py")); err != nil {
				t.Fatal(err)
			}
		}, absent: []string{"app/link.py"}},
		{name: "a file becomes a symlink", change: func() {
			r.Remove("app/main.py")
			if err := os.Symlink("tools.py", filepath.Join(r.Dir, "app", "main.py")); err != nil {
				t.Fatal(err)
			}
		}, changes: store.Changes{Modified: 1}, absent: []string{"file:app/main.py"}},
		{name: "submodule entry", staged: true, change: func() {
			r.Git("update-index", "--add", "--cacheinfo", "160000,"+blob("app/tools.py")+",vendor/lib")
		}, absent: []string{"vendor/lib"}},
		{name: "shebang script", change: func() {
			r.Write(map[string]string{"bin/tool": "#!/usr/bin/env python3\nfrom app.tools import helper\n\n\ndef main():\n    helper()\n"})
		}, changes: store.Changes{Added: 1}, want: []string{`"id":"file:bin/tool","kind":"file","path":"bin/tool","name":"tool","lang":"python"`}},
	}
	for _, c := range cases {
		c.change()
		if !c.staged {
			r.Git("add", "-A")
		}
		r.Git("commit", "-q", "-m", c.name)
		run, export := converged(t, r, ix, "main")
		if run.Outcome != store.OutcomePublished || run.Changes != c.changes {
			t.Errorf("%s: outcome %s, changes %+v, want published %+v", c.name, run.Outcome, run.Changes, c.changes)
		}
		if m := phaseOf(run, "inventory").Mode; m != "incremental" {
			t.Errorf("%s: inventory ran %s", c.name, m)
		}
		for _, w := range c.want {
			if !strings.Contains(export, w) {
				t.Errorf("%s: export lacks %s", c.name, w)
			}
		}
		for _, a := range c.absent {
			if strings.Contains(export, a) {
				t.Errorf("%s: export still has %s", c.name, a)
			}
		}
	}
}

func TestEmptyRepository(t *testing.T) {
	r := gittest.New(t)
	_, err := lgtest.New(t, r.Dir).Run(t.Context(), "init", false)
	if !errors.Is(err, gitrepo.ErrEmptyRepo) {
		t.Fatalf("init of an empty repository: %v, want ErrEmptyRepo", err)
	}
}

// TestDetachedHeadAndBranches indexes a detached HEAD, a new branch from
// another branch's snapshot (paying only for what differs), switches back
// and forth at no cost, and an orphan branch sharing nothing with main.
func TestDetachedHeadAndBranches(t *testing.T) {
	r := gittest.New(t)
	r.Write(changeFiles)
	first := r.Commit("base")
	r.Write(map[string]string{"app/second.py": "def second():\n    return 2\n"})
	r.Commit("second")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)

	r.Git("checkout", "-q", "--detach", first)
	run, export := converged(t, r, ix, store.DetachedRef)
	if run.Branch != store.DetachedRef || strings.Contains(export, "app/second.py") {
		t.Fatalf("detached: branch %q, export holds second.py: %v", run.Branch, strings.Contains(export, "app/second.py"))
	}

	r.Git("checkout", "-q", "-b", "feature", "main")
	r.Write(map[string]string{"app/feature.py": "from app.util import helper\n\n\ndef feat():\n    return helper()\n"})
	r.Commit("feature")
	run, _ = converged(t, r, ix, "feature")
	inv, ex := phaseOf(run, "inventory"), phaseOf(run, "explicit")
	// It starts from the most recently published snapshot (the detached
	// one) and parses only the file no branch has seen.
	if inv.Mode != "incremental" || deref(run.From) != first || ex.Extra["parsed"] != 1 {
		t.Fatalf("new branch: inventory %s from %s, parsed %d; want incremental from %s, 1 parsed", inv.Mode, deref(run.From), ex.Extra["parsed"], first)
	}
	for _, b := range []string{"main", "feature", "main"} {
		r.Git("checkout", "-q", b)
		if run := ix.MustRun(t, "update", false); run.Outcome != store.OutcomeUpToDate || run.ID != 0 {
			t.Fatalf("switch to %s: outcome %s run %d, want up_to_date without a run", b, run.Outcome, run.ID)
		}
	}

	r.Git("checkout", "-q", "--orphan", "pages")
	r.Git("rm", "-q", "-r", "--cached", ".")
	r.Remove("app/__init__.py", "app/util.py", "app/main.py", "app/second.py")
	r.Write(map[string]string{"site/gen.py": "def build():\n    return 0\n"})
	r.Commit("orphan")
	run, export = converged(t, r, ix, "pages")
	if strings.Contains(export, "app/util.py") || !strings.Contains(export, "sym:site/gen.py#build") {
		t.Fatalf("orphan branch export:\n%s", export)
	}
	if run.Changes.Added != 1 || run.Changes.Deleted != 5 {
		t.Errorf("orphan branch changes %+v, want 1 added and 5 deleted from feature's snapshot", run.Changes)
	}
}

// TestForcePushWithBaselineCollected rewrites main under the index and
// garbage-collects the indexed commit: the update says the baseline no
// longer exists and rebuilds in full, equal to init.
func TestForcePushWithBaselineCollected(t *testing.T) {
	r := gittest.New(t)
	r.Write(changeFiles)
	r.Commit("base")
	r.Write(map[string]string{"app/gone.py": "def gone():\n    return 0\n"})
	indexed := r.Commit("to be rewritten")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)

	r.Git("reset", "-q", "--hard", "HEAD~1")
	r.Write(map[string]string{"app/kept.py": "def kept():\n    return 1\n"})
	r.Commit("rewritten")
	r.Git("reflog", "expire", "--expire=now", "--all")
	r.Git("gc", "-q", "--prune=now")
	repo, err := gitrepo.Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	kept := repo.HasCommit(indexed)
	repo.Close()
	if kept {
		t.Fatal("git gc kept the rewritten commit; the case is not set up")
	}
	run, export := converged(t, r, ix, "main")
	inv := phaseOf(run, "inventory")
	if inv.Mode != "full" || !strings.Contains(inv.Reason, "baseline commit "+indexed[:12]+" no longer exists") {
		t.Fatalf("inventory %s (%q), want full with the baseline-gone reason", inv.Mode, inv.Reason)
	}
	if strings.Contains(export, "app/gone.py") || !strings.Contains(export, "sym:app/kept.py#kept") {
		t.Fatalf("export after the rewrite:\n%s", export)
	}
}

func deref(s *string) string {
	if s == nil {
		return "(none)"
	}
	return *s
}
