package wiki_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/wiki"
)

// importHistory writes a first-parent line of n commits with git
// fast-import: commit 1 adds a/a.go, b/b.go and c/c.go, commit 2 changes
// c, every later one a (odd) or b (even); commit n-1 is a merge of a side
// branch that changed b. It returns the commit ids, oldest first.
func importHistory(t *testing.T, r *gittest.Repo, n int) []string {
	t.Helper()
	var s strings.Builder
	file := func(p string, v int) {
		dir := strings.Split(p, "/")[0]
		body := fmt.Sprintf("// Package %s is module %s.\npackage %s\n\n// V is a value.\nvar V = %d\n", dir, dir, dir, v)
		fmt.Fprintf(&s, "M 100644 inline %s\ndata %d\n%s\n", p, len(body), body)
	}
	commit := func(mark int, ref, msg string, from int, merge int) {
		fmt.Fprintf(&s, "commit %s\nmark :%d\ncommitter Test <test@example.com> %d +0000\ndata %d\n%s\n",
			ref, mark, 1767225600+mark*3600, len(msg), msg)
		if from > 0 {
			fmt.Fprintf(&s, "from :%d\n", from)
		}
		if merge > 0 {
			fmt.Fprintf(&s, "merge :%d\n", merge)
		}
	}
	commit(1, "refs/heads/main", "start", 0, 0)
	file("a/a.go", 1)
	file("b/b.go", 1)
	file("c/c.go", 1)
	for i := 2; i <= n; i++ {
		switch {
		case i == 2:
			commit(i, "refs/heads/main", "change c", i-1, 0)
			file("c/c.go", i)
		case i == n-1:
			commit(n+1, "refs/heads/side", "side change to b", i-1, 0)
			file("b/b.go", i*100)
			commit(i, "refs/heads/main", "Merge pull request #7 from x/side\n\nGive b a side value\n", i-1, n+1)
			file("b/b.go", i*100)
		case i%2 == 1:
			commit(i, "refs/heads/main", fmt.Sprintf("change a to %d", i), i-1, 0)
			file("a/a.go", i)
		default:
			commit(i, "refs/heads/main", fmt.Sprintf("change b to %d", i), i-1, 0)
			file("b/b.go", i)
		}
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&s, "get-mark :%d\n", i)
	}
	s.WriteString("done\n")
	out := r.GitStdin(s.String(), "fast-import", "--quiet", "--done", "--cat-blob-fd=1")
	ids := strings.Fields(out)
	if len(ids) != n {
		t.Fatalf("fast-import gave %d ids, want %d:\n%s", len(ids), n, out)
	}
	return ids
}

// TestHistoryWindowShifts: the Recent history of each module after updates
// that shift the window (dropping a module's only commit in it, adding a
// merge) and after a move to a commit off the first-parent line equals
// what init writes, and a commit that touches one module leaves the
// others' docs byte-equal.
func TestHistoryWindowShifts(t *testing.T) {
	n := wiki.HistoryDepth + 4
	r := gittest.New(t)
	ids := importHistory(t, r, n)
	// Commit n-2 (ids[n-3]) is the first whose window leaves commit 2 (c's
	// only change but the first) out: init one before it.
	r.Git("reset", "-q", "--hard", ids[n-4])
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	before := docs(t, ix)
	if !strings.Contains(before["c"], "| `"+ids[1][:7]+"` | change c |") {
		t.Fatalf("c's doc lacks its in-window commit:\n%s", before["c"])
	}
	step := func(id string, wantWritten int) map[string]string {
		t.Helper()
		r.Git("reset", "-q", "--hard", id)
		run := ix.MustRun(t, "update", false)
		ix.CheckIndex(t, "main")
		got := docs(t, ix)
		fresh := lgtest.New(t, r.Dir)
		fresh.MustRun(t, "init", true)
		for d, doc := range docs(t, fresh) {
			if got[d] != doc {
				t.Fatalf("at %.7s the doc of %s after update differs from init:\n%s\n---\n%s", id, d, got[d], doc)
			}
		}
		for _, p := range run.Phases {
			if p.Name == "wiki" && wantWritten >= 0 && p.Extra["docs_written"] != wantWritten {
				t.Errorf("at %.7s wiki wrote %d docs, want %d", id, p.Extra["docs_written"], wantWritten)
			}
		}
		return got
	}
	// Commit n-2 changes b and pushes commit 2 out: b and c are
	// rewritten, a is not.
	after := step(ids[n-3], 2)
	if strings.Contains(after["c"], "change c") || after["a"] != before["a"] {
		t.Errorf("after the shift: c still shows its dropped commit or a was rewritten:\n%s", after["c"])
	}
	merged := step(ids[n-1], -1)
	if !strings.Contains(merged["b"], "| Give b a side value (Merge pull request #7 from x/side) |") {
		t.Errorf("b's doc does not show the merge's title:\n%s", merged["b"])
	}
	// A commit off the first-parent line (the side branch): the window is
	// walked anew and the docs still equal init's.
	r.Git("checkout", "-q", "-B", "main", "side")
	step(r.Git("rev-parse", "HEAD"), -1)
}

