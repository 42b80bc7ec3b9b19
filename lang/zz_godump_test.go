package lang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/facts"
)

func TestGoZZBulk(t *testing.T) {
	root := os.Getenv("BULKDIR")
	if root == "" {
		t.Skip()
	}
	spec := goSpec()
	ext := ".go"
	if os.Getenv("DUMPLANG") == "python" {
		spec, ext = pythonSpec(), ".py"
	}
	if os.Getenv("NOOP") != "" {
		spec.Extract = func(root *sitter.Node, src []byte) *facts.File { return &facts.File{} }
	}
	ps := NewParsers()
	var files, syms, refs, imps, bytes, errs int
	var extract time.Duration
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ext) {
			return nil
		}
		src, _ := os.ReadFile(p)
		t0 := time.Now()
		f, err := ps.Extract(context.Background(), spec, src)
		extract += time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		files++
		bytes += len(src)
		syms += len(f.Symbols)
		refs += len(f.Refs)
		imps += len(f.Imports)
		if f.SyntaxErrors > 0 {
			errs++
		}
		for _, s := range f.Symbols {
			if s.Name == "" || s.Line <= 0 || s.EndLine < s.Line {
				t.Errorf("%s: bad symbol %+v", p, s)
			}
		}
		for _, r := range f.Refs {
			if r.Name == "" || strings.ContainsAny(r.Qualifier, " \n\t(") {
				t.Errorf("%s: bad ref %+v", p, r)
			}
		}
		return nil
	})
	t.Logf("files=%d bytes=%d syms=%d refs=%d imps=%d errfiles=%d time=%v", files, bytes, syms, refs, imps, errs, extract)
}

func TestGoZZFacts(t *testing.T) {
	fn := os.Getenv("DUMPFILE")
	if fn == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(fn)
	spec := goSpec()
	if os.Getenv("DUMPLANG") == "python" {
		spec = pythonSpec()
	}
	f, _ := NewParsers().Extract(context.Background(), spec, src)
	for _, s := range f.Symbols {
		t.Logf("S %s %s %s %d-%d sig=%q ext=%v doc=%.40q", s.Kind, s.Qualified, s.Parent, s.Line, s.EndLine, s.Signature, s.Extends, s.Doc)
	}
	for _, s := range f.Imports {
		t.Logf("I %+v", s)
	}
	for _, s := range f.Refs {
		t.Logf("R %d %s %q.%s from=%s", s.Line, s.Kind, s.Qualifier, s.Name, s.From)
	}
}
