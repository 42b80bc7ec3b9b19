package config

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
)

// worktrees builds a repository with a committed lgraph.yaml (evil) and a
// linked worktree, and returns the main worktree's top and the inputs of a
// run in the linked one, as a hook there has them.
func worktrees(t *testing.T) (mainTop string, linked Inputs) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := gittest.New(t)
	r.Write(map[string]string{"app.py": "x = 1\n", "lgraph.yaml": evil})
	r.Commit("base")
	wt := filepath.Join(t.TempDir(), "wtB")
	r.Git("worktree", "add", "-q", wt, "-b", "feat")
	return r.Dir, inputsAt(t, wt)
}

// inputsAt returns the inputs of a run in the worktree holding dir, with a
// home outside the repository.
func inputsAt(t *testing.T, dir string) Inputs {
	t.Helper()
	repo, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	home := t.TempDir()
	return Inputs{User: UserPathsFrom([]string{"HOME=" + home}), File: filepath.Join(repo.Top, FileName),
		RepoTop: repo.Top, GitDir: repo.GitDir(), CommonDir: repo.CommonDir}
}

// TestEveryWorktreeIsTheRepositorys: seen from a linked worktree, files in
// the main worktree (tracked or not), in the git directories, and links
// into any of them are the repository's; files elsewhere are not.
func TestEveryWorktreeIsTheRepositorys(t *testing.T) {
	mainTop, in := worktrees(t)
	outside := t.TempDir()
	write(t, filepath.Join(mainTop, "untracked.yaml"), "max_file_kb: 1\n")
	write(t, filepath.Join(outside, "own.yaml"), "max_file_kb: 1\n")
	if err := os.Symlink(filepath.Join(mainTop, "lgraph.yaml"), filepath.Join(outside, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	p := placesOf(in)
	for _, c := range []struct {
		path string
		want bool
	}{
		{filepath.Join(mainTop, "lgraph.yaml"), true},
		{filepath.Join(mainTop, "untracked.yaml"), true},
		{filepath.Join(in.RepoTop, "lgraph.yaml"), true},
		{filepath.Join(in.CommonDir, "config"), true},
		{filepath.Join(in.GitDir, "HEAD"), true},
		{filepath.Join(outside, "link.yaml"), true},
		{filepath.Join(outside, "own.yaml"), false},
		{filepath.Dir(mainTop), false},
	} {
		if got := p.look(c.path).repos; got != c.want {
			t.Errorf("%s: the repository's = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestSeparateGitDirMainWorktreeIsFound: the main worktree of a repository
// cloned with --separate-git-dir is listed nowhere in its metadata; its
// .git file still makes it the repository's.
func TestSeparateGitDirMainWorktreeIsFound(t *testing.T) {
	mainTop, _ := worktrees(t)
	sep := filepath.Join(t.TempDir(), "sep.git")
	cmd := exec.Command("git", "init", "-q", "--separate-git-dir", sep)
	cmd.Dir = mainTop
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init --separate-git-dir: %v\n%s", err, out)
	}
	wt := filepath.Join(t.TempDir(), "wtC")
	cmd = exec.Command("git", "worktree", "add", "-q", wt, "-b", "other")
	cmd.Dir = mainTop
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git worktree add: %v\n%s", err, out)
	}
	in := inputsAt(t, wt)
	if !placesOf(in).look(filepath.Join(mainTop, "lgraph.yaml")).repos {
		t.Fatal("the main worktree of a separate git dir is not the repository's")
	}
}

// TestHookConfigIsTheRepositorysInEveryWorktree: --config naming the main
// worktree's committed file, as a hook carries it into a linked worktree,
// is read as the repository's: user-only keys ignored until trusted, then
// obeyed under the file's real path.
func TestHookConfigIsTheRepositorysInEveryWorktree(t *testing.T) {
	mainTop, in := worktrees(t)
	in.File, in.Explicit = filepath.Join(mainTop, "lgraph.yaml"), true
	l, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.LLM.APIKeyEnv != Default().LLM.APIKeyEnv || l.Config.Store != "" || len(l.Ignored) != 4 {
		t.Fatalf("a committed file obeyed in a linked worktree: %+v store=%q ignored=%v", l.Config.LLM, l.Config.Store, l.Ignored)
	}
	if w := l.Warnings(); len(w) != 1 || !strings.Contains(w[0], "lgraph trust --config "+in.File) {
		t.Fatalf("warnings = %q", w)
	}
	rec, err := AllowFile(in)
	if err != nil {
		t.Fatal(err)
	}
	if rec.File != resolve(in.File) {
		t.Fatalf("trusted %q, want the real path %q", rec.File, resolve(in.File))
	}
	if l, err := Load(in); err != nil || !l.Trusted || l.Config.LLM.APIKeyEnv != "AWS_SECRET_ACCESS_KEY" {
		t.Fatalf("trusted file not obeyed: %+v, %v", l, err)
	}
}

// TestConfigLinkToStdinIsNotRead: a committed .lgraph.yaml linking to
// /dev/stdin is not read, cannot be trusted, and is an error when named
// with --config.
func TestConfigLinkToStdinIsNotRead(t *testing.T) {
	_, in := worktrees(t)
	if err := os.Symlink("/dev/stdin", in.File); err != nil {
		t.Fatal(err)
	}
	l, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if l.RepoFile != "" || len(l.Warnings()) != 1 || !strings.Contains(l.Warnings()[0], "(it leads to /dev/stdin;") {
		t.Fatalf("repo file %q, warnings %q", l.RepoFile, l.Warnings())
	}
	if _, err := AllowFile(in); !errors.Is(err, ErrNothingToTrust) || !strings.Contains(err.Error(), "not read") {
		t.Fatalf("trust of a link to stdin: %v", err)
	}
	in.Explicit = true
	if _, err := Load(in); err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Fatalf("--config naming it: %v", err)
	}
}

// TestUserFileInsideRepositoryIsTheRepositorys: with HOME inside the
// repository, the committed .config/lgraph/config.yaml is read as the
// repository's, and trust records there (which a repository could bring)
// are not read.
func TestUserFileInsideRepositoryIsTheRepositorys(t *testing.T) {
	mainTop, in := worktrees(t)
	in.User = UserPathsFrom([]string{"HOME=" + mainTop})
	write(t, in.User.ConfigFile, evil)
	// A forged record trusting exactly these values, at the real path.
	forged := Trust{Dir: in.User.TrustDir}
	if _, err := forged.Allow(resolve(in.User.ConfigFile), map[string]any{
		"llm.provider": "openai", "llm.base_url": "http://127.0.0.1:1/v1",
		"llm.api_key_env": "AWS_SECRET_ACCESS_KEY", "store": "/tmp/elsewhere",
	}); err != nil {
		t.Fatal(err)
	}
	l, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.LLM.Provider != "offline" || l.Config.Store != "" || len(l.Ignored) != 4 {
		t.Fatalf("user file inside the repository obeyed: %+v store=%q", l.Config.LLM, l.Config.Store)
	}
	if l.Config.MaxFileKB != 64 || l.Sources["max_file_kb"] != FromRepo {
		t.Fatalf("describing key: %d from %s", l.Config.MaxFileKB, l.Sources["max_file_kb"])
	}
	if !strings.Contains(strings.Join(l.Warnings(), "\n"), "trust records under") {
		t.Fatalf("warnings = %q", l.Warnings())
	}
}
