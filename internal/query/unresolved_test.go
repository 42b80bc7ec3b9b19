package query

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// withUnresolved is the fixture plus app/use.py, whose f calls get and
// helper on receivers of unknown type (x.get(), m.helper()) and zap on
// one; and two files sharing an environment variable with svc/svc.go.
func withUnresolved() *snapshot.Snapshot {
	s := fixture()
	s.Files.Set(&snapshot.File{Path: "app/use.py", Lang: "python", Facts: &facts.File{Symbols: []facts.Symbol{
		{Name: "f", Qualified: "f", Kind: facts.KindFunction, Line: 3, EndLine: 9},
	}}, Res: snapshot.Resolution{Sites: []snapshot.Site{
		{Name: "get", Receiver: "x", From: "f", Line: 4},
		{Name: "helper", Receiver: "m", From: "f", Line: 5},
		{Name: "zap", Receiver: "x.y", From: "f", Line: 6},
		{Name: "get", Receiver: "", From: "", Line: 12},
	}}})
	s.Files.Set(&snapshot.File{Path: "tests/test_use.py", Lang: "python", Res: snapshot.Resolution{Sites: []snapshot.Site{
		{Name: "get", Receiver: "client", Line: 2},
	}}})
	share := func(p, other string) {
		f := s.Files.Get(p)
		nf := *f
		nf.Implicit = append([]snapshot.Edge(nil), f.Implicit...)
		nf.Implicit = append(nf.Implicit, snapshot.Edge{Source: nodeid.File(p), Target: nodeid.File(other), Kind: edgekind.Implicit, Via: "env:DATABASE_URL"})
		s.Files.Set(&nf)
	}
	share("svc/svc.go", "app/use.py")
	share("app/use.py", "svc/svc.go")
	share("svc/svc.go", "cmd/main.go")
	share("cmd/main.go", "svc/svc.go")
	return s
}

// indexedToo returns the snapshot with an index of its records' entries,
// so a question is answered from the index, as of a published snapshot.
func indexedToo(s *snapshot.Snapshot) *snapshot.Snapshot {
	var es []snapshot.Entry
	for _, f := range s.Files.All() {
		es = append(es, snapshot.GenericEntries(f)...)
	}
	c := *s
	c.Index = snapshot.NewMemKV(es)
	return &c
}

// TestUnresolvedCalls: callers report the calls written with the
// symbol's name whose receiver is untyped, callees those the symbol
// makes, impact those of the target's names (a file's: its top-level
// functions and its types' methods); from the index as from a scan.
func TestUnresolvedCalls(t *testing.T) {
	s := withUnresolved()
	for name, ix := range map[string]*Index{"scan": New(s, staleUtil), "indexed": New(indexedToo(s), staleUtil)} {
		t.Run(name, func(t *testing.T) {
			want := []UnresolvedSite{
				{Path: "app/use.py", Line: 4, Call: "x.get", Receiver: "x"},
				{Path: "app/use.py", Line: 12, Call: "get"},
				{Path: "tests/test_use.py", Line: 2, Call: "client.get", Receiver: "client"},
			}
			if diff := cmp.Diff(want, ix.Callers("sym:lib/util.py#Base.get").Unresolved); diff != "" {
				t.Errorf("callers Base.get (-want +got):\n%s", diff)
			}
			if got := ix.Callers("sym:app/main.py#run").Unresolved; got == nil || len(got) != 0 {
				t.Errorf("callers run: unresolved %#v, want empty", got)
			}
			want = []UnresolvedSite{
				{Path: "app/use.py", Line: 4, Call: "x.get", Receiver: "x"},
				{Path: "app/use.py", Line: 5, Call: "m.helper", Receiver: "m"},
				{Path: "app/use.py", Line: 6, Call: "x.y.zap", Receiver: "x.y"},
			}
			if diff := cmp.Diff(want, ix.Callees("sym:app/use.py#f").Unresolved); diff != "" {
				t.Errorf("callees f (-want +got):\n%s", diff)
			}
			imp := ix.Impact("file:lib/util.py", 1)
			var calls []string
			for _, u := range imp.Unresolved {
				calls = append(calls, u.Path+" "+u.Call)
				if u.Path == "lib/util.py" || u.Stale {
					t.Errorf("site %+v", u)
				}
			}
			if diff := cmp.Diff([]string{"app/use.py x.get", "app/use.py m.helper", "app/use.py get", "tests/test_use.py client.get"}, calls); diff != "" {
				t.Errorf("impact lib/util.py: unresolved (-want +got):\n%s", diff)
			}
			if got := ix.Impact("sym:lib/util.py#helper", 1).Unresolved; len(got) != 1 || got[0].Call != "m.helper" {
				t.Errorf("impact helper: unresolved %+v", got)
			}
		})
	}
}

