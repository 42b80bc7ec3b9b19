package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHookQuotesHostilePaths runs an installed hook with sh where the
// binary and the store live in directories whose names hold spaces,
// quotes, $(...), backquotes and $VAR: the hook must run the binary with
// the store's name as one argument and nothing in the names executed.
func TestHookQuotesHostilePaths(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	root := t.TempDir()
	canary := filepath.Join(root, "pwned")
	hostile := []string{
		`repo with space`,
		`it's "quoted"`,
		`$(touch ` + canary + `)`,
		"`touch " + canary + "`",
		`$HOME;touch ` + canary,
	}
	for i, name := range hostile {
		repo := filepath.Join(root, name)
		binDir := filepath.Join(root, "bin "+name)
		hooksDir := filepath.Join(root, "hooks", string(rune('a'+i)))
		for _, d := range []string{repo, binDir} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		// The fake lgraph records where it ran and with which arguments.
		bin := filepath.Join(binDir, "lgraph")
		fake := "#!/bin/sh\npwd > ran.txt\necho \"$@\" >> ran.txt\n"
		if err := os.WriteFile(bin, []byte(fake), 0o755); err != nil {
			t.Fatal(err)
		}
		storeDir := filepath.Join(root, "store "+name)
		if _, err := Install(hooksDir, Options{Binary: bin, Args: []string{"--store", storeDir}}); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("sh", filepath.Join(hooksDir, "post-merge"), "0")
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hook for %q: %v\n%s", name, err, out)
		}
		got := waitFor(t, filepath.Join(repo, "ran.txt"))
		if !strings.Contains(got, repo+"\n") || !strings.Contains(got, "--store "+storeDir+" hooks run post-merge 0") {
			t.Errorf("hook for %q ran as:\n%s", name, got)
		}
	}
	if _, err := os.Stat(canary); err == nil {
		t.Fatal("a directory name was executed by the hook")
	}
}

// waitFor reads a file the backgrounded hook command writes.
func waitFor(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(path); err == nil && strings.Count(string(data), "\n") >= 2 {
			return string(data)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s was never written", path)
	return ""
}
