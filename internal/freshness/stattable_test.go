package freshness

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/store"
)

// TestStatTableVouchesWhenGitIndexIsStale: when git's index proves nothing
// (its stat data is racy or old), the stat table vouches for the files a
// read already hashed, as git's index would: the second read hashes
// nothing. Its entries outlive reads that git's index answered, so the
// table still vouches when git's index goes stale again. Every step also
// agrees with git: an edit that keeps size and mtime, a racy edit, a
// deletion and a new file are seen.
func TestStatTableVouchesWhenGitIndexIsStale(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "")
	r := gittest.New(t)
	r.Write(map[string]string{
		"a/one.py": "def one():\n    return 1\n", "a/two.py": "def two():\n    return 2\n",
		"b/three.go": "package b\n\nfunc Three() int { return 3 }\n", "top.py": "x = 1\n",
	})
	r.Commit("base")
	old := time.Now().Add(-time.Hour)
	age(t, r.Dir, old)
	r.Git("update-index", "-q", "--refresh")
	f := newFixture(t, r, config.Default())
	index := filepath.Join(r.Dir, ".git", "index")
	// An index file older than its entries makes every entry racily
	// clean: git's stat data then proves nothing.
	gitStale := func() {
		if err := os.Chtimes(index, old.Add(-time.Hour), old.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	gitFresh := func() {
		now := time.Now()
		if err := os.Chtimes(index, now, now); err != nil {
			t.Fatal(err)
		}
	}
	// git diff may refresh and rewrite the index; each step puts the
	// state it tests back after asking git.
	indexState := gitStale
	clock := time.Now
	steps := []struct {
		name   string
		do     func()
		hashed int
	}{
		{"git's index stale, table empty: every file hashed", func() {}, 4},
		{"git's index stale, table warm", func() {}, 0},
		{"git's index fresh", func() { indexState = gitFresh }, 0},
		{"git's index stale again: the table still vouches", func() { indexState = gitStale }, 0},
		{"same-size edit, mtime put back", func() {
			writeFile(t, filepath.Join(r.Dir, "a/one.py"), []byte("def one():\n    return 7\n"))
			os.Chtimes(filepath.Join(r.Dir, "a/one.py"), old, old)
		}, 1},
		{"racy same-size edit", func() {
			name := filepath.Join(r.Dir, "a/two.py")
			writeFile(t, name, []byte("def two():\n    return 8\n"))
			racyAt := time.Now()
			os.Chtimes(name, racyAt, racyAt)
			// Every later read comes within the racy window, however
			// slow the machine.
			clock = func() time.Time { return racyAt.Add(time.Second) }
		}, 1},
		{"racy file read again: it was not remembered", func() {}, 1},
		{"deleted", func() { os.Remove(filepath.Join(r.Dir, "top.py")) }, 1},
		{"new file", func() { writeFile(t, filepath.Join(r.Dir, "b/new.go"), []byte("package b\n")) }, 1},
	}
	for _, st := range steps {
		st.do()
		indexState()
		w := f.checkWorktree(clock())
		if diff := cmp.Diff(f.gitStale(), sorted(w.stale)); diff != "" {
			t.Fatalf("%s: stale paths (-git +got):\n%s", st.name, diff)
		}
		if w.hashed != st.hashed {
			t.Fatalf("%s: %d files hashed, want %d", st.name, w.hashed, st.hashed)
		}
	}
	c := loadStatCache(f.cache, "test", time.Now())
	if _, ok := c.findFile("a/two.py"); ok {
		t.Fatal("the stat table remembers a file modified within the racy window")
	}
	if _, ok := c.findFile("a/one.py"); !ok {
		t.Fatal("the stat table forgot a file modified long ago")
	}
}

// TestStatTableRacy: facts about a file or directory modified within two
// seconds of the read are not remembered, as git calls such an index entry
// racily clean; older ones are.
func TestStatTableRacy(t *testing.T) {
	now := time.Now()
	c := &statCache{now: now}
	at := func(ago time.Duration) *unix.Stat_t {
		ts := unix.NsecToTimespec(now.Add(-ago).UnixNano())
		return &unix.Stat_t{Mtim: ts, Ctim: ts}
	}
	for _, tc := range []struct {
		ago  time.Duration
		racy bool
	}{{0, true}, {time.Second, true}, {-time.Hour, true}, {3 * time.Second, false}, {time.Hour, false}} {
		if got := c.racy(at(tc.ago)); got != tc.racy {
			t.Errorf("modified %s ago: racy %v, want %v", tc.ago, got, tc.racy)
		}
	}
}

// checkWorktree compares the working tree with the fixture's snapshot read
// from tables, as a published one is.
func (f *fixture) checkWorktree(now time.Time) *worktree {
	f.t.Helper()
	head, err := f.repo.Head()
	if err != nil {
		f.t.Fatal(err)
	}
	in := Input{Repo: f.repo, Head: head, Ref: &store.Ref{Branch: f.head.Branch, Commit: f.head.Commit},
		Snap: f.tableSnap(), Candidate: f.rules.Candidate, StatCache: f.cache, IsCode: f.isCode,
		RulesKey: "test", Getenv: f.getenv}
	w, err := checkWorktree(in, now)
	if err != nil {
		f.t.Fatal(err)
	}
	return w
}

func sorted(s []string) []string {
	out := append([]string{}, s...)
	slices.Sort(out)
	return out
}
