package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeLgraph writes a binary that records the arguments it ran with.
func fakeLgraph(t *testing.T, record string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lgraph")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho \"$@\" >> '"+record+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func states(t *testing.T, dir string) map[string]string {
	t.Helper()
	st, err := Status(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, s := range st {
		out[s.Hook] = s.Status
	}
	return out
}

// TestInstallRunsBeforeAnExitAndUninstallRestores installs into a shell
// hook that ends with `exit 0` halfway: lgraph's line must still run, the
// rest of the hook must still get its stdin, and uninstall must give the
// hook back byte for byte.
func TestInstallRunsBeforeAnExitAndUninstallRestores(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	record := filepath.Join(t.TempDir(), "ran.txt")
	stdin := filepath.Join(t.TempDir(), "stdin.txt")
	foreign := "#!/bin/bash\nset -e\ncat > '" + stdin + "'\nexit 0\necho never\n"
	write(t, filepath.Join(dir, "post-rewrite"), foreign)
	if got := states(t, dir); got["post-rewrite"] != Other || got["post-merge"] != Absent {
		t.Fatalf("before install: %v", got)
	}
	o := Options{Binary: fakeLgraph(t, record)}
	for range 2 { // installing twice leaves one block
		if _, err := Install(dir, o); err != nil {
			t.Fatal(err)
		}
	}
	text := read(t, filepath.Join(dir, "post-rewrite"))
	if !strings.HasPrefix(text, "#!/bin/bash\n"+begin) || strings.Count(text, begin) != 1 {
		t.Fatalf("post-rewrite after install:\n%s", text)
	}
	cmd := exec.Command(filepath.Join(dir, "post-rewrite"), "rebase")
	cmd.Stdin = strings.NewReader("old new\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hook: %v\n%s", err, out)
	}
	if got := read(t, record); got != "hooks run post-rewrite rebase\n" {
		t.Errorf("lgraph ran with %q", got)
	}
	if got := read(t, stdin); got != "old new\n" {
		t.Errorf("the existing hook read %q from stdin", got)
	}
	for hook, s := range states(t, dir) {
		if want := map[bool]string{true: Absent, false: Installed}[hook == PostCommit]; s != want {
			t.Errorf("%s is %s, want %s", hook, s, want)
		}
	}
	if _, err := Uninstall(dir); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "post-rewrite")); got != foreign {
		t.Fatalf("post-rewrite after uninstall = %q, want %q", got, foreign)
	}
	if _, err := os.Stat(filepath.Join(dir, "post-merge")); !os.IsNotExist(err) {
		t.Fatalf("post-merge should be gone, stat err = %v", err)
	}
}

// TestInstallChainsAHookInAnotherLanguage moves a Python hook aside and
// runs it from a shell hook after lgraph's line; uninstall moves it back.
func TestInstallChainsAHookInAnotherLanguage(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	record := filepath.Join(t.TempDir(), "ran.txt")
	mine := filepath.Join(t.TempDir(), "python-ran.txt")
	foreign := "#!/usr/bin/env python3\nimport sys\nopen('" + mine + "', 'w').write(' '.join(sys.argv[1:]) + sys.stdin.read())\n"
	write(t, filepath.Join(dir, "post-merge"), foreign)
	st, err := Install(dir, Options{Binary: fakeLgraph(t, record), PostCommit: true})
	if err != nil {
		t.Fatal(err)
	}
	if st[0].Hook != "post-merge" || st[0].Status != Installed || st[0].Chained == "" {
		t.Fatalf("post-merge state: %+v", st[0])
	}
	cmd := exec.Command(filepath.Join(dir, "post-merge"), "1")
	cmd.Stdin = strings.NewReader(" piped")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hook: %v\n%s", err, out)
	}
	if got := read(t, record); got != "hooks run post-merge 1\n" {
		t.Errorf("lgraph ran with %q", got)
	}
	if got := read(t, mine); got != "1 piped" {
		t.Errorf("the python hook saw %q", got)
	}
	if states(t, dir)[PostCommit] != Installed {
		t.Error("post-commit was not installed with PostCommit")
	}
	if _, err := Uninstall(dir); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "post-merge")); got != foreign {
		t.Fatalf("post-merge after uninstall = %q", got)
	}
}

