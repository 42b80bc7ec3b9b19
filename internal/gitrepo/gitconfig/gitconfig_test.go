package gitconfig

import (
	"os"
	"path/filepath"
	"testing"
)

// fixture is a repository with a linked worktree, a home and a system
// file, every one empty until a test writes it.
type fixture struct {
	t                             *testing.T
	top, common, wtGit, home, sys string
	env                           map[string]string
}

func newFixture(t *testing.T) *fixture {
	root := t.TempDir()
	f := &fixture{t: t, top: filepath.Join(root, "repo"), home: filepath.Join(root, "home"), sys: filepath.Join(root, "etc", "gitconfig")}
	f.common = filepath.Join(f.top, ".git")
	f.wtGit = filepath.Join(f.common, "worktrees", "wt")
	f.env = map[string]string{"HOME": f.home, "GIT_CONFIG_SYSTEM": f.sys}
	return f
}

func (f *fixture) write(name, text string) {
	f.t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) read(gitDir string) *Config {
	return Read(Location{CommonDir: f.common, GitDir: gitDir, Getenv: func(k string) string { return f.env[k] }})
}

func (f *fixture) want(c *Config, section, key, want string) {
	f.t.Helper()
	got, ok := c.Get(section, key)
	if want == "" && ok || want != "" && got != want {
		f.t.Errorf("%s.%s = %q (set %v), want %q", section, key, got, ok, want)
	}
}

func TestFileOrder(t *testing.T) {
	f := newFixture(t)
	f.want(f.read(f.common), "core", "hooksPath", "")
	f.write(f.sys, "[core]\n\thooksPath = /sys\n\texcludesFile = /sys-ignore\n")
	f.want(f.read(f.common), "core", "hooksPath", "/sys")
	f.write(filepath.Join(f.home, ".config", "git", "config"), "[core]\n\thooksPath = /xdg\n")
	f.want(f.read(f.common), "core", "hooksPath", "/xdg")
	f.write(filepath.Join(f.home, ".gitconfig"), "[core]\n\thooksPath = /home\n")
	f.want(f.read(f.common), "core", "hooksPath", "/home")
	f.write(filepath.Join(f.common, "config"), "[CORE]\n\tHOOKSPATH = /local\n")
	f.want(f.read(f.common), "core", "hooksPath", "/local")
	f.want(f.read(f.common), "core", "excludesfile", "/sys-ignore")

	// GIT_CONFIG_NOSYSTEM leaves the system file out, GIT_CONFIG_GLOBAL
	// replaces both global files.
	f.env["GIT_CONFIG_NOSYSTEM"] = "1"
	f.want(f.read(f.common), "core", "excludesFile", "")
	f.env["GIT_CONFIG_NOSYSTEM"] = "false"
	f.want(f.read(f.common), "core", "excludesFile", "/sys-ignore")
	f.write(filepath.Join(f.common, "config"), "[user]\n\tname = x\n")
	f.env["GIT_CONFIG_GLOBAL"] = filepath.Join(f.home, "other")
	f.want(f.read(f.common), "core", "hooksPath", "/sys")
	f.env["XDG_CONFIG_HOME"] = filepath.Join(f.home, "xdg")
	delete(f.env, "GIT_CONFIG_GLOBAL")
	f.want(f.read(f.common), "core", "hooksPath", "/home")

	// the environment's pairs come last
	f.env["GIT_CONFIG_COUNT"] = "2"
	f.env["GIT_CONFIG_KEY_0"] = "core.hooksPath"
	f.env["GIT_CONFIG_VALUE_0"] = "/env"
	f.env["GIT_CONFIG_KEY_1"] = "broken"
	f.want(f.read(f.common), "core", "hooksPath", "/env")
}

func TestWorktreeConfig(t *testing.T) {
	f := newFixture(t)
	f.write(filepath.Join(f.common, "config"), "[core]\n\thooksPath = /local\n")
	f.write(filepath.Join(f.wtGit, "config.worktree"), "[core]\n\thooksPath = /linked\n")
	f.write(filepath.Join(f.common, "config.worktree"), "[core]\n\thooksPath = /main\n")
	// git reads config.worktree only under extensions.worktreeConfig,
	// and only the repository's own file may turn that on
	f.write(filepath.Join(f.home, ".gitconfig"), "[extensions]\n\tworktreeConfig = true\n")
	f.want(f.read(f.wtGit), "core", "hooksPath", "/local")
	f.write(filepath.Join(f.common, "config"), "[core]\n\thooksPath = /local\n[extensions]\n\tworktreeConfig = true\n")
	f.want(f.read(f.wtGit), "core", "hooksPath", "/linked")
	f.want(f.read(f.common), "core", "hooksPath", "/main")
}

