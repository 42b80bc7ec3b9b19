package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildLgraph builds the lgraph binary of this tree into a temporary
// directory.
func buildLgraph(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lgraph")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/lgraph/lgraph").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// tinyRepo commits each map of files in turn into a new repository and
// returns it and its HEAD.
func tinyRepo(t *testing.T, commits ...map[string]string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
			"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	for i, files := range commits {
		for p, text := range files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		git("add", "-A")
		git("commit", "-q", "-m", "commit "+string(rune('a'+i)))
	}
	return dir, git("rev-parse", "HEAD")
}

// TestAimsEndToEnd runs -aims with the real binary on a tiny Python
// repository standing in for localstack and a tiny Java one for
// spring-framework, codegraph skipped: every aim gets a row with a figure
// and a verdict, and a clone off its pin is refused before anything runs.
func TestAimsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lgraph and indexes two repositories")
	}
	if _, err := exec.LookPath("/usr/bin/time"); err != nil {
		t.Skip("GNU time (/usr/bin/time) measures peak memory")
	}
	lgraph := buildLgraph(t)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ls, lsHead := tinyRepo(t,
		map[string]string{"pkg/strings.py": "def to_str(x):\n    return str(x)\n", "pkg/config.py": "from pkg.strings import to_str\n\nVALUE = to_str(1)\n"},
		map[string]string{"pkg/config.py": "from pkg.strings import to_str\n\nVALUE = to_str(2)\n"},
		map[string]string{"pkg/app.py": "from pkg.config import VALUE\n\nprint(VALUE)\n"},
		map[string]string{"pkg/strings.py": "def to_str(x):\n    return f'{x}'\n"},
	)
	spring, springHead := tinyRepo(t,
		map[string]string{"src/A.java": "class A { int f() { return 1; } }\n", "src/B.java": "class B { int g() { return new A().f(); } }\n"},
		map[string]string{"src/C.java": "class C { int h() { return new A().f(); } }\n"},
		map[string]string{"src/A.java": "class A { int f() { return 2; } }\n"},
	)
	a := aimsOptions{
		localstack: ls, spring: spring, localstackPin: lsHead, springPin: springHead[:9],
		commits: 3, springCommits: 2, runs: 2,
		file: "pkg/config.py", symbol: "sym:pkg/strings.py#to_str",
		skip: parseSkip("codegraph"),
	}
	o := options{lgraph: lgraph}
	var out bytes.Buffer
	if err := runAims(context.Background(), o, a, &out); err != nil {
		t.Fatalf("-aims: %v\n%s", err, out.String())
	}
	table := out.String()
	for _, aim := range []string{
		"localstack update median ≤ 100 ms", "localstack update p90 ≤ 2x median", "`lgraph --version` ≤ 10 ms",
		"`lgraph status` cold", "`lgraph status` warm", "`lgraph deps` cold", "`lgraph deps` warm",
		"`lgraph callers` cold", "`lgraph callers` warm", "spring-framework init peak RSS ≤ 600 MB",
		"spring-framework init ≤ 0.15x codegraph's", "spring-framework updates ≤ 250 MB", "localstack init ≤ 3,000 model requests",
	} {
		line := lineWith(table, aim)
		if line == "" {
			t.Errorf("no row for %q in\n%s", aim, table)
			continue
		}
		if !strings.Contains(line, "| met |") && !strings.Contains(line, "| **not met** |") && !strings.Contains(aim, "codegraph") {
			t.Errorf("row %q has no verdict", line)
		}
	}
	if l := lineWith(table, "update median"); !strings.Contains(l, "over 3 commits") {
		t.Errorf("updates row %q does not say it used 3 commits", l)
	}
	if l := lineWith(table, "codegraph's"); !strings.Contains(l, "codegraph not available: skipped") {
		t.Errorf("codegraph row %q does not say it was skipped", l)
	}
	if l := lineWith(table, "model requests"); strings.Contains(l, "| 0 requests") || !strings.Contains(l, "| met |") {
		t.Errorf("requests row %q: want some requests, met", l)
	}
	if l := lineWith(table, "updates ≤ 250 MB"); !strings.Contains(l, "over 2 commits") {
		t.Errorf("spring updates row %q", l)
	}
	a.springPin = "91eb426"
	err := runAims(context.Background(), o, a, &out)
	if err == nil || !strings.Contains(err.Error(), "-spring "+spring+" is at") {
		t.Errorf("spring off its pin: %v; want a refusal naming -spring", err)
	}
}

func lineWith(text, part string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, part) {
			return l
		}
	}
	return ""
}
