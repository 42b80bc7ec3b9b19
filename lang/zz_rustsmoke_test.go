package lang

import (
	"bufio"
	"context"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestRustZZSmoke(t *testing.T) {
	list := os.Getenv("SMOKE_LIST")
	if list == "" {
		t.Skip()
	}
	fh, _ := os.Open(list)
	defer fh.Close()
	ps := NewParsers()
	reg := Default()
	sc := bufio.NewScanner(fh)
	var total time.Duration
	var bytes, syms, refs, imps, files, errs int
	type slow struct {
		d time.Duration
		p string
	}
	var slows []slow
	for sc.Scan() {
		p := sc.Text()
		spec := reg.ByExtension(p)
		if spec == nil {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil || len(src) > 3<<20 {
			continue
		}
		start := time.Now()
		f, err := ps.Extract(context.Background(), spec, src)
		d := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		slows = append(slows, slow{d, p})
		total += d
		bytes += len(src)
		files++
		syms += len(f.Symbols)
		refs += len(f.Refs)
		imps += len(f.Imports)
		if f.SyntaxErrors > 0 {
			errs++
		}
		for i, s := range f.Symbols {
			if s.Name == "" || s.Qualified == "" || s.Line == 0 || s.EndLine < s.Line || strings.ContainsAny(s.Name, " \n") {
				t.Errorf("%s: bad symbol %+v", p, s)
			}
			if i > 0 && s.Line < f.Symbols[i-1].Line {
				t.Errorf("%s: symbols out of order %+v", p, s)
			}
		}
		for i, r := range f.Refs {
			if r.Name == "" || strings.ContainsAny(r.Name+r.Qualifier, " \n\t") {
				t.Errorf("%s: bad ref %+v", p, r)
			}
			if i > 0 && r.Line < f.Refs[i-1].Line {
				t.Errorf("%s: refs out of order %+v", p, r)
			}
		}
		for _, im := range f.Imports {
			if im.Path == "" || strings.ContainsAny(im.Path, " \n") {
				t.Errorf("%s: bad import %+v", p, im)
			}
		}
	}
	sort.Slice(slows, func(i, j int) bool { return slows[i].d > slows[j].d })
	if len(slows) > 3 {
		slows = slows[:3]
	}
	t.Logf("files %d (%d with errors) bytes %d time %v (%.1f MB/s) syms %d refs %d imports %d slowest %v", files, errs, bytes, total, float64(bytes)/total.Seconds()/1e6, syms, refs, imps, slows)
}
