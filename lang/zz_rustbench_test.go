package lang

import (
	"os"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func BenchmarkRustZZExtract(b *testing.B) {
	p := os.Getenv("PROF_FILE")
	if p == "" {
		b.Skip()
	}
	src, _ := os.ReadFile(p)
	spec := Default().ByExtension(p)
	parser := sitter.NewParser()
	parser.SetLanguage(spec.Grammar())
	tree := parser.Parse(src, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		spec.Extract(tree.RootNode(), src)
	}
}

func BenchmarkRustZZWalkOnly(b *testing.B) {
	p := os.Getenv("PROF_FILE")
	if p == "" {
		b.Skip()
	}
	src, _ := os.ReadFile(p)
	spec := Default().ByExtension(p)
	parser := sitter.NewParser()
	parser.SetLanguage(spec.Grammar())
	tree := parser.Parse(src, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		Walk(tree.RootNode(), func(x *sitter.Node) bool { n++; return true })
	}
}
