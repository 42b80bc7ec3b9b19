package lang

import (
	"os"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func benchJS(b *testing.B, spec *Spec, file string, parse bool) {
	NewParsers()
	src, err := os.ReadFile(file)
	if err != nil {
		b.Skip()
	}
	p := sitter.NewParser()
	p.SetLanguage(spec.Grammar())
	tree := p.Parse(src, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if parse {
			t := p.Parse(src, nil)
			t.Close()
		} else {
			spec.Extract(tree.RootNode(), src)
		}
	}
}

const jq = "/root/go/pkg/mod/github.com/tree-sitter/tree-sitter-javascript@v0.25.0/examples/jquery.js"
const pts = "/root/go/pkg/mod/github.com/tree-sitter/tree-sitter-typescript@v0.23.2/examples/parser.ts"

func BenchmarkJSParse(b *testing.B)   { benchJS(b, javascriptSpec(), jq, true) }
func BenchmarkJSExtract(b *testing.B) { benchJS(b, javascriptSpec(), jq, false) }
func BenchmarkTSParse(b *testing.B)   { benchJS(b, typescriptSpec(), pts, true) }
func BenchmarkTSExtract(b *testing.B) { benchJS(b, typescriptSpec(), pts, false) }

func BenchmarkJSWalkBaseline(b *testing.B) {
	NewParsers()
	src, _ := os.ReadFile(jq)
	p := sitter.NewParser()
	p.SetLanguage(javascriptSpec().Grammar())
	tree := p.Parse(src, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		Walk(tree.RootNode(), func(x *sitter.Node) bool { n++; _ = x.KindId(); return true })
		if i == 0 {
			b.Log(n)
		}
	}
}

func BenchmarkJSQuery(b *testing.B) {
	NewParsers()
	src, _ := os.ReadFile(jq)
	l := javascriptSpec().Grammar()
	p := sitter.NewParser()
	p.SetLanguage(l)
	tree := p.Parse(src, nil)
	q, qerr := sitter.NewQuery(l, `(call_expression) @c (new_expression) @n (function_declaration) @f (method_definition) @m (class_declaration) @k (variable_declarator) @v (import_statement) @i (arrow_function) @a (function_expression) @fe`)
	if qerr != nil {
		b.Fatal(qerr)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		qc := sitter.NewQueryCursor()
		it := qc.Matches(q, tree.RootNode(), src)
		n := 0
		for m := it.Next(); m != nil; m = it.Next() {
			n++
			_ = m.Captures[0].Node.KindId()
		}
		qc.Close()
		if i == 0 {
			b.Log(n)
		}
	}
}
