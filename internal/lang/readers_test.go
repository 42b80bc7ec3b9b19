package lang_test

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/lgraph/lgraph/"

// TestReadersLinkNoGrammar: the read path detects languages with package
// lang alone, so neither it nor lang links a tree-sitter grammar (or the
// tree-sitter runtime). A reader that imported a language package, or
// internal/lang/all, would fail here. The imports are read from the
// sources (as go list -deps would list them), so the test cache sees
// every file it depends on.
func TestReadersLinkNoGrammar(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"internal/lang", "internal/readview", "internal/query", "internal/answer"} {
		for dep, via := range deps(t, root, module+p) {
			if strings.HasPrefix(dep, "github.com/tree-sitter/") {
				t.Errorf("%s links %s (imported by %s)", p, dep, via)
			}
		}
	}
}

// deps maps every package pkg depends on, in this module and directly
// imported from outside it, to a package of this module that imports it.
func deps(t *testing.T, root, pkg string) map[string]string {
	out := map[string]string{}
	var walk func(p string)
	walk = func(p string) {
		bp, err := build.Default.ImportDir(filepath.Join(root, strings.TrimPrefix(p, module)), 0)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, imp := range bp.Imports {
			if _, seen := out[imp]; seen {
				continue
			}
			out[imp] = p
			if strings.HasPrefix(imp, module) {
				walk(imp)
			}
		}
	}
	walk(pkg)
	return out
}
