package freshness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gittest"
)

// unindexedRepo commits a tree with every kind of path lgraph does not
// index next to three code files: a file over max_file_kb (1 KB here), a
// file with NUL bytes, a binary, symlinks, an excluded file, an
// extensionless file without a shebang and a submodule.
func unindexedRepo(t *testing.T) *fixture {
	t.Setenv("XDG_CONFIG_HOME", "")
	sub := gittest.New(t)
	sub.Write(map[string]string{"lib.py": "def sub():\n    pass\n"})
	sub.Commit("sub")

	r := gittest.New(t)
	r.Write(map[string]string{
		"app/main.py": "from app.util import helper\n\n\ndef main():\n    helper()\n",
		"app/util.py": "def helper():\n    return 1\n",
		"bin/run":     "#!/usr/bin/env python3\nprint('run')\n",
		"NOTES":       "notes\n",
		"big.py":      strings.Repeat("x = 1\n", 300),
		"nul.py":      "x = 1\x00\n",
		"lib.so":      "\x7fELF\x00\x01",
		"gen/out.py":  "def generated():\n    pass\n",
		".gitignore":  "build/\n",
	})
	for _, l := range [][2]string{{"app/main.py", "link.py"}, {"app", "applink"}} {
		if err := os.Symlink(l[0], filepath.Join(r.Dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	r.Git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.Dir, "sub")
	r.Commit("base")
	cfg := config.Default()
	cfg.MaxFileKB = 1
	cfg.Exclude = []string{"gen/**"}
	return newFixture(t, r, cfg)
}

// TestCheckWorktree walks a repository through edits, staging, deletions,
// new files and ignore rules. At every step Check must give the expected
// stale paths, agree with git (diff HEAD plus untracked files, narrowed to
// what lgraph indexes), and give the same answer with a warm, a removed and
// a damaged stat cache.
func TestCheckWorktree(t *testing.T) {
	f := unindexedRepo(t)
	dir := f.git.Dir
	put := func(p, s string) { writeFile(t, filepath.Join(dir, p), []byte(s)) }
	steps := []struct {
		name string
		do   func()
		want []string
	}{
		{"clean clone", func() {}, nil},
		{"touched, same bytes", func() {
			future := time.Now().Add(time.Hour)
			for _, p := range []string{"app/main.py", "app/util.py", "big.py"} {
				os.Chtimes(filepath.Join(dir, p), future, future)
			}
		}, nil},
		{"unindexed files change", func() {
			put("big.py", strings.Repeat("y = 2\n", 400))
			put("nul.py", "y = 2\x00\n")
			put("gen/out.py", "def other():\n    pass\n")
			put("NOTES", "other notes\n")
			put("sub/lib.py", "def changed():\n    pass\n")
		}, nil},
		{"unindexed files appear", func() {
			put("big2.py", strings.Repeat("z = 3\n", 400))
			put("nul2.py", "\x00")
			put("gen/new.py", "def g():\n    pass\n")
			put("sub/new.py", "def s():\n    pass\n")
			put("build/out.py", "def b():\n    pass\n")
			put("README2", "text\n")
			os.Symlink("app/util.py", filepath.Join(dir, "link2.py"))
			nested := gittest.New(t)
			nested.Write(map[string]string{"n.py": "def n():\n    pass\n"})
			nested.Commit("n")
			os.Rename(nested.Dir, filepath.Join(dir, "nested"))
		}, nil},
		{"submodule files without the submodule's .git", func() {
			os.Remove(filepath.Join(dir, "sub", ".git"))
		}, nil},
		{"same-size edit, mtime put back", func() {
			p := filepath.Join(dir, "app/util.py")
			fi, _ := os.Stat(p)
			put("app/util.py", "def helper():\n    return 2\n")
			os.Chtimes(p, fi.ModTime(), fi.ModTime())
		}, []string{"app/util.py"}},
		{"edit undone", func() { put("app/util.py", "def helper():\n    return 1\n") }, nil},
		{"new code file", func() { put("app/new.py", "def n():\n    pass\n") }, []string{"app/new.py"}},
		{"ignored by info/exclude", func() {
			put(".git/info/exclude", "app/new.py\n")
		}, nil},
		{"ignored by the global excludes file", func() {
			writeFile(t, filepath.Join(f.git.Home, ".config", "git", "ignore"), []byte("scratch_*.py\n"))
			put("scratch_1.py", "x = 1\n")
		}, nil},
		{"core.excludesFile replaces the default", func() {
			put("mine.ignore", "mine_*.py\n")
			f.git.Git("config", "core.excludesFile", "mine.ignore")
			put("mine_1.py", "x = 1\n")
		}, []string{"scratch_1.py"}},
		{"new script by shebang", func() {
			os.Remove(filepath.Join(dir, "scratch_1.py"))
			put("bin/tool", "#!/usr/bin/env python3\nprint(1)\n")
		}, []string{"bin/tool"}},
		{"staged modification", func() {
			os.Remove(filepath.Join(dir, "bin/tool"))
			put("app/main.py", "def main():\n    pass\n")
			f.git.Git("add", "app/main.py")
		}, []string{"app/main.py"}},
		{"staged, then worktree put back", func() {
			put("app/main.py", "from app.util import helper\n\n\ndef main():\n    helper()\n")
		}, nil},
		{"intent to add", func() {
			f.git.Git("reset", "-q")
			put("app/ita.py", "def i():\n    pass\n")
			f.git.Git("add", "-N", "app/ita.py")
		}, []string{"app/ita.py"}},
		{"deletion staged, file kept", func() {
			f.git.Git("rm", "-q", "--cached", "app/ita.py")
			os.Remove(filepath.Join(dir, "app/ita.py"))
			f.git.Git("rm", "-q", "--cached", "app/util.py")
		}, []string{"app/util.py"}},
		{"deleted", func() {
			f.git.Git("add", "app/util.py")
			os.Remove(filepath.Join(dir, "app/util.py"))
		}, []string{"app/util.py"}},
		{"file became a symlink", func() {
			f.git.Git("checkout", "--", "app/util.py")
			os.Remove(filepath.Join(dir, "app/main.py"))
			os.Symlink("util.py", filepath.Join(dir, "app/main.py"))
		}, []string{"app/main.py"}},
	}
	for _, st := range steps {
		st.do()
		want := st.want
		if want == nil {
			want = []string{}
		}
		if diff := cmp.Diff(want, f.gitStale()); diff != "" {
			t.Fatalf("%s: the step's expectation disagrees with git (-want +git):\n%s", st.name, diff)
		}
		for _, cache := range []string{"warm", "warm again", "removed", "damaged", "from another version"} {
			switch cache {
			case "removed":
				os.Remove(f.cache)
			case "damaged":
				data, _ := os.ReadFile(f.cache)
				if len(data) > 20 {
					data[len(data)/2] ^= 0x55
				}
				os.WriteFile(f.cache, data, 0o644)
			case "from another version":
				os.WriteFile(f.cache, []byte("LGSTAT1\n\x01garbage"), 0o644)
			}
			b := f.check()
			if diff := cmp.Diff(want, b.StalePaths); diff != "" {
				t.Fatalf("%s (cache %s): stale paths (-want +got):\n%s", st.name, cache, diff)
			}
			status := Fresh
			if len(want) > 0 {
				status = Dirty
			}
			if b.Status != status || b.ChangedFiles != len(want) {
				t.Fatalf("%s (cache %s): status %s with %d changed, want %s", st.name, cache, b.Status, b.ChangedFiles, status)
			}
		}
	}
}

// TestCheckSkipWorktree follows git for files it is told not to look at.
func TestCheckSkipWorktree(t *testing.T) {
	f := unindexedRepo(t)
	f.git.Git("update-index", "--skip-worktree", "app/util.py")
	writeFile(t, filepath.Join(f.git.Dir, "app/util.py"), []byte("def helper():\n    return 3\n"))
	if got := f.check(); got.Status != Fresh {
		t.Fatalf("skip-worktree edit: %s %v, want fresh as git status says", got.Status, got.StalePaths)
	}
	f.git.Git("update-index", "--no-skip-worktree", "app/util.py")
	if got := f.check(); got.Status != Dirty {
		t.Fatalf("after no-skip-worktree: %s, want dirty", got.Status)
	}
}

// TestCheckWithoutGitIndex compares by content when git's index cannot be
// used (a split index keeps its entries in another file).
func TestCheckWithoutGitIndex(t *testing.T) {
	f := unindexedRepo(t)
	f.git.Git("update-index", "--split-index")
	if _, err := readGitIndex(filepath.Join(f.git.Dir, ".git")); err == nil {
		t.Fatal("a split index was read as a whole index")
	}
	if got := f.check(); got.Status != Fresh {
		t.Fatalf("clean tree without a usable index: %s %v", got.Status, got.StalePaths)
	}
	writeFile(t, filepath.Join(f.git.Dir, "app/new.py"), []byte("def n():\n    pass\n"))
	writeFile(t, filepath.Join(f.git.Dir, "app/util.py"), []byte("def helper():\n    return 5\n"))
	got := f.check()
	if diff := cmp.Diff([]string{"app/new.py", "app/util.py"}, got.StalePaths); diff != "" {
		t.Fatalf("without a usable index (-want +got):\n%s", diff)
	}
}
