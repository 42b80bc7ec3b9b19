// Package langtest is the test helper every language package shares: it
// parses a source as a language and lays out what came out in compact
// rows that tests compare with cmp.Diff.
//
// A row type is an unnamed struct, so that a test declares its own named
// row type on it (type sym langtest.Sym) and writes its tables without
// field names, which go vet asks for in another package's struct types;
// the row functions are generic over that type (langtest.Syms[sym](f)).
package langtest

import (
	"context"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Extract parses src as language l; the test fails on an error.
func Extract(t testing.TB, l lang.Language, src string) *facts.File {
	t.Helper()
	f, err := lang.NewParsers().Extract(context.Background(), l, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Sym is the part of a symbol most tests compare.
type Sym = struct {
	Name, Qualified, Kind, Parent string
	Line, EndLine                 int
}

// Syms lists a file's symbols as rows.
func Syms[R ~Sym](f *facts.File) []R {
	var out []R
	for _, s := range f.Symbols {
		out = append(out, R{s.Name, s.Qualified, s.Kind, s.Parent, s.Line, s.EndLine})
	}
	return out
}

// SymLine is Sym without the end line.
type SymLine = struct {
	Name, Qualified, Kind, Parent string
	Line                          int
}

// SymLines lists a file's symbols as rows without end lines.
func SymLines[R ~SymLine](f *facts.File) []R {
	var out []R
	for _, s := range f.Symbols {
		out = append(out, R{s.Name, s.Qualified, s.Kind, s.Parent, s.Line})
	}
	return out
}

// Ref is the part of a reference most tests compare.
type Ref = struct {
	Name, Qualifier, Kind, From string
	Line                        int
}

// Refs lists a file's references as rows.
func Refs[R ~Ref](f *facts.File) []R {
	var out []R
	for _, r := range f.Refs {
		out = append(out, R{r.Name, r.Qualifier, r.Kind, r.From, r.Line})
	}
	return out
}

// Call is a call reference with its receiver chain.
type Call = struct{ Name, Qualifier, Recv string }

// Calls lists the calls of a file, with their receiver chains, as rows.
func Calls[R ~Call](f *facts.File) []R {
	var out []R
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			out = append(out, R{r.Name, r.Qualifier, r.Recv})
		}
	}
	return out
}

// Types maps the Qualified name of every symbol with a type to it.
func Types(f *facts.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Symbols {
		if s.Type != "" {
			out[s.Qualified] = s.Type
		}
	}
	return out
}

// Symbol is the symbol of a qualified name; the test fails without one.
func Symbol(t testing.TB, f *facts.File, qual string) facts.Symbol {
	t.Helper()
	for _, s := range f.Symbols {
		if s.Qualified == qual {
			return s
		}
	}
	t.Fatalf("no symbol %q in %+v", qual, SymLines[SymLine](f))
	return facts.Symbol{}
}

// CheckKindIDs checks the assumption behind a syntax.Table: the id a
// grammar gives a kind name is the id the parsed nodes carry.
func CheckKindIDs(t testing.TB, g *syntax.Grammar, src string) {
	t.Helper()
	l := g.Language()
	p := sitter.NewParser()
	defer p.Close()
	if err := p.SetLanguage(l); err != nil {
		t.Fatal(err)
	}
	tree := p.Parse([]byte(src), nil)
	defer tree.Close()
	syntax.Walk(tree.RootNode(), func(n *sitter.Node) bool {
		if n.IsError() || n.IsMissing() {
			return true
		}
		if got := l.IdForNodeKind(n.Kind(), n.IsNamed()); got != n.KindId() {
			t.Errorf("%s kind %q: IdForNodeKind %d, node %d", g.Name, n.Kind(), got, n.KindId())
		}
		return true
	})
}

// Truncated extracts every 5-byte prefix of src: extraction never panics
// on truncated input and never emits a nameless or misplaced symbol or
// reference.
func Truncated(t testing.TB, l lang.Language, src string) {
	t.Helper()
	for i := 0; i < len(src); i += 5 {
		f := Extract(t, l, src[:i])
		for _, s := range f.Symbols {
			if s.Name == "" || s.Qualified == "" || s.Line < 1 || s.EndLine < s.Line {
				t.Errorf("%s cut at %d: bad symbol %+v", l.Name(), i, s)
			}
		}
		for _, r := range f.Refs {
			if r.Name == "" || r.Line < 1 {
				t.Errorf("%s cut at %d: bad ref %+v", l.Name(), i, r)
			}
		}
	}
}