func TestIncludes(t *testing.T) {
	f := newFixture(t)
	global := filepath.Join(f.home, ".gitconfig")
	// include.path is relative to the including file and takes effect
	// where it stands: a later line in the includer still wins
	f.write(global, "[core]\n\thooksPath = /before\n[include]\n\tpath = inc/more\n")
	f.write(filepath.Join(f.home, "inc", "more"), "[core]\n\thooksPath = ~/included\n")
	c := f.read(f.common)
	f.want(c, "core", "hooksPath", "~/included")
	if p, _ := c.Path("core", "hooksPath", f.top); p != filepath.Join(f.home, "included") {
		t.Errorf("Path = %q", p)
	}
	f.write(global, "[include]\n\tpath = inc/more\n[core]\n\thooksPath = /after\n")
	f.want(f.read(f.common), "core", "hooksPath", "/after")

	// includeIf gitdir: the pattern against this repository's git dir
	f.write(global, "[includeIf \"gitdir:~/elsewhere/\"]\n\tpath = no\n[includeIf \"gitdir:repo/.git\"]\n\tpath = yes\n")
	f.write(filepath.Join(f.home, "no"), "[core]\n\thooksPath = /no\n")
	f.write(filepath.Join(f.home, "yes"), "[core]\n\thooksPath = /yes\n")
	f.want(f.read(f.common), "core", "hooksPath", "/yes")
	f.write(global, "[includeIf \"gitdir:"+filepath.ToSlash(filepath.Dir(f.top))+"/\"]\n\tpath = yes\n[includeIf \"onbranch:main\"]\n\tpath = no\n")
	f.want(f.read(f.common), "core", "hooksPath", "/yes")
	f.write(global, "[includeIf \"gitdir:REPO/.GIT\"]\n\tpath = yes\n")
	f.want(f.read(f.common), "core", "hooksPath", "")
	f.write(global, "[includeIf \"gitdir/i:REPO/.GIT\"]\n\tpath = yes\n")
	f.want(f.read(f.common), "core", "hooksPath", "/yes")
}

func TestIncludeCycleEnds(t *testing.T) {
	f := newFixture(t)
	f.write(filepath.Join(f.home, ".gitconfig"), "[core]\n\thooksPath = /a\n[include]\n\tpath = b\n")
	f.write(filepath.Join(f.home, "b"), "[core]\n\thooksPath = /b\n[include]\n\tpath = .gitconfig\n")
	if _, ok := f.read(f.common).Get("core", "hooksPath"); !ok {
		t.Fatal("a cycle of includes lost the value")
	}
}

func TestUnreadableFilesAddNothing(t *testing.T) {
	f := newFixture(t)
	f.write(filepath.Join(f.home, ".gitconfig"), "[core]\n\thooksPath = /home\n")
	f.write(filepath.Join(f.common, "config"), "[core\n\thooksPath = /broken\n")
	f.want(f.read(f.common), "core", "hooksPath", "/home")
}

func TestPathAndBool(t *testing.T) {
	f := newFixture(t)
	f.write(filepath.Join(f.common, "config"), "[core]\n\thooksPath = .husky/_\n\tbare\n\tfilemode = no\n\tx = 2\n")
	c := f.read(f.common)
	if p, ok := c.Path("core", "hooksPath", f.top); !ok || p != filepath.Join(f.top, ".husky", "_") {
		t.Errorf("relative path = %q, %v", p, ok)
	}
	if _, ok := c.Path("core", "excludesFile", f.top); ok {
		t.Error("an unset path is set")
	}
	for key, want := range map[string]bool{"bare": true, "filemode": false, "x": true} {
		if got, set := c.Bool("core", key); !set || got != want {
			t.Errorf("core.%s = %v (set %v), want %v", key, got, set, want)
		}
	}
}
