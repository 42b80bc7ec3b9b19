package lang

import (
	"context"
	"fmt"
	"os"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

func TestJSDump(t *testing.T) {
	file := os.Getenv("DUMP")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	var l *sitter.Language
	switch os.Getenv("GRAM") {
	case "ts":
		l = sitter.NewLanguage(tsts.LanguageTypescript())
	case "tsx":
		l = sitter.NewLanguage(tsts.LanguageTSX())
	default:
		l = sitter.NewLanguage(tsjs.Language())
	}
	p := sitter.NewParser()
	p.SetLanguage(l)
	tree := p.Parse(src, nil)
	dump(t, tree.RootNode(), src, 0)
}

func dump(t *testing.T, n *sitter.Node, src []byte, depth int) {
	c := n.Walk()
	defer c.Close()
	var rec func(d int)
	rec = func(d int) {
		nd := c.Node()
		field := c.FieldName()
		s := ""
		for i := 0; i < d; i++ {
			s += "  "
		}
		if field != "" {
			s += field + ": "
		}
		s += nd.Kind()
		if nd.ChildCount() == 0 || nd.Kind() == "string" || nd.Kind() == "identifier" {
			s += " " + Text(nd, src)
		}
		os.Stdout.WriteString(s + "\n")
		if c.GotoFirstChild() {
			for {
				rec(d + 1)
				if !c.GotoNextSibling() {
					break
				}
			}
			c.GotoParent()
		}
	}
	rec(depth)
}

func TestJSFactsDump(t *testing.T) {
	file := os.Getenv("FACTS")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	spec := javascriptSpec()
	switch os.Getenv("GRAM") {
	case "ts":
		spec = typescriptSpec()
	case "tsx":
		spec = tsxSpec()
	}
	f, err := NewParsers().Extract(context.Background(), spec, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range f.Symbols {
		fmt.Printf("SYM %+v\n", s)
	}
	for _, s := range f.Imports {
		fmt.Printf("IMP %+v\n", s)
	}
	for _, s := range f.Refs {
		fmt.Printf("REF %+v\n", s)
	}
	fmt.Println("errors", f.SyntaxErrors)
}
