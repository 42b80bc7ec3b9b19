package query

import (
	"os"
	"testing"
	"time"

	"github.com/lgraph/lgraph/store"
)

func TestTmpTiming(t *testing.T) {
	dir := os.Getenv("QSTORE")
	if dir == "" {
		t.Skip()
	}
	s, err := store.Open(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	_, snap, err := s.LoadPublished("master")
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	ix := New(snap, nil)
	t2 := time.Now()
	r := ix.Search("handle", 20)
	t3 := time.Now()
	ix.Impact("file:"+r.Items[0].Path, 3)
	t4 := time.Now()
	ix.Search("hndlr", 20)
	t5 := time.Now()
	t.Logf("load %v index %v search %v impact %v fuzzy %v nodes %d", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t5.Sub(t4), len(ix.ids))
}

func BenchmarkTmp(b *testing.B) {
	s, _ := store.Open(os.Getenv("QSTORE"), false)
	_, snap, _ := s.LoadPublished("master")
	for _, c := range []string{"search", "fuzzy", "impact", "rdeps", "resolve"} {
		b.Run(c, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				ix := New(snap, nil)
				switch c {
				case "search":
					ix.Search("handle", 20)
				case "fuzzy":
					ix.Search("hndlr", 20)
				case "impact":
					ix.Impact("file:internal/cursor/stream/upload.go", 3)
				case "rdeps":
					ix.RDeps("file:internal/cursor/stream/upload.go")
				case "resolve":
					ix.ResolveSymbol("handle")
				}
			}
		})
	}
}
