package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func wantSymlink(t *testing.T, err error, path string) {
	t.Helper()
	var se *SymlinkError
	if !errors.As(err, &se) || !errors.Is(err, ErrSymlink) || se.Path != path {
		t.Fatalf("err = %v, want a SymlinkError naming %s", err, path)
	}
}

func TestWriteFileCreatesAndReplaces(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := WriteFile(filepath.Join("a", "b"), "c/d.md", []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join("a", "b"), "c/d.md", []byte("two")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, "a/b/c/d.md"); got != "two" {
		t.Fatalf("got %q", got)
	}
	left, _ := filepath.Glob("a/b/c/.*")
	if len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// A link at the file's name is replaced by the file; its target stays.
func TestWriteReplacesLinkNotTarget(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("victim", []byte("precious"), 0o644)
	os.Mkdir("out", 0o755)
	os.Symlink(filepath.Join(dir, "victim"), "out/page.md")
	os.Symlink("../nowhere.pth", "out/new.md") // a dangling link would be created
	for _, name := range []string{"page.md", "new.md"} {
		if err := WriteFile("out", name, []byte("page")); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Lstat("out/" + name); !fi.Mode().IsRegular() {
			t.Fatalf("%s is still %v", name, fi.Mode())
		}
	}
	if read(t, "victim") != "precious" {
		t.Fatal("the link's target was written")
	}
	if _, err := os.Lstat("nowhere.pth"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the dangling link's target was created")
	}
}

func TestRefusesLinkedDirectories(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.Mkdir("outside", 0o755)
	os.Mkdir("repo", 0o755)
	os.Symlink("../outside", "repo/linked")
	os.MkdirAll("repo/out", 0o755)
	os.Symlink("../../outside", "repo/out/sub")

	// the out directory itself, a directory on the way to it, one below it
	wantSymlink(t, WriteFile("repo/linked", "x.md", nil), "repo/linked")
	wantSymlink(t, WriteFile("repo/linked/deeper", "x.md", nil), "repo/linked")
	wantSymlink(t, WriteFile(filepath.Join(dir, "repo/linked"), "x.md", nil), filepath.Join(dir, "repo/linked"))
	wantSymlink(t, WriteFile("repo/out", "sub/x.md", nil), filepath.Join("repo/out", "sub"))
	wantSymlink(t, WriteFile("repo/out", "sub/new/x.md", nil), filepath.Join("repo/out", "sub"))
	if ents, _ := os.ReadDir("outside"); len(ents) != 0 {
		t.Fatalf("written through a link: %v", ents)
	}
}

// An absolute directory's ancestors are the user's: a link above it is
// followed (as /tmp is on macOS), the directory itself is not.
func TestAbsoluteAncestorsAreTheUsers(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.Symlink("real", filepath.Join(dir, "tmp"))
	if err := WriteFile(filepath.Join(dir, "tmp", "out"), "x.md", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "real", "out", "x.md")) != "x" {
		t.Fatal("not written")
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("out/real", 0o755)
	os.WriteFile("secret", []byte("s3cr3t"), 0o644)
	os.WriteFile("out/page.md", []byte("mine"), 0o644)
	os.Symlink(filepath.Join(dir, "secret"), "out/link.md")
	os.Symlink(dir, "out/up")
	d, err := Open("out")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if b, err := d.ReadFile("page.md"); err != nil || string(b) != "mine" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
	if _, err := d.ReadFile("none.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := d.ReadFile("gone/none.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing directory: %v", err)
	}
	wantSymlink(t, ignore(d.ReadFile("link.md")), filepath.Join("out", "link.md"))
	wantSymlink(t, ignore(d.ReadFile("up/secret")), filepath.Join("out", "up"))
	if _, err := d.ReadFile("real"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("directory read: %v", err)
	}
	for _, bad := range []string{"../secret", "/etc/passwd", "a/../../secret"} {
		if _, err := d.ReadFile(bad); err == nil || !strings.Contains(err.Error(), "outside") {
			t.Fatalf("ReadFile(%q) = %v", bad, err)
		}
	}
}

func ignore(_ []byte, err error) error { return err }

func TestRemove(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("out/sub", 0o755)
	os.MkdirAll("outside", 0o755)
	os.WriteFile("outside/page.md", []byte("x"), 0o644)
	os.WriteFile("out/sub/page.md", []byte("x"), 0o644)
	os.Symlink("../outside", "out/linked")
	os.Symlink("../outside/page.md", "out/link.md")
	d, err := Open("out")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	wantSymlink(t, d.Remove("linked/page.md"), filepath.Join("out", "linked"))
	wantSymlink(t, d.Remove("link.md"), filepath.Join("out", "link.md"))
	if _, err := os.Stat("outside/page.md"); err != nil {
		t.Fatal("removed through a link")
	}
	if err := d.Remove("sub"); err == nil {
		t.Fatal("removed a directory that is not empty")
	}
	if err := errors.Join(d.Remove("sub/page.md"), d.Remove("sub")); err != nil {
		t.Fatal(err)
	}
}

// A failing fill leaves the old file and no temporary one.
func TestWriteFailureKeepsOld(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := WriteFile("out", "f", []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write("out", "f", func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if read(t, "out/f") != "old" {
		t.Fatal("old file lost")
	}
	if ents, _ := os.ReadDir("out"); len(ents) != 1 {
		t.Fatalf("left: %v", ents)
	}
}

func TestOpenRefusesAFile(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("file", nil, 0o644)
	if _, err := Open("file"); err == nil || !strings.Contains(err.Error(), "file is not a directory") {
		t.Fatalf("err = %v", err)
	}
}
