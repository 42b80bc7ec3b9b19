package commands

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/safefile"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/wiki"
)

func openOut(t *testing.T, dir string) *safefile.Dir {
	t.Helper()
	d, err := safefile.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A person's file, a link and a directory at page names are all refused
// in one line naming each, and nothing is written, not even the pages
// that were free.
func TestWritePagesRefusesBeforeWriting(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	os.WriteFile(filepath.Join(dir, "victim"), []byte("precious"), 0o644)
	os.WriteFile(filepath.Join(out, "mine.md"), []byte("# Mine\n"), 0o644)
	os.Symlink(filepath.Join(dir, "victim"), filepath.Join(out, "link.md"))
	os.Mkdir(filepath.Join(out, "dir.md"), 0o755)
	pages := map[string]string{"mine.md": "doc", "link.md": "doc", "dir.md": "doc", "free.md": "doc", "index.md": "index"}
	_, _, err := writePages(openOut(t, out), pages)
	if err == nil {
		t.Fatal("written")
	}
	msg := err.Error()
	for _, want := range []string{
		filepath.Join(out, "mine.md") + " was not written by lgraph",
		filepath.Join(out, "link.md") + " is a symbolic link",
		filepath.Join(out, "dir.md") + " is not a regular file",
		"another --out directory",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || !errors.Is(err, safefile.ErrSymlink) {
		t.Errorf("error %q: want one line, matching ErrSymlink", msg)
	}
	if _, err := os.Stat(filepath.Join(out, "free.md")); err == nil {
		t.Error("a free page was written before the refusal")
	}
	if readFile(t, filepath.Join(dir, "victim")) != "precious" || readFile(t, filepath.Join(out, "mine.md")) != "# Mine\n" {
		t.Error("a refused file was written")
	}
}

// A page lgraph wrote is rewritten keeping its insights; an unchanged one
// is not written again.
func TestWritePagesKeepsInsights(t *testing.T) {
	out := t.TempDir()
	d := openOut(t, out)
	if _, n, err := writePages(d, map[string]string{"a.md": "# A\n", "index.md": "idx\n"}); err != nil || n != 2 {
		t.Fatalf("first write: %d, %v", n, err)
	}
	page := readFile(t, filepath.Join(out, "a.md"))
	page = strings.Replace(page, insightsStart+"\n", insightsStart+"\nKeep this.\n", 1)
	os.WriteFile(filepath.Join(out, "a.md"), []byte(page), 0o644)
	written, n, err := writePages(d, map[string]string{"a.md": "# A, new\n", "index.md": "idx\n"})
	if err != nil || n != 1 || len(written) != 2 {
		t.Fatalf("second write: %v, %d, %v", written, n, err)
	}
	if got := readFile(t, filepath.Join(out, "a.md")); !strings.Contains(got, "# A, new\n") || !strings.Contains(got, "Keep this.") {
		t.Errorf("page = %q", got)
	}
}

// Pruning deletes lgraph's stale pages (of an older nested naming too),
// keeps those with insights and a person's files, and follows no link.
func TestPrunePages(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	outside := filepath.Join(dir, "outside")
	for _, p := range []string{out + "/old", outside} {
		os.MkdirAll(p, 0o755)
	}
	ours := generatedMarker + "\n# gone\n" + insightsStart + "\n" + insightsEnd + "\n"
	noted := generatedMarker + "\n# noted\n" + insightsStart + "\nA note.\n" + insightsEnd + "\n"
	files := map[string]string{
		out + "/gone.md": ours, out + "/old/nested.md": ours, out + "/noted.md": noted,
		out + "/live.md": ours, out + "/mine.md": "# mine\n", outside + "/far.md": ours,
	}
	for name, data := range files {
		os.WriteFile(name, []byte(data), 0o644)
	}
	os.Symlink(outside, out+"/linked")
	os.Symlink(outside+"/far.md", out+"/far.md")
	deleted, kept, err := prunePages(openOut(t, out), map[string]string{"live.md": ""})
	if err != nil || deleted != 2 || len(kept) != 1 || kept[0] != filepath.Join(out, "noted.md") {
		t.Fatalf("prune: deleted %d, kept %v, %v", deleted, kept, err)
	}
	for _, gone := range []string{out + "/gone.md", out + "/old"} {
		if _, err := os.Lstat(gone); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	for _, stays := range []string{out + "/noted.md", out + "/live.md", out + "/mine.md", out + "/far.md", outside + "/far.md"} {
		if _, err := os.Lstat(stays); err != nil {
			t.Errorf("%s: %v", stays, err)
		}
	}
}

func TestWriteNote(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	name, err := writeNote(out, "a.md", "# A\n", "First  <b>note</b>.")
	if err != nil || name != filepath.Join(out, "a.md") {
		t.Fatalf("note: %q, %v", name, err)
	}
	if _, err := writeNote(out, "a.md", "# A\n", "Second."); err != nil {
		t.Fatal(err)
	}
	want := generatedMarker + "\n# A\n\n## Insights\n\n" + insightsStart + "\nFirst &lt;b&gt;note&lt;/b&gt;.\nSecond.\n" + insightsEnd + "\n"
	if got := readFile(t, name); got != want {
		t.Errorf("page = %q, want %q", got, want)
	}
	os.WriteFile(filepath.Join(out, "mine.md"), []byte("mine"), 0o644)
	if _, err := writeNote(out, "mine.md", "# M\n", "x"); err == nil || !strings.Contains(err.Error(), "not written by lgraph") {
		t.Errorf("note on a person's file: %v", err)
	}
	if readFile(t, filepath.Join(out, "mine.md")) != "mine" {
		t.Error("a person's file was written")
	}
}

func TestRenderedNow(t *testing.T) {
	if err := renderedNow(wiki.Version(llm.NewOffline()), "wiki --out d"); err != nil {
		t.Fatal(err)
	}
	err := renderedNow("module-v4+offline+h2.500.5", "wiki --out d")
	if code, _ := exitCode(err); code != ExitRefused || !strings.Contains(err.Error(), "run lgraph update first") {
		t.Fatalf("old docs: %v (exit %d)", err, code)
	}
}
