package hooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInstallKeepsForeignHooksAndUninstallRestoresThem(t *testing.T) {
	dir := t.TempDir()
	foreign := "#!/bin/sh\necho mine\n"
	if err := os.WriteFile(filepath.Join(dir, "post-merge"), []byte(foreign), 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := Status(dir)
	if err != nil || st[0].Status != "other" || st[1].Status != "absent" {
		t.Fatalf("before install: %+v, %v", st, err)
	}
	for i := 0; i < 2; i++ { // installing twice leaves one block
		if _, err := Install(dir, "/opt/lgraph", "/src/repo"); err != nil {
			t.Fatal(err)
		}
	}
	merge, _ := os.ReadFile(filepath.Join(dir, "post-merge"))
	if !strings.HasPrefix(string(merge), foreign) || strings.Count(string(merge), begin) != 1 ||
		!strings.Contains(string(merge), `'/opt/lgraph' update --quiet --wait`) {
		t.Fatalf("post-merge after install:\n%s", merge)
	}
	fi, _ := os.Stat(filepath.Join(dir, "post-checkout"))
	if fi.Mode().Perm()&0o100 == 0 {
		t.Fatal("post-checkout is not executable")
	}
	st, _ = Status(dir)
	for _, s := range st {
		if s.Status != "installed" {
			t.Fatalf("after install: %+v", st)
		}
	}
	if _, err := Uninstall(dir); err != nil {
		t.Fatal(err)
	}
	merge, _ = os.ReadFile(filepath.Join(dir, "post-merge"))
	if string(merge) != foreign {
		t.Fatalf("post-merge after uninstall = %q, want the original %q", merge, foreign)
	}
	if _, err := os.Stat(filepath.Join(dir, "post-checkout")); !os.IsNotExist(err) {
		t.Fatalf("post-checkout should be gone, stat err = %v", err)
	}
}