// TestOlderBlockIsOutdated: a block appended at the end by an older lgraph
// is reported as outdated, and install moves it to the start.
func TestOlderBlockIsOutdated(t *testing.T) {
	dir := t.TempDir()
	old := "#!/bin/sh\nexit 0\n" + begin + "\n(cd '/src' && '/opt/lgraph' update --quiet --wait >/dev/null 2>&1 &)\n" + end + "\n"
	write(t, filepath.Join(dir, "post-merge"), old)
	if s := states(t, dir)["post-merge"]; s != Outdated {
		t.Fatalf("old block is %s", s)
	}
	if _, err := Install(dir, Options{Binary: "/opt/lgraph"}); err != nil {
		t.Fatal(err)
	}
	text := read(t, filepath.Join(dir, "post-merge"))
	if s := states(t, dir)["post-merge"]; s != Installed || !strings.HasSuffix(text, "\nexit 0\n") || strings.Contains(text, "update --quiet") {
		t.Fatalf("after install (%s):\n%s", s, text)
	}
}

func TestLocateHonoursHooksPathAndNamesManagers(t *testing.T) {
	top := t.TempDir()
	common := filepath.Join(top, ".git")
	home := t.TempDir()
	if err := os.MkdirAll(common, 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string { return map[string]string{"HOME": home}[k] }
	if w := Locate(top, common, common, env); w.Dir != filepath.Join(common, "hooks") || w.HooksPath != "" || len(w.Managers) != 0 {
		t.Fatalf("plain repository: %+v", w)
	}
	write(t, filepath.Join(home, ".gitconfig"), "[core]\n\thooksPath = ~/global-hooks\n")
	if w := Locate(top, common, common, env); w.Dir != filepath.Join(home, "global-hooks") {
		t.Fatalf("global hooksPath: %+v", w)
	}
	write(t, filepath.Join(common, "config"), "[core]\n\tbare = false\n\thooksPath = .husky/_\n")
	write(t, filepath.Join(top, "lefthook.yml"), "pre-commit:\n")
	w := Locate(top, common, common, env)
	if w.Dir != filepath.Join(top, ".husky", "_") || w.HooksPath != ".husky/_" {
		t.Fatalf("local hooksPath: %+v", w)
	}
	var names []string
	for _, m := range w.Managers {
		names = append(names, m.Name)
		if !strings.Contains(m.Advice([]string{"post-merge"}, "'/bin/lgraph' hooks run"), "'/bin/lgraph' hooks run") {
			t.Errorf("%s advice lacks the command", m.Name)
		}
	}
	if strings.Join(names, ",") != "husky,lefthook" {
		t.Errorf("managers = %v", names)
	}
}

func TestLastFailureReadsTheNewestEnd(t *testing.T) {
	dir := t.TempDir()
	if LastFailure(dir) != nil {
		t.Fatal("a failure without a log")
	}
	f, err := OpenLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	Started(f, "post-merge", "/src", now)
	Ended(f, "post-merge", now, 1, os.ErrPermission)
	fl := LastFailure(dir)
	if fl == nil || fl.Hook != "post-merge" || fl.Exit != 1 || fl.Error != os.ErrPermission.Error() || !fl.Time.Equal(now) {
		t.Fatalf("failure = %+v", fl)
	}
	Ended(f, "post-commit", now.Add(time.Second), 0, nil)
	f.Close()
	if fl := LastFailure(dir); fl != nil {
		t.Fatalf("a success after the failure still reports %+v", fl)
	}
}

func TestOpenLogKeepsTheNewerHalf(t *testing.T) {
	dir := t.TempDir()
	line := strings.Repeat("x", 99) + "\n"
	write(t, filepath.Join(dir, LogFile), strings.Repeat(line, maxLogBytes/100+10)+"newest\n")
	f, err := OpenLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	text := read(t, filepath.Join(dir, LogFile))
	if len(text) > maxLogBytes/2 || !strings.HasSuffix(text, "newest\n") || !strings.HasPrefix(text, "xxx") {
		t.Fatalf("trimmed log: %d bytes, ends %q", len(text), text[len(text)-10:])
	}
}
