package layering

import (
	"go/build"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is this module's import path prefix.
const module = "github.com/lgraph/lgraph/"

// readPath are the packages a read goes through, from detecting a file's
// language and opening a view to shaping the answer, for the CLI and the
// MCP server.
var readPath = []string{"internal/lang", "internal/readview", "internal/query", "internal/answer", "internal/mcpserver"}

// writerOnly are the modules only indexing needs: the C grammars (and the
// tree-sitter runtime), the writer's badger cache and the model client.
// A shared type or error belongs in a lower package, as store.ErrBusy does.
var writerOnly = []string{"github.com/tree-sitter/", "github.com/dgraph-io/badger", "github.com/sashabaranov/go-openai"}

// TestReadPathLinksNoWriterDependency: no package of the read path links a
// grammar, badger or go-openai. The imports are read from the sources (as
// go list -deps would list them), so the test cache sees every file the
// answer depends on.
func TestReadPathLinksNoWriterDependency(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range readPath {
		deps := importsOf(t, root, module+p)
		for _, dep := range slices.Sorted(maps.Keys(deps)) {
			for _, bad := range writerOnly {
				if strings.HasPrefix(dep, bad) {
					t.Errorf("%s links %s (imported by %s)", p, dep, deps[dep])
				}
			}
		}
	}
}

// importsOf maps every package pkg depends on, in this module and directly
// imported from outside it, to a package of this module that imports it.
func importsOf(t *testing.T, root, pkg string) map[string]string {
	t.Helper()
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
