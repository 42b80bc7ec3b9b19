package query

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/snapshot"
)

// synthetic returns a snapshot of n files of 8 symbols each; every file
// imports and calls into the 4 files before it, so dependents chain.
func synthetic(n int) *snapshot.Snapshot {
	s := snapshot.New()
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("pkg%d/file%d.py", i%50, i)
		f := &snapshot.File{Path: p, Lang: "python", Facts: &facts.File{}}
		for j := 0; j < 8; j++ {
			name := fmt.Sprintf("handle%dItem%d", j, i)
			f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: facts.KindFunction, Line: j*10 + 1})
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: snapshot.FileID(p), Target: "sym:" + p + "#" + name, Kind: KindContains})
		}
		for k := 1; k <= 4 && i-k >= 0; k++ {
			q := fmt.Sprintf("pkg%d/file%d.py", (i-k)%50, i-k)
			f.Res.Edges = append(f.Res.Edges,
				snapshot.Edge{Source: snapshot.FileID(p), Target: snapshot.FileID(q), Kind: KindImports, Via: q},
				snapshot.Edge{Source: fmt.Sprintf("sym:%s#handle%dItem%d", p, k, i), Target: fmt.Sprintf("sym:%s#handle0Item%d", q, i-k), Kind: KindCalls, Via: "h"})
		}
		s.Files.Set(f)
	}
	return s
}

// BenchmarkQueries times one question, index included, as a CLI call
// pays for it, at several repository sizes.
func BenchmarkQueries(b *testing.B) {
	for _, n := range []int{200, 2000, 20000} {
		s := synthetic(n)
		mid := fmt.Sprintf("pkg%d/file%d.py", (n/2)%50, n/2)
		sym := fmt.Sprintf("handle0Item%d", n/2)
		for _, q := range []struct {
			name string
			run  func(ix *Index)
		}{
			{"deps", func(ix *Index) { ix.Deps("file:" + mid) }},
			{"rdeps", func(ix *Index) { ix.RDeps("file:" + mid) }},
			{"callers", func(ix *Index) { id, _ := ix.ResolveSymbol(sym); ix.Callers(id) }},
			{"impact", func(ix *Index) { ix.Impact("file:"+mid, DefaultDepth) }},
			{"search", func(ix *Index) { ix.Search("handle3", DefaultLimit) }},
			{"search-fuzzy", func(ix *Index) { ix.Search("hdl3it", DefaultLimit) }},
			{"show", func(ix *Index) { ix.ShowFile("file:" + mid) }},
		} {
			b.Run(fmt.Sprintf("%s/files=%d", q.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					q.run(New(s, nil))
				}
				b.ReportMetric(float64(n), "files")
			})
		}
	}
}
