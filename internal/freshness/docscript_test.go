package freshness

import (
	"crypto/sha256"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// designScript returns the reference script of docs/design.md §5: the
// first python block after the content root's definition.
func designScript(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, "**The content root**")
	open := strings.Index(text[max(start, 0):], "```python\n")
	if start < 0 || open < 0 {
		t.Fatal("docs/design.md has no content root script in §5")
	}
	body := text[start+open+len("```python\n"):]
	end := strings.Index(body, "```")
	if end < 0 {
		t.Fatal("docs/design.md: the content root script is not closed")
	}
	return body[:end]
}

// TestDesignScriptComputesRoot: the script docs/design.md §5 gives anyone
// to recompute the root, run by python3 over real files of random trees
// (names that sort around "/", several depths), prints the product's root.
func TestDesignScriptComputesRoot(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	script := filepath.Join(t.TempDir(), "root.py")
	if err := os.WriteFile(script, []byte(designScript(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(4))
	for _, n := range []int{0, 1, 5, 60} {
		dir := t.TempDir()
		var leaves []Leaf
		var paths []string
		for i, l := range randomLeaves(rng, n) {
			data := fmt.Appendf(nil, "file %d of %s\n", i, l.Path)
			if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(filepath.FromSlash(l.Path))), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(l.Path)), data, 0o644); err != nil {
				t.Fatal(err)
			}
			leaves = append(leaves, Leaf{Path: l.Path, SHA256: sha256.Sum256(data)})
			paths = append(paths, l.Path)
		}
		cmd := exec.Command(python, append([]string{script}, paths...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("python3 %s: %v\n%s", script, err, out)
		}
		if got, want := strings.TrimSpace(string(out)), Root(leaves); got != want {
			t.Errorf("%d files: the design script prints %s, lgraph computes %s", n, got, want)
		}
	}
}