// TestHistoryStored: a published snapshot keeps the window, bounded; its
// header lists the commits, and their directories are in the tables, found
// by commit and by directory.
func TestHistoryStored(t *testing.T) {
	r := gittest.New(t)
	r.Write(base)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	snap := ix.Published(t, "main")
	defer snap.Close()
	if len(snap.Window) != 1 || snap.Window[0].Hash != snap.Commit || snap.Window[0].Known {
		t.Fatalf("window %+v, want the one commit, its directories left in the tables", snap.Window)
	}
	dirs, err := snap.WindowDirsAt(0)
	if err != nil || len(dirs) != 4 {
		t.Fatalf("the commit's directories: %v (%v), want 4", dirs, err)
	}
	for _, d := range dirs {
		if hs, err := snapshot.WindowCommitsOf(snap.Index, d); err != nil || !slices.Equal(hs, []string{snap.Commit}) {
			t.Errorf("window commits of %s: %v (%v), want %.12s", d, hs, err, snap.Commit)
		}
	}
}

// TestHistoryShallowClone: in a shallow clone the first-parent line ends
// at the boundary commit, whose parent is not there; init still publishes,
// and the boundary commit counts as changing every directory it holds.
func TestHistoryShallowClone(t *testing.T) {
	r := gittest.New(t)
	r.Write(base)
	r.Commit("base")
	r.Write(map[string]string{"tool/tool.go": base["tool/tool.go"] + "\n// Stop stops.\nfunc Stop() {}\n"})
	r.Commit("tool grows")
	r.Write(map[string]string{"store/extra.go": "package store\n\n// Extra is more.\nfunc Extra() {}\n"})
	r.Commit("store grows")
	dir := filepath.Join(t.TempDir(), "shallow")
	if out, err := exec.Command("git", "clone", "-q", "--depth", "2", "file://"+r.Dir, dir).CombinedOutput(); err != nil {
		t.Fatalf("shallow clone: %v\n%s", err, out)
	}
	ix := lgtest.New(t, dir)
	ix.MustRun(t, "init", true)
	ix.CheckIndex(t, "main")
	d := docs(t, ix)
	if !strings.Contains(d["store"], "| store grows |") || !strings.Contains(d["store"], "| tool grows |") || strings.Contains(d["store"], "| base |") {
		t.Errorf("store's history in a clone of depth 2:\n%s", d["store"])
	}
	// Deepened, then one more commit: the update reads the deeper line
	// (the boundary commit diffed against its parent now) as init does.
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("fetch", "-q", "--unshallow")
	git("commit", "-q", "--allow-empty", "-m", "after the deepening")
	ix.MustRun(t, "update", false)
	ix.CheckIndex(t, "main")
	fresh := lgtest.New(t, dir)
	fresh.MustRun(t, "init", true)
	got, want := docs(t, ix), docs(t, fresh)
	for m, doc := range want {
		if got[m] != doc {
			t.Errorf("after deepening, %s's doc differs from init's:\n%s\n---\n%s", m, got[m], doc)
		}
	}
	if strings.Contains(got["store"], "| tool grows |") || !strings.Contains(got["store"], "| base |") {
		t.Errorf("store's history after deepening:\n%s", got["store"])
	}
}

// TestWindowUpdateWritesItsCommits: an update's delta layer holds the
// window entries of the commit that entered, not the window: its header
// names no directory, however many the first commit changed, and its
// window keys name only the new commit.
func TestWindowUpdateWritesItsCommits(t *testing.T) {
	r := gittest.New(t)
	files := map[string]string{}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("mod%02d/m.go", i)] = fmt.Sprintf("package mod%02d\n\n// F is a function.\nfunc F() {}\n", i)
	}
	r.Write(files)
	r.Commit("first")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	r.Write(map[string]string{"mod07/m.go": files["mod07/m.go"] + "\n// G is another.\nfunc G() {}\n"})
	r.Commit("mod07 grows")
	head := strings.TrimSpace(r.Git("rev-parse", "HEAD"))
	ix.MustRun(t, "update", false)
	ix.CheckIndex(t, "main")

	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := s.ReadRef("main")
	if err != nil || ref == nil || len(ref.Tables) < 2 {
		t.Fatalf("ref %+v (%v), want a delta over the base", ref, err)
	}
	delta, err := s.OpenTables(ref.Tables[:1])
	if err != nil {
		t.Fatal(err)
	}
	defer delta.Close()
	header, ok, err := delta.Get(snapshot.HeaderKey)
	if err != nil || !ok {
		t.Fatalf("the delta has no header (%v)", err)
	}
	if bytes.Contains(header, []byte("mod0")) {
		t.Errorf("the delta's header lists directories (%d bytes)", len(header))
	}
	var keys []string
	err = delta.Scan([]byte{snapshot.KsWindow}, func(k, _ []byte) error {
		keys = append(keys, string(k))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Vc\x00" + head, "Vd\x00mod07\x00" + head}
	if !slices.Equal(keys, want) {
		t.Errorf("the delta's window keys %q, want %q", keys, want)
	}
}
