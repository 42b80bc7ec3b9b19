package query

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// fixture is a small hand-built snapshot:
//
//	lib/util.py   helper, class Base with method get
//	app/main.py   imports lib/util.py; run and Server.get call helper; Server extends Base
//	app/cli.py    imports app/main.py; cli calls run
//	svc/svc.go    Get, struct Server with method Get (which calls Get)
//	cmd/main.go   imports svc/svc.go; main calls Server.Get and references Server
//	web/index.ts  main, called at file level
func fixture() *snapshot.Snapshot {
	s := snapshot.New()
	add := func(p, lang string, syms []facts.Symbol, refs []facts.Ref, edges ...string) *snapshot.File {
		f := &snapshot.File{Path: p, Lang: lang, Size: 100, Facts: &facts.File{Symbols: syms, Refs: refs}}
		ids := snapshot.SymbolIDs(p, syms)
		for i, sym := range syms {
			parent := nodeid.File(p)
			if sym.Parent != "" {
				parent = nodeid.Symbol(p, sym.Parent, 1)
			}
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: parent, Target: ids[i], Kind: edgekind.Contains})
		}
		for _, e := range edges {
			part := strings.Split(e, " ")
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: part[0], Target: part[1], Kind: part[2], Via: part[3]})
		}
		s.Files.Set(f)
		return f
	}
	fn := func(name, parent, kind string, line, end int) facts.Symbol {
		q := name
		if parent != "" {
			q = parent + "." + name
		}
		return facts.Symbol{Name: name, Qualified: q, Parent: parent, Kind: kind, Line: line, EndLine: end, Signature: "def " + name + "()"}
	}
	call := func(name, qual, from string, line int) facts.Ref {
		return facts.Ref{Name: name, Qualifier: qual, Kind: facts.RefCall, From: from, Line: line}
	}
	util := add("lib/util.py", "python", []facts.Symbol{
		fn("helper", "", facts.KindFunction, 1, 2), fn("Base", "", facts.KindClass, 4, 8), fn("get", "Base", facts.KindMethod, 5, 6),
	}, nil)
	util.Summary = "Utilities."
	util.Facts.Symbols[0].Doc = "Helps."
	main := add("app/main.py", "python", []facts.Symbol{
		fn("run", "", facts.KindFunction, 3, 6), fn("Server", "", facts.KindClass, 8, 12), fn("get", "Server", facts.KindMethod, 9, 10),
	}, []facts.Ref{call("helper", "", "run", 4), call("helper", "", "run", 5), call("helper", "", "Server.get", 10)},
		"file:app/main.py file:lib/util.py imports lib.util",
		"sym:app/main.py#run sym:lib/util.py#helper calls helper",
		"sym:app/main.py#Server.get sym:lib/util.py#helper calls helper",
		"sym:app/main.py#Server sym:lib/util.py#Base extends Base")
	main.EdgeSummaries = map[string]string{"lib/util.py": "main runs helper."}
	add("app/cli.py", "python", []facts.Symbol{fn("cli", "", facts.KindFunction, 3, 4)},
		[]facts.Ref{call("run", "main", "cli", 4)},
		"file:app/cli.py file:app/main.py imports app.main",
		"sym:app/cli.py#cli sym:app/main.py#run calls main.run")
	add("svc/svc.go", "go", []facts.Symbol{
		fn("Get", "", facts.KindFunction, 3, 3), fn("Server", "", facts.KindStruct, 5, 5), fn("Get", "Server", facts.KindMethod, 7, 9),
	}, []facts.Ref{call("Get", "", "Server.Get", 8)},
		"sym:svc/svc.go#Server.Get sym:svc/svc.go#Get calls Get")
	add("cmd/main.go", "go", []facts.Symbol{fn("main", "", facts.KindFunction, 5, 8)},
		[]facts.Ref{call("Get", "s", "main", 7)},
		"file:cmd/main.go file:svc/svc.go imports ex.com/m/svc",
		"sym:cmd/main.go#main sym:svc/svc.go#Server.Get calls s.Get",
		"sym:cmd/main.go#main sym:svc/svc.go#Server references svc.Server")
	add("web/index.ts", "typescript", []facts.Symbol{fn("main", "", facts.KindFunction, 1, 1)},
		[]facts.Ref{call("main", "", "", 3)},
		"file:web/index.ts sym:web/index.ts#main calls main")
	return s
}

