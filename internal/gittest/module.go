package gittest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CopyGoModule copies a Go module's go.mod, go.sum and non-test .go files
// (skipping testdata, vendor, hidden and _ directories and nested modules)
// into a new repository and commits them. It returns the repository and
// the number of .go files copied.
func CopyGoModule(t testing.TB, modDir string) (*Repo, int) {
	t.Helper()
	files := map[string]string{}
	nGo := 0
	err := filepath.WalkDir(modDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(modDir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // a nested module
			}
			return nil
		}
		isGo := strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
		if !isGo && rel != "go.mod" && rel != "go.sum" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[rel] = string(data)
		if isGo {
			nGo++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := New(t)
	r.Write(files)
	r.Commit("import module")
	return r, nGo
}
