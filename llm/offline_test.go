package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOfflineFileSummary(t *testing.T) {
	tests := []struct {
		name string
		in   FileInput
		want string
	}{
		{
			name: "go package comment, symbols and imports",
			in:   sampleFile(),
			want: "Package server serves the graph over HTTP. Defines 1 struct, 1 function: Server, New. Imports net/http.",
		},
		{
			name: "the extracted doc, not the content, speaks for the file",
			in: FileInput{
				Path: "pkg/util.py", Lang: "python",
				Content: []byte("#!/usr/bin/env python3\n# A comment the extractor judged no file doc.\n" +
					"\"\"\"Helpers for parsing dates.\n\nMore text.\n\"\"\"\nimport os\n"),
				Doc: "Helpers for parsing dates.",
				Symbols: []SymbolInfo{
					{Name: "Parser", Qualified: "Parser", Kind: "class"},
					{Name: "parse", Qualified: "Parser.parse", Kind: "method"},
					{Name: "parse2", Qualified: "Parser.parse2", Kind: "method"},
					{Name: "main", Qualified: "main", Kind: "function"},
				},
				Imports: []string{"os"},
			},
			want: "Helpers for parsing dates. Defines 1 class, 2 methods, 1 function: Parser, main. Imports os.",
		},
		{
			name: "no file doc falls back to the first documented symbol",
			in: FileInput{
				Path: "a.js", Lang: "javascript", Content: []byte("'use strict'\nfunction a() {}\n"),
				Symbols: []SymbolInfo{{Name: "a", Qualified: "a", Kind: "function", Doc: "a does things\nacross lines"}},
			},
			want: "a does things across lines. Defines 1 function: a.",
		},
		{
			name: "block comment and many names",
			in: FileInput{
				Path: "x.c", Lang: "c", Content: []byte("/**\n * @file x.c\n * Fast maths! Really.\n */\n#include <stdio.h>\n"),
				Doc: "Fast maths! Really.",
				Symbols: []SymbolInfo{{Name: "a", Kind: "function"}, {Name: "b", Kind: "function"},
					{Name: "c", Kind: "function"}, {Name: "d", Kind: "function"}, {Name: "e", Kind: "function"},
					{Name: "f", Kind: "function"}, {Name: "g", Kind: "function"}},
			},
			want: "Fast maths! Defines 7 functions: a, b, c, d, e and 2 more.",
		},
		{
			name: "empty",
			in:   FileInput{Path: "e.rs", Lang: "rust"},
			want: "rust file with no definitions or imports.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Offline{}.SummarizeFile(context.Background(), tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, res.Text); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
			if res.Usage != (Usage{}) {
				t.Errorf("usage = %+v, want zero", res.Usage)
			}
		})
	}
}

// TestOfflinePieces: a piece is described from its extracted doc, never
// from a comment in its content.
func TestOfflinePieces(t *testing.T) {
	in := PieceBatch{Path: "srv/a.py", Lang: "python", Pieces: []Piece{
		{Kind: "function", Name: "load", Content: "def load(p):\n    \"\"\"Reads a config file.\"\"\"\n", Doc: "Reads a config file.\n\nMore."},
		{Kind: "class", Name: "Store", Content: "# a note, no doc\nclass Store: pass\n"},
		{Content: "# -*- coding: utf-8 -*-\n\"\"\"Config.\"\"\"\nimport os\n", Doc: "Config."},
		{Content: "# a comment the extractor judged no file doc\nx = 1\n"},
	}}
	res, err := Offline{}.SummarizePieces(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"function load: Reads a config file.", "Defines class Store.", "Config.", "Top-level code."}
	if diff := cmp.Diff(want, res.Texts); diff != "" {
		t.Errorf("piece summaries (-want +got):\n%s", diff)
	}
}

