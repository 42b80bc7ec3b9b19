package query

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/benchcpu"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// synthetic returns a snapshot of n files of 8 symbols each; every file
// imports and calls into the 4 files before it, so dependents chain.
func synthetic(n int) *snapshot.Snapshot {
	s := snapshot.New()
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("pkg%d/file%d.py", i%50, i)
		f := &snapshot.File{Path: p, Lang: "python", Facts: &facts.File{}, SHA256: fmt.Sprintf("%064x", i)}
		for j := 0; j < 8; j++ {
			name := fmt.Sprintf("handle%dItem%d", j, i)
			f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: facts.KindFunction, Line: j*10 + 1})
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: nodeid.File(p), Target: nodeid.Symbol(p, name, 1), Kind: edgekind.Contains})
		}
		for k := 1; k <= 4 && i-k >= 0; k++ {
			q := fmt.Sprintf("pkg%d/file%d.py", (i-k)%50, i-k)
			f.Res.Edges = append(f.Res.Edges,
				snapshot.Edge{Source: nodeid.File(p), Target: nodeid.File(q), Kind: edgekind.Imports, Via: q},
				snapshot.Edge{Source: nodeid.Symbol(p, fmt.Sprintf("handle%dItem%d", k, i), 1), Target: nodeid.Symbol(q, fmt.Sprintf("handle0Item%d", i-k), 1), Kind: edgekind.Calls, Via: "h"})
		}
		s.Files.Set(f)
	}
	return s
}

// published writes a snapshot's records and indexes to a table in a store
// (the name index as the explicit phase writes it for Python) and returns
// the tables; each question opens the snapshot over them anew, as a CLI
// call does.
func published(b *testing.B, s *snapshot.Snapshot) *store.Tables {
	b.Helper()
	es := []snapshot.Entry{{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(s)}}
	for p, f := range s.Files.All() {
		es = append(es, snapshot.Entry{Key: snapshot.FileKey(p), Value: snapshot.EncodeRecord(f)})
		es = append(es, snapshot.GenericEntries(f)...)
		for i, sym := range f.Facts.Symbols {
			es = append(es, snapshot.DefEntry("python", snapshot.Def{Path: p, ID: nodeid.Symbol(p, sym.Qualified, 1),
				Name: sym.Name, Qualified: sym.Qualified, Kind: sym.Kind, Order: i, Line: sym.Line}))
		}
	}
	st, err := store.Open(b.TempDir(), true)
	if err != nil {
		b.Fatal(err)
	}
	name, err := st.WriteBase(snapshot.SortEntries(es))
	if err != nil {
		b.Fatal(err)
	}
	t, err := st.OpenTables([]string{name})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { t.Close() })
	return t
}

// BenchmarkQueries times one question as a CLI call pays for it (snapshot
// opened, records decoded on first use) at 2,000 and 20,000 files. A
// question about one node must cost the same at both sizes; search and a
// symbol given by a bare name look at every name (not at every record).
func BenchmarkQueries(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		tables := published(b, synthetic(n))
		mid := fmt.Sprintf("pkg%d/file%d.py", (n/2)%50, n/2)
		sym := fmt.Sprintf("handle0Item%d", n/2)
		symID := nodeid.Symbol(mid, sym, 1)
		for _, q := range []struct {
			name string
			run  func(ix *Index)
		}{
			{"deps", func(ix *Index) { ix.Deps(nodeid.File(mid)) }},
			{"rdeps", func(ix *Index) { ix.RDeps(nodeid.File(mid)) }},
			{"callers", func(ix *Index) { id, _ := ix.ResolveSymbol(symID); ix.Callers(id) }},
			{"callers-by-name", func(ix *Index) { id, _ := ix.ResolveSymbol(sym); ix.Callers(id) }},
			{"impact", func(ix *Index) { ix.Impact(nodeid.File(mid), DefaultDepth) }},
			{"search", func(ix *Index) { ix.Search("handle3", DefaultLimit) }},
			{"search-fuzzy", func(ix *Index) { ix.Search("hdl3it", DefaultLimit) }},
			{"show", func(ix *Index) { ix.ShowFile(nodeid.File(mid)) }},
		} {
			b.Run(fmt.Sprintf("%s/files=%d", q.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.ResetTimer()
				cpu := benchcpu.Start()
				for i := 0; i < b.N; i++ {
					s, err := snapshot.Open(tables, nil)
					if err != nil {
						b.Fatal(err)
					}
					q.run(New(s, nil))
				}
				cpu.Report(b)
				b.ReportMetric(float64(n), "files")
			})
		}
	}
}
