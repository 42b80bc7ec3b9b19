package lang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestJSTmpCorpus(t *testing.T) {
	roots := []string{"/root/go/pkg/mod/github.com/tree-sitter/tree-sitter-javascript@v0.25.0", "/root/go/pkg/mod/github.com/tree-sitter/tree-sitter-typescript@v0.23.2"}
	ps := NewParsers()
	n := 0
	for _, r := range roots {
		filepath.Walk(r, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return nil
			}
			src, _ := os.ReadFile(p)
			for _, spec := range []*Spec{javascriptSpec(), typescriptSpec(), tsxSpec()} {
				if !(strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".txt") || strings.HasSuffix(p, ".tsx")) {
					continue
				}
				f1, err := ps.Extract(context.Background(), spec, src)
				if err != nil {
					t.Fatal(err)
				}
				f2, _ := ps.Extract(context.Background(), spec, src)
				if d := cmp.Diff(f1, f2); d != "" {
					t.Errorf("nondeterministic %s", p)
				}
				for i, s := range f1.Symbols {
					if s.Name == "" || s.Kind == "" || (i > 0 && s.Line < f1.Symbols[i-1].Line) {
						t.Errorf("%s %s: bad symbol %+v", p, spec.Name, s)
					}
				}
				for i, r := range f1.Refs {
					if r.Name == "" || (i > 0 && r.Line < f1.Refs[i-1].Line) {
						t.Errorf("%s %s: bad ref %+v", p, spec.Name, r)
					}
				}
				for _, im := range f1.Imports {
					if im.Path == "" {
						t.Errorf("%s: bad import %+v", p, im)
					}
				}
				n++
			}
			return nil
		})
	}
	t.Log(n)
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
	f, _ := NewParsers().Extract(context.Background(), spec, src)
	for _, s := range f.Symbols {
		t.Logf("SYM %s %s %s L%d-%d sig=%q doc=%q ext=%v impl=%v", s.Kind, s.Qualified, s.Parent, s.Line, s.EndLine, s.Signature, s.Doc, s.Extends, s.Implements)
	}
	for _, s := range f.Imports {
		t.Logf("IMP %+v", s)
	}
	for _, s := range f.Refs {
		t.Logf("REF %+v", s)
	}
	t.Log("errors", f.SyntaxErrors, len(f.Symbols), len(f.Refs))
}