func staleUtil(p string) (bool, string) {
	if p == "lib/util.py" {
		return true, "update"
	}
	return false, ""
}

func TestResolve(t *testing.T) {
	ix := New(fixture(), nil)
	for _, tc := range []struct {
		arg, want, err string
	}{
		{"sym:svc/svc.go#Get", "sym:svc/svc.go#Get", ""},
		{"svc/svc.go#Server.Get", "sym:svc/svc.go#Server.Get", ""},
		{"Server.get", "sym:app/main.py#Server.get", ""},
		{"helper", "sym:lib/util.py#helper", ""},
		{"cli", "sym:app/cli.py#cli", ""},
		{"main", "", `symbol "main" is ambiguous (2 matches): pass one of sym:cmd/main.go#main, sym:web/index.ts#main`},
		{"Get", "", `symbol "Get" is ambiguous (2 matches): pass one of sym:svc/svc.go#Get, sym:svc/svc.go#Server.Get`},
		{"et", "", `no symbol "et" in the index: try lgraph search et`},
		{"sym:nope.py#x", "", `no symbol "sym:nope.py#x" in the index: try lgraph search x`},
	} {
		got, err := ix.ResolveSymbol(tc.arg)
		if got != tc.want || errString(err) != tc.err {
			t.Errorf("ResolveSymbol(%q) = %q, %v; want %q, %s", tc.arg, got, err, tc.want, tc.err)
		}
	}
	var amb *AmbiguousError
	if _, err := ix.ResolveSymbol("main"); !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		t.Errorf("ambiguity is not an *AmbiguousError: %v", err)
	}
	for _, tc := range []struct{ arg, want, err string }{
		{"app/main.py", "file:app/main.py", ""},
		{"./app/main.py", "file:app/main.py", ""},
		{"file:app/main.py", "file:app/main.py", ""},
		{"app/gone.py", "", `no file "app/gone.py" in the index: try lgraph search gone.py`},
	} {
		got, err := ix.ResolveFile(tc.arg)
		if got != tc.want || errString(err) != tc.err {
			t.Errorf("ResolveFile(%q) = %q, %v; want %q, %s", tc.arg, got, err, tc.want, tc.err)
		}
	}
	for _, tc := range []struct{ arg, want, err string }{
		{"util.py", "file:lib/util.py", ""},
		{"main.py", "file:app/main.py", ""},
		{"svc.go", "file:svc/svc.go", ""},
		{"main.go", "file:cmd/main.go", ""},
		{"ain.py", "", `no file "ain.py" in the index: try lgraph search ain.py`},
	} {
		got, err := ix.ResolveFile(tc.arg)
		if got != tc.want || errString(err) != tc.err {
			t.Errorf("ResolveFile(%q) = %q, %v; want %q, %s", tc.arg, got, err, tc.want, tc.err)
		}
	}
	for _, tc := range []struct{ arg, want, err string }{
		{"lib.util.helper", "sym:lib/util.py#helper", ""},
		{"lib/util.Base.get", "sym:lib/util.py#Base.get", ""},
		{"app.main.Server.get", "sym:app/main.py#Server.get", ""},
		{"util.helper", "sym:lib/util.py#helper", ""},
		{"lib.cli.helper", "", `no symbol "lib.cli.helper" in the index: try lgraph search lib.cli.helper`},
	} {
		got, err := ix.ResolveWrittenSymbol(tc.arg)
		if got != tc.want || errString(err) != tc.err {
			t.Errorf("ResolveWrittenSymbol(%q) = %q, %v; want %q, %s", tc.arg, got, err, tc.want, tc.err)
		}
	}
	if got, _ := ix.ResolveTarget("lib/util.py"); got != "file:lib/util.py" {
		t.Errorf("ResolveTarget(path) = %q", got)
	}
	if got, _ := ix.ResolveTarget("run"); got != "sym:app/main.py#run" {
		t.Errorf("ResolveTarget(name) = %q", got)
	}
	if _, err := ix.ResolveTarget("zzz"); errString(err) != `no file or symbol "zzz" in the index: try lgraph search zzz` {
		t.Errorf("ResolveTarget(unknown): %v", err)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestDeps(t *testing.T) {
	ix := New(fixture(), staleUtil)
	deps := ix.Deps("file:app/main.py")
	want := []FileDep{{Path: "lib/util.py", Kinds: []string{"calls", "extends", "imports"}, Via: []string{"Base", "helper", "lib.util"},
		ViaByKind: map[string][]string{"calls": {"helper"}, "extends": {"Base"}, "imports": {"lib.util"}},
		Summary:   "main runs helper.", Mark: Mark{Stale: true, Suggest: "update"}}}
	if !reflect.DeepEqual(deps.Files, want) {
		t.Errorf("deps app/main.py = %+v\nwant %+v", deps.Files, want)
	}
	rdeps := ix.RDeps("file:app/main.py")
	want = []FileDep{{Path: "app/cli.py", Kinds: []string{"calls", "imports"}, Via: []string{"app.main", "main.run"},
		ViaByKind: map[string][]string{"calls": {"main.run"}, "imports": {"app.main"}}}}
	if !reflect.DeepEqual(rdeps.Files, want) {
		t.Errorf("rdeps app/main.py = %+v\nwant %+v", rdeps.Files, want)
	}
	if rdeps.File.ID != "file:app/main.py" || rdeps.Direction != "rdeps" {
		t.Errorf("rdeps header = %+v", rdeps)
	}
	// an edge inside a file is no file dependency
	if got := ix.Deps("file:web/index.ts").Files; len(got) != 0 {
		t.Errorf("deps web/index.ts = %+v", got)
	}
	got := ix.RDeps("file:lib/util.py")
	if len(got.Files) != 1 || got.Files[0].Summary != "main runs helper." || !got.File.Stale {
		t.Errorf("rdeps lib/util.py = %+v", got)
	}
}

func TestCalls(t *testing.T) {
	ix := New(fixture(), staleUtil)
	got := callLines(ix.Callers("sym:lib/util.py#helper").Items)
	want := []string{
		"sym:app/main.py#run app/main.py:3 via [helper] sites [4 5]",
		"sym:app/main.py#Server.get app/main.py:9 via [helper] sites [10]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("callers helper:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = callLines(ix.Callees("sym:cmd/main.go#main").Items)
	want = []string{"sym:svc/svc.go#Server.Get svc/svc.go:7 via [s.Get] sites [7]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("callees main:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// a call at file level has the file as caller
	got = callLines(ix.Callers("sym:web/index.ts#main").Items)
	want = []string{"file:web/index.ts web/index.ts:0 via [main] sites [3]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("callers index.ts main: %v", got)
	}
	callees := ix.Callees("sym:app/main.py#run").Items
	if len(callees) != 1 || !callees[0].Stale || callees[0].Suggest != "update" {
		t.Errorf("callees of run are not marked stale: %+v", callees)
	}
}

func callLines(items []Call) []string {
	var out []string
	for _, c := range items {
		out = append(out, fmt.Sprintf("%s %s:%d via %v sites %v", c.ID, c.Path, c.Line, c.Via, c.Sites))
	}
	return out
}

func TestImpact(t *testing.T) {
	ix := New(fixture(), nil)
	for _, tc := range []struct {
		target string
		depth  int
		want   []string
	}{
		{"file:lib/util.py", 3, []string{
			"1 file:app/main.py [imports] -> [file:lib/util.py]",
			"1 sym:app/main.py#run [calls] -> [sym:lib/util.py#helper]",
			"1 sym:app/main.py#Server [extends] -> [sym:lib/util.py#Base]",
			"1 sym:app/main.py#Server.get [calls] -> [sym:lib/util.py#helper]",
			"2 file:app/cli.py [imports] -> [file:app/main.py]",
			"2 sym:app/cli.py#cli [calls] -> [sym:app/main.py#run]",
		}},
		{"file:lib/util.py", 1, []string{
			"1 file:app/main.py [imports] -> [file:lib/util.py]",
			"1 sym:app/main.py#run [calls] -> [sym:lib/util.py#helper]",
			"1 sym:app/main.py#Server [extends] -> [sym:lib/util.py#Base]",
			"1 sym:app/main.py#Server.get [calls] -> [sym:lib/util.py#helper]",
		}},
		{"sym:lib/util.py#helper", 3, []string{
			"1 sym:app/main.py#run [calls] -> [sym:lib/util.py#helper]",
			"1 sym:app/main.py#Server.get [calls] -> [sym:lib/util.py#helper]",
			"2 sym:app/cli.py#cli [calls] -> [sym:app/main.py#run]",
		}},
		{"sym:svc/svc.go#Get", 3, []string{
			"1 sym:svc/svc.go#Server.Get [calls] -> [sym:svc/svc.go#Get]",
			"2 sym:cmd/main.go#main [calls] -> [sym:svc/svc.go#Server.Get]",
		}},
		{"sym:app/cli.py#cli", 3, nil},
	} {
		res := ix.Impact(tc.target, tc.depth)
		var got []string
		for _, l := range res.Levels {
			for _, it := range l.Items {
				got = append(got, fmt.Sprintf("%d %s %v -> %v", l.Distance, it.ID, it.Kinds, it.To))
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("impact %s depth %d:\n%s\nwant\n%s", tc.target, tc.depth, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if res.Total != len(tc.want) {
			t.Errorf("impact %s total %d, want %d", tc.target, res.Total, len(tc.want))
		}
	}
}

func TestSearch(t *testing.T) {
	ix := New(fixture(), nil)
	for _, tc := range []struct {
		text  string
		limit int
		want  []string
		total int
	}{
		{"get", 20, []string{
			"exact sym:lib/util.py#Base.get", "exact sym:app/main.py#Server.get",
			"exact_fold sym:svc/svc.go#Get", "exact_fold sym:svc/svc.go#Server.Get",
		}, 4},
		{"ser", 20, []string{
			"prefix sym:app/main.py#Server", "prefix sym:svc/svc.go#Server",
			"prefix sym:svc/svc.go#Server.Get", "prefix sym:app/main.py#Server.get",
		}, 4},
		{"ser", 2, []string{"prefix sym:app/main.py#Server", "prefix sym:svc/svc.go#Server"}, 4},
		{"main", 20, []string{
			"exact sym:cmd/main.go#main", "exact sym:web/index.ts#main",
			"prefix file:app/main.py", "prefix file:cmd/main.go",
		}, 4},
		{"util.py", 20, []string{"exact file:lib/util.py"}, 1},
		{"hlp", 20, []string{"fuzzy/1 sym:lib/util.py#helper"}, 1},
		{"sgt", 20, []string{"fuzzy/3 sym:lib/util.py#Base.get", "fuzzy/7 sym:svc/svc.go#Server.Get", "fuzzy/7 sym:app/main.py#Server.get"}, 3},
		{"zzz", 20, nil, 0},
	} {
		res := ix.Search(tc.text, tc.limit)
		var got []string
		for _, h := range res.Items {
			m := h.Match
			if h.Gaps > 0 {
				m += fmt.Sprintf("/%d", h.Gaps)
			}
			got = append(got, m+" "+h.ID)
		}
		if !reflect.DeepEqual(got, tc.want) || res.Total != tc.total {
			t.Errorf("search %q: total %d\n%s\nwant total %d\n%s", tc.text, res.Total, strings.Join(got, "\n"), tc.total, strings.Join(tc.want, "\n"))
		}
	}
}

func TestSubsequenceGaps(t *testing.T) {
	for _, tc := range []struct {
		s, q string
		gaps int
		ok   bool
	}{
		{"helper", "hlp", 1, true},
		{"abcac", "ac", 0, true},   // the later start is tighter than the first
		{"axxbxab", "ab", 0, true}, // found from the last start
		{"abc", "cb", 0, false},    // out of order
		{"aaaaab", "ab", 0, true},  // every start tried
		{"server.get", "sgt", 7, true},
	} {
		gaps, ok := subsequenceGaps([]byte(tc.s), []byte(tc.q))
		if gaps != tc.gaps && tc.ok || ok != tc.ok {
			t.Errorf("subsequenceGaps(%q, %q) = %d, %v; want %d, %v", tc.s, tc.q, gaps, ok, tc.gaps, tc.ok)
		}
	}
}

func TestShow(t *testing.T) {
	ix := New(fixture(), staleUtil)
	s := ix.ShowSymbol("sym:lib/util.py#helper")
	if s.Signature != "def helper()" || s.Doc != "Helps." || s.FileSummary != "Utilities." || s.EndLine != 2 || !s.Stale {
		t.Errorf("show helper = %+v", s)
	}
	if s.Parent == nil || s.Parent.ID != "file:lib/util.py" || len(s.Members) != 0 || len(s.Out) != 0 {
		t.Errorf("show helper neighbourhood = %+v", s)
	}
	var in []string
	for _, e := range s.In {
		in = append(in, e.EdgeKind+" "+e.ID+" "+strings.Join(e.Via, ","))
	}
	if want := []string{"calls sym:app/main.py#run helper", "calls sym:app/main.py#Server.get helper"}; !reflect.DeepEqual(in, want) {
		t.Errorf("show helper in = %v", in)
	}
	b := ix.ShowSymbol("sym:lib/util.py#Base")
	if len(b.Members) != 1 || b.Members[0].ID != "sym:lib/util.py#Base.get" || len(b.In) != 1 || b.In[0].EdgeKind != "extends" {
		t.Errorf("show Base = %+v", b)
	}
	f := ix.ShowFile("file:app/main.py")
	if f.Lang != "python" || f.Size != 100 || len(f.Symbols) != 3 || f.Symbols[2].ID != "sym:app/main.py#Server.get" {
		t.Errorf("show app/main.py = %+v", f)
	}
	if len(f.Out) != 1 || f.Out[0].Summary != "main runs helper." || !f.Out[0].Stale || len(f.In) != 1 || f.In[0].Path != "app/cli.py" {
		t.Errorf("show app/main.py edges: in %+v out %+v", f.In, f.Out)
	}
}

func TestSearchWords(t *testing.T) {
	ix := New(fixture(), nil)
	ids := func(hits []SearchHit) []string {
		var out []string
		for _, h := range hits {
			if h.Match != MatchWords || h.Score <= 0 {
				t.Errorf("hit %s: match %q score %v", h.ID, h.Match, h.Score)
			}
			out = append(out, h.ID)
		}
		return out
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		// a doc comment's words ("Helps.") and a summary's ("Utilities.")
		{"it helps", []string{"sym:lib/util.py#helper"}},
		{"utility", []string{"file:lib/util.py"}},
		// both words in a short name first, then one word in a short
		// name; ties by id
		{"server get", []string{"sym:app/main.py#Server.get", "sym:svc/svc.go#Server.Get", "sym:app/main.py#Server", "sym:svc/svc.go#Get", "sym:svc/svc.go#Server", "sym:lib/util.py#Base.get"}},
		{"the of and", nil},
	} {
		if got := ids(ix.SearchWords(tc.text)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SearchWords(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// Search by name first, then words, each hit once.
	res := ix.SearchText("helper")
	if len(res.Items) != 1 || res.Items[0].Match != MatchExact || res.Total != 1 {
		t.Errorf("SearchText(helper) = %+v", res)
	}
}
