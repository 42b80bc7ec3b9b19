package lang

import (
	"os"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func TestRustZZProf(t *testing.T) {
	p := os.Getenv("PROF_FILE")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	spec := Default().ByExtension(p)
	if os.Getenv("PROF_LANG") != "" {
		spec = Default().Get(os.Getenv("PROF_LANG"))
	}
	parser := sitter.NewParser()
	parser.SetLanguage(spec.Grammar())
	s := time.Now()
	tree := parser.Parse(src, nil)
	t.Logf("parse %v", time.Since(s))
	s = time.Now()
	f := spec.Extract(tree.RootNode(), src)
	t.Logf("extract %v syms %d refs %d", time.Since(s), len(f.Symbols), len(f.Refs))
	s = time.Now()
	n := CountErrors(tree.RootNode())
	t.Logf("count errors %v: %d", time.Since(s), n)
}
