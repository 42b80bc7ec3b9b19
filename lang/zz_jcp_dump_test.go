package lang

import (
	"fmt"
	"os"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func jcpDump(n *sitter.Node, src []byte, depth int, field string) {
	pre := strings.Repeat("  ", depth)
	if field != "" {
		pre += field + ": "
	}
	t := ""
	if n.ChildCount() == 0 || n.Kind() == "identifier" || n.Kind() == "name" {
		t = " " + fmt.Sprintf("%q", Text(n, src))
	}
	named := ""
	if !n.IsNamed() {
		named = "'"
	}
	fmt.Printf("%s%s%s%s [%d]\n", pre, named, n.Kind(), t, Line(n))
	for i := uint(0); i < n.ChildCount(); i++ {
		jcpDump(n.Child(i), src, depth+1, n.FieldNameForChild(uint32(i)))
	}
}

func TestJCPDump(t *testing.T) {
	file := os.Getenv("JCP_FILE")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	var spec *Spec
	switch os.Getenv("JCP_LANG") {
	case "java":
		spec = javaSpec()
	case "cs":
		spec = csharpSpec()
	default:
		spec = phpSpec()
	}
	p := sitter.NewParser()
	p.SetLanguage(spec.Grammar())
	tree := p.Parse(src, nil)
	jcpDump(tree.RootNode(), src, 0, "")
}

func TestJCPFacts(t *testing.T) {
	file := os.Getenv("JCP_FILE")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	var spec *Spec
	switch os.Getenv("JCP_LANG") {
	case "java":
		spec = javaSpec()
	case "cs":
		spec = csharpSpec()
	default:
		spec = phpSpec()
	}
	f, err := NewParsers().Extract(t.Context(), spec, src)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("package:", f.Package, "errors:", f.SyntaxErrors)
	for _, s := range f.Symbols {
		fmt.Printf("SYM %s %q q=%q p=%q %d-%d sig=%q doc=%q ext=%v impl=%v\n", s.Kind, s.Name, s.Qualified, s.Parent, s.Line, s.EndLine, s.Signature, s.Doc, s.Extends, s.Implements)
	}
	for _, i := range f.Imports {
		fmt.Printf("IMP %+v\n", i)
	}
	for _, r := range f.Refs {
		fmt.Printf("REF %s %q q=%q from=%q %d\n", r.Kind, r.Name, r.Qualifier, r.From, r.Line)
	}
}