func TestOfflineEdgeSummary(t *testing.T) {
	tests := []struct {
		in   EdgeInput
		want string
	}{
		{EdgeInput{SourcePath: "a.go", TargetPath: "b.go", Kinds: []string{"calls"}, Names: []string{"Foo", "Bar", "Foo"}},
			"a.go calls Bar, Foo in b.go."},
		{EdgeInput{SourcePath: "a.py", TargetPath: "b.py", Kinds: []string{"imports"}}, "a.py imports b.py."},
		{EdgeInput{SourcePath: "a.py", TargetPath: "b.py", Kinds: []string{"imports"}, Names: []string{"x"}},
			"a.py imports x from b.py."},
		{EdgeInput{SourcePath: "a", TargetPath: "b", Kinds: []string{"references", "calls"}, Names: []string{"T"}},
			"a calls and references T in b."},
		{EdgeInput{SourcePath: "a", TargetPath: "b", Kinds: []string{"implicit"}, Names: []string{"KEY"}},
			"a is implicitly linked to b via KEY."},
		{EdgeInput{SourcePath: "a", TargetPath: "b"}, "a depends on b."},
	}
	for _, tt := range tests {
		res, err := Offline{}.SummarizeEdge(context.Background(), tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if res.Text != tt.want {
			t.Errorf("SummarizeEdge(%+v) = %q, want %q", tt.in, res.Text, tt.want)
		}
		// The sentence is made of the kinds, names and paths alone: a
		// full run explains a file's edges in the pass that summarizes it,
		// before its targets have their summaries (enrich.everyFile).
		with := tt.in
		with.SourceSummary, with.TargetSummary = "Source summary.", "Target summary."
		if res, _ := (Offline{}).SummarizeEdge(context.Background(), with); res.Text != tt.want {
			t.Errorf("SummarizeEdge with summaries = %q, want %q as without", res.Text, tt.want)
		}
	}
}

func TestOfflineModuleDoc(t *testing.T) {
	in := ModuleInput{
		Dir:     "server",
		Members: []MemberInfo{{Path: "server/b.go", Summary: "Routes\nrequests."}, {Path: "server/a.go"}},
		In:      []string{"cmd", "api", "cmd"},
		Out:     []string{"store"},
	}
	in.Members = append(in.Members, MemberInfo{Summary: "Defines 3 functions, the longest sentence."})
	in.Members = append(in.Members, MemberInfo{Summary: "Package server answers HTTP."})
	want := "Package server answers HTTP. `server` holds 4 source files, depends on 1 module, is used by 2 modules.\n"
	res, err := Offline{}.ModuleDoc(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, res.Text); diff != "" {
		t.Errorf("module doc (-want +got):\n%s", diff)
	}
	// A file's own doc speaks for it where its summary lost it (a package
	// comment whose later paragraph quotes a licence).
	in.Members = append(in.Members, MemberInfo{Summary: "Defines Match.", Doc: "Package server routes and answers HTTP requests. More."})
	res, err = Offline{}.ModuleDoc(context.Background(), in)
	if err != nil || !strings.HasPrefix(res.Text, "Package server routes and answers HTTP requests. `server` holds 5") {
		t.Errorf("module doc with a file doc: %q, %v", res.Text, err)
	}
}

// TestOfflineDeterministic runs every call many times, with shuffled
// order-insensitive inputs, and wants byte-equal output.
func TestOfflineDeterministic(t *testing.T) {
	ctx := context.Background()
	p := NewOffline()
	if p.ID() != "offline" {
		t.Fatalf("ID = %q", p.ID())
	}
	mod := func(rev bool) ModuleInput {
		m := ModuleInput{Dir: "", Members: []MemberInfo{{Path: "a", Summary: "A."}, {Path: "b", Summary: "B."}, {Path: "c", Summary: "C."}}, In: []string{"x", "y"}}
		if rev {
			m.Members = []MemberInfo{{Path: "c", Summary: "C."}, {Path: "a", Summary: "A."}, {Path: "b", Summary: "B."}}
			m.In = []string{"y", "x"}
		}
		return m
	}
	first := map[string]string{}
	for i := range 20 {
		f, _ := p.SummarizeFile(ctx, sampleFile())
		e, _ := p.SummarizeEdge(ctx, EdgeInput{SourcePath: "a", TargetPath: "b",
			Kinds: []string{"calls", "imports"}[i%2:], Names: []string{"Z", "A"}})
		m, _ := p.ModuleDoc(ctx, mod(i%2 == 1))
		got := map[string]string{"file": f.Text, "module": m.Text, "edge" + string(rune('0'+i%2)): e.Text}
		for k, v := range got {
			if prev, ok := first[k]; ok && prev != v {
				t.Fatalf("%s output changed between runs:\n%q\n%q", k, prev, v)
			}
			first[k] = v
		}
	}
}

func TestOfflineHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Offline{}).SummarizeFile(ctx, sampleFile()); err == nil {
		t.Fatal("want an error from a cancelled context")
	}
}

