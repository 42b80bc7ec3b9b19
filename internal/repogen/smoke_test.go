package repogen

import (
	"testing"
)

func TestSmoke(t *testing.T) {
	dir := t.TempDir()
	r, err := New(dir, Options{Files: 60, Seed: 1, Languages: []string{"go", "python", "typescript", "javascript", "java", "rust", "ruby", "c"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Files() {
		t.Logf("==== %s\n%s", f, r.Read(f))
	}
}