// TestImpactNamesBounded: a file target's names are its top-level
// functions and its top-level types' methods, once each, at most
// maxImpactNames.
func TestImpactNamesBounded(t *testing.T) {
	s := snapshot.New()
	syms := []facts.Symbol{
		{Name: "C", Qualified: "C", Kind: facts.KindClass, Line: 1, EndLine: 90},
		{Name: "m", Qualified: "C.m", Parent: "C", Kind: facts.KindMethod, Line: 2, EndLine: 3},
		{Name: "inner", Qualified: "C.m.inner", Parent: "C.m", Kind: facts.KindFunction, Line: 3, EndLine: 3},
		{Name: "m", Qualified: "D.m", Parent: "D", Kind: facts.KindMethod, Line: 4, EndLine: 4},
	}
	for i := 0; i < 2*maxImpactNames; i++ {
		n := string(rune('a'+i%26)) + string(rune('a'+i/26))
		syms = append(syms, facts.Symbol{Name: n, Qualified: n, Kind: facts.KindFunction, Line: 10 + i, EndLine: 10 + i})
	}
	s.Files.Set(&snapshot.File{Path: "a.py", Lang: "python", Facts: &facts.File{Symbols: syms}})
	got := New(s, nil).impactNames("file:a.py")
	if len(got) != maxImpactNames || got[0] != "m" || got[1] != "aa" {
		t.Errorf("impactNames = %v", got)
	}
}

// TestImplicitDependencies: deps, rdeps and impact follow the implicit
// edges between files sharing a key, with the key as via; from the index
// as from a scan.
func TestImplicitDependencies(t *testing.T) {
	s := withUnresolved()
	for name, ix := range map[string]*Index{"scan": New(s, nil), "indexed": New(indexedToo(s), nil)} {
		t.Run(name, func(t *testing.T) {
			implicit := FileDep{Path: "app/use.py", Kinds: []string{edgekind.Implicit}, Via: []string{"env:DATABASE_URL"},
				ViaByKind: map[string][]string{edgekind.Implicit: {"env:DATABASE_URL"}}}
			both := FileDep{Path: "cmd/main.go", Kinds: []string{edgekind.Calls, edgekind.Implicit, edgekind.Imports, edgekind.References},
				Via:       []string{"env:DATABASE_URL", "ex.com/m/svc", "s.Get", "svc.Server"},
				ViaByKind: map[string][]string{edgekind.Calls: {"s.Get"}, edgekind.Implicit: {"env:DATABASE_URL"}, edgekind.Imports: {"ex.com/m/svc"}, edgekind.References: {"svc.Server"}}}
			if diff := cmp.Diff([]FileDep{implicit, both}, ix.RDeps("file:svc/svc.go").Files); diff != "" {
				t.Errorf("rdeps svc/svc.go (-want +got):\n%s", diff)
			}
			svc := FileDep{Path: "svc/svc.go", Kinds: []string{edgekind.Implicit}, Via: []string{"env:DATABASE_URL"},
				ViaByKind: map[string][]string{edgekind.Implicit: {"env:DATABASE_URL"}}}
			if diff := cmp.Diff([]FileDep{svc}, ix.Deps("file:app/use.py").Files); diff != "" {
				t.Errorf("deps app/use.py (-want +got):\n%s", diff)
			}
			imp := ix.Impact("file:app/use.py", 2)
			if len(imp.Levels) != 2 || imp.Levels[0].Items[0].ID != "file:svc/svc.go" || imp.Levels[0].Items[0].Kinds[0] != edgekind.Implicit {
				t.Fatalf("impact app/use.py = %+v", imp.Levels)
			}
			if got := imp.Levels[1].Items[0]; got.ID != "file:cmd/main.go" || got.Kinds[0] != edgekind.Implicit {
				t.Errorf("impact app/use.py at distance 2 = %+v", imp.Levels[1].Items)
			}
			if got := ix.Callers("sym:svc/svc.go#Get").Items; len(got) != 1 || got[0].ID != "sym:svc/svc.go#Server.Get" {
				t.Errorf("callers follow implicit edges: %+v", got)
			}
		})
	}
}

// TestImplicitTooCommon: a key the phase joined counts its files by its
// edges; an unjoined one is the file's alone, or used by too many files
// to be a coupling (as if implicit.max_files_per_key were 2); from the
// index as from a scan.
func TestImplicitTooCommon(t *testing.T) {
	s := snapshot.New()
	sig := func(key string) facts.Signal { return facts.Signal{Kind: "env", Key: key, Line: 1} }
	pair := func(p, other string) []snapshot.Edge {
		return []snapshot.Edge{{Source: nodeid.File(p), Target: nodeid.File(other), Kind: edgekind.Implicit, Via: "env:PAIR"}}
	}
	s.Files.Set(&snapshot.File{Path: "a.py", Lang: "python", Signals: []facts.Signal{sig("GENERIC"), sig("PAIR"), sig("SOLO")}, Implicit: pair("a.py", "b.py")})
	s.Files.Set(&snapshot.File{Path: "b.py", Lang: "python", Signals: []facts.Signal{sig("GENERIC"), sig("PAIR")}, Implicit: pair("b.py", "a.py")})
	s.Files.Set(&snapshot.File{Path: "c.py", Lang: "python", Signals: []facts.Signal{sig("GENERIC")}})
	for name, ix := range map[string]*Index{"scan": New(s, nil), "indexed": New(indexedToo(s), nil)} {
		t.Run(name, func(t *testing.T) {
			type count struct {
				Key       string
				Files     int
				FileCount int
				TooCommon bool
			}
			var got []count
			for _, k := range ix.Implicit("file:a.py").Keys {
				got = append(got, count{k.Key, len(k.Files), k.FileCount, k.TooCommon})
			}
			want := []count{{"env:GENERIC", 0, 3, true}, {"env:PAIR", 1, 2, false}, {"env:SOLO", 0, 1, false}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("implicit a.py (-want +got):\n%s", diff)
			}
		})
	}
}
