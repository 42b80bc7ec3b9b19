// Package gittest builds real git repositories for tests with the git
// binary, in an isolated environment with a fixed author and clock, so
// commit ids are reproducible.
package gittest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo is a scratch repository.
type Repo struct {
	t   testing.TB
	Dir string
	// Home is the HOME git runs with (its global config and excludes).
	Home string
	env  []string
	tick int
}

// New initializes an empty repository on branch main in a temp dir.
func New(t testing.TB) *Repo {
	t.Helper()
	dir := t.TempDir()
	home := t.TempDir()
	r := &Repo{t: t, Dir: dir, Home: home, env: append(os.Environ(),
		"HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com",
	)}
	r.Git("init", "-q", "-b", "main")
	return r
}

// Git runs a git command in the repository and returns its trimmed output.
func (r *Repo) Git(args ...string) string {
	r.t.Helper()
	return r.GitStdin("", args...)
}

// GitStdin runs a git command with stdin (for --index-info, --stdin).
func (r *Repo) GitStdin(stdin string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.Dir
	cmd.Stdin = strings.NewReader(stdin)
	date := fmt.Sprintf("2026-01-01T00:%02d:%02dZ", r.tick/60%60, r.tick%60)
	cmd.Env = append(r.env, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Write writes files (path -> content), creating directories.
func (r *Repo) Write(files map[string]string) {
	r.t.Helper()
	for p, content := range files {
		full := filepath.Join(r.Dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
}

// Remove deletes files from the working tree.
func (r *Repo) Remove(paths ...string) {
	r.t.Helper()
	for _, p := range paths {
		if err := os.Remove(filepath.Join(r.Dir, filepath.FromSlash(p))); err != nil {
			r.t.Fatal(err)
		}
	}
}

// Move renames a file with git mv (so case-only renames work).
func (r *Repo) Move(from, to string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(r.Dir, filepath.FromSlash(to))), 0o755); err != nil {
		r.t.Fatal(err)
	}
	r.Git("mv", from, to)
}

// Read returns a file's content.
func (r *Repo) Read(p string) string {
	r.t.Helper()
	b, err := os.ReadFile(filepath.Join(r.Dir, filepath.FromSlash(p)))
	if err != nil {
		r.t.Fatal(err)
	}
	return string(b)
}

// Commit stages everything and commits; it returns the new HEAD.
func (r *Repo) Commit(msg string) string {
	r.t.Helper()
	r.tick++
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}
