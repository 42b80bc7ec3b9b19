package gitrepo

import (
	"context"
	"strings"
	"testing"
)

func TestPathProblem(t *testing.T) {
	long := strings.Repeat("d/", MaxPathBytes/2) + "x.py"
	cases := map[string]string{
		"app/main.py":     "",
		"a b/c#d.py":      "",
		"ünï/q\"uote.py":  "",
		"new\nline.py":    PathControl,
		"tab\there.py":    PathControl,
		"esc\x1b[0m.py":   PathControl,
		"del\x7f.py":      PathControl,
		"\xff.py":         PathInvalidUTF8,
		long:              PathTooLong,
		"../escape.py":    PathUnsafe,
		"a/./b.py":        PathUnsafe,
		"a//b.py":         PathUnsafe,
		".git/config.py":  PathUnsafe,
		"sub/.GIT/x.py":   PathUnsafe,
		"/abs.py":         PathUnsafe,
		".github/ci.py":   "",
		"x.git/y.py":      "",
		"..hidden/one.py": "",
	}
	for p, want := range cases {
		if got := PathProblem(p); got != want {
			t.Errorf("PathProblem(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestWalkAndDiffKeepEveryName builds trees with names go-git would refuse
// to check out (a newline, an escape, ".." and ".git" entries made with
// mktree) and checks that Walk and Diff list them instead of failing.
func TestWalkAndDiffKeepEveryName(t *testing.T) {
	r := newRepo(t)
	blob := r.GitStdin("def f():\n    return 1\n", "hash-object", "-w", "--stdin")
	r.GitStdin("100644 "+blob+"\tnew\nline.py\x00100644 "+blob+"\tok.py\x00", "update-index", "-z", "--add", "--index-info")
	r.Git("commit", "-q", "-m", "first") // not r.Commit: add -A drops entries missing on disk
	first := r.Git("rev-parse", "HEAD")
	other := r.GitStdin("x = 1\n", "hash-object", "-w", "--stdin")
	odd := r.GitStdin("100644 blob "+other+"\t..\x00100644 blob "+other+"\t.git\x00100644 blob "+other+"\tesc\x1b.py\x00", "mktree", "-z")
	second := r.Git("commit-tree", odd, "-p", first, "-m", "odd")

	repo, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	ctx := context.Background()
	t1, err := repo.Tree(first)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := Walk(ctx, t1)
	if err != nil {
		t.Fatalf("walk: %v", err)
	}
	if got := paths(entries); got != "new\nline.py|ok.py" {
		t.Errorf("walk listed %q", got)
	}
	t2, err := repo.Tree(second)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := repo.Diff(ctx, t1, t2)
	if err != nil {
		t.Fatalf("diff: %v", err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, string(c.Action)+" "+c.Path())
	}
	want := "A .. | A .git | A esc\x1b.py | D new\nline.py | D ok.py"
	if strings.Join(got, " | ") != want {
		t.Errorf("diff = %q, want %q", strings.Join(got, " | "), want)
	}
}

func paths(es []Entry) string {
	var out []string
	for _, e := range es {
		out = append(out, e.Path)
	}
	return strings.Join(out, "|")
}

func TestGoGitOpens(t *testing.T) {
	for name, want := range map[string]bool{"": true, "a.py": true, "a/b/c.py": true, "new\nline.py": false, "a/.git/x": false, "..": false} {
		if got := goGitOpens(name); got != want {
			t.Errorf("goGitOpens(%q) = %v, want %v", name, got, want)
		}
	}
}