// TestOfflineFileSentenceByUse: a file with no doc of its own speaks
// through its most used public top-level definition, never a method's or
// a value's doc, whatever their order; a private one speaks only for a
// file with no documented public one.
func TestOfflineFileSentenceByUse(t *testing.T) {
	syms := []SymbolInfo{
		{Name: "_sentinel", Qualified: "_sentinel", Kind: "var", Doc: "A sentinel value.", Uses: 40},
		{Name: "Scaffold", Qualified: "Scaffold", Kind: "class", Doc: "Common behaviour of apps and blueprints.", Uses: 3},
		{Name: "route", Qualified: "Scaffold.route", Kind: "method", Doc: "Decorate a view function to register it.", Uses: 5},
		{Name: "_helper", Qualified: "_helper", Kind: "function", Doc: "Internal.", Uses: 50},
		{Name: "setupmethod", Qualified: "setupmethod", Kind: "function", Doc: "Wraps a method so it is only called during setup.", Uses: 12},
	}
	res, err := Offline{}.SummarizeFile(context.Background(), FileInput{Lang: "python", Symbols: syms})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Wraps a method so it is only called during setup. Defines"; !strings.HasPrefix(res.Text, want) {
		t.Errorf("summary %q, want it to start with %q", res.Text, want)
	}
	// A type is used through its members too.
	syms[2].Uses = 10
	res, _ = Offline{}.SummarizeFile(context.Background(), FileInput{Lang: "python", Symbols: syms})
	if want := "Common behaviour of apps and blueprints. Defines"; !strings.HasPrefix(res.Text, want) {
		t.Errorf("summary %q, want it to start with %q", res.Text, want)
	}
	res, _ = Offline{}.SummarizeFile(context.Background(), FileInput{Lang: "python", Symbols: syms[:1]})
	if want := "Defines 1 variable: _sentinel."; res.Text != want {
		t.Errorf("summary %q, want %q", res.Text, want)
	}
	res, _ = Offline{}.SummarizeFile(context.Background(), FileInput{Lang: "python", Symbols: []SymbolInfo{syms[0], syms[2], syms[3]}})
	if want := "Internal. Defines"; !strings.HasPrefix(res.Text, want) {
		t.Errorf("summary %q, want it to start with %q", res.Text, want)
	}
}

// TestOfflineModuleDocByUse: a module's purpose is the package's own doc,
// else what the most used file says of itself, not the longest sentence.
func TestOfflineModuleDocByUse(t *testing.T) {
	in := ModuleInput{Dir: "flask", Members: []MemberInfo{
		{Path: "flask/signals.py", Summary: "If blinker is unavailable, create a fake class with the same interface that allows sending of signals.", Users: 2},
		{Path: "flask/app.py", Summary: "The flask object implements a WSGI application. Defines 1 class.", Users: 12},
		{Path: "flask/typing.py", Summary: "Defines 20 variables.", Users: 15},
	}}
	res, err := Offline{}.ModuleDoc(context.Background(), in)
	if err != nil || !strings.HasPrefix(res.Text, "The flask object implements a WSGI application. `flask` holds 3") {
		t.Errorf("module doc %q, %v", res.Text, err)
	}
	// A lesser file's own doc speaks for that file only.
	in.Members = append(in.Members, MemberInfo{Path: "flask/tag.py", Doc: "A compact representation for lossless serialization.", Users: 1})
	res, err = Offline{}.ModuleDoc(context.Background(), in)
	if err != nil || !strings.HasPrefix(res.Text, "The flask object implements a WSGI application. ") {
		t.Errorf("module doc with a lesser file's own doc %q, %v", res.Text, err)
	}
	// The package's own doc speaks for the package.
	in.Members = append(in.Members, MemberInfo{Path: "flask/__init__.py", Doc: "A microframework for web applications.", Users: 0})
	res, err = Offline{}.ModuleDoc(context.Background(), in)
	if err != nil || !strings.HasPrefix(res.Text, "A microframework for web applications. `flask` holds 5") {
		t.Errorf("module doc with the package's doc %q, %v", res.Text, err)
	}
}

// TestSortedUnique: sorted, without repeats or empties, whether items
// come so already (then handed back as they are) or not.
func TestSortedUnique(t *testing.T) {
	for _, tt := range []struct{ in, want []string }{
		{nil, []string{}},
		{[]string{"a", "b"}, []string{"a", "b"}},
		{[]string{"b", "a", "a", ""}, []string{"a", "b"}},
		{[]string{"", "a"}, []string{"a"}},
		{[]string{"a", "a"}, []string{"a"}},
	} {
		if got := sortedUnique(tt.in); strings.Join(got, ",") != strings.Join(tt.want, ",") || len(got) != len(tt.want) {
			t.Errorf("sortedUnique(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
