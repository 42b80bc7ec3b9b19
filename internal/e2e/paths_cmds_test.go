package e2e

import (
	"os/exec"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdGitIndexAdd stages a blob under a path the file system could not
// hold or a script could not spell (newlines, invalid UTF-8, 5,000
// bytes), the way git itself stores it. PATH is a Go string literal
// ("new\nline.py", "\xff.py"); "long:N:NAME" is N bytes of directories
// ending in NAME. Usage: git-index-add SRCFILE PATH...
func cmdGitIndexAdd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: git-index-add SRCFILE PATH...")
	}
	blob := gitOut(ts, "", "hash-object", "-w", ts.MkAbs(args[0]))
	var info strings.Builder
	for _, a := range args[1:] {
		info.WriteString("100644 " + blob + "\t" + scriptPath(ts, a) + "\x00")
	}
	gitOut(ts, info.String(), "update-index", "-z", "--add", "--index-info")
}

func scriptPath(ts *testscript.TestScript, a string) string {
	if rest, ok := strings.CutPrefix(a, "long:"); ok {
		n, name, _ := strings.Cut(rest, ":")
		size, err := strconv.Atoi(n)
		ts.Check(err)
		var b strings.Builder
		for b.Len() < size-len(name) {
			b.WriteString(strings.Repeat("d", 200) + "/")
		}
		return b.String() + name
	}
	p, err := strconv.Unquote(a)
	if err != nil {
		ts.Fatalf("path %s: want a Go string literal: %v", a, err)
	}
	return p
}

// gitOut runs git in the script's working directory and returns its
// trimmed stdout.
func gitOut(ts *testscript.TestScript, stdin string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = scriptEnv(ts)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		ts.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return strings.TrimSpace(string(out))
}

// scriptEnv is the environment the script's exec commands get.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, k := range []string{"HOME", "PATH", "GIT_CONFIG_NOSYSTEM", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL",
		"GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"} {
		env = append(env, k+"="+ts.Getenv(k))
	}
	return env
}
