package lang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
