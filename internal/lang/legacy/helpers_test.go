package legacy

import (
	"context"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// The helpers every language's tests share.

// testExtract parses src as the given language.
func testExtract(t *testing.T, spec *oldSpec, src string) *facts.File {
	t.Helper()
	f, err := lang.NewParsers().Extract(context.Background(), wrap(spec), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// testSym is the part of a symbol most tests compare.
type testSym struct {
	Name, Qualified, Kind, Parent string
	Line, EndLine                 int
}

func testSyms(f *facts.File) []testSym {
	var out []testSym
	for _, s := range f.Symbols {
		out = append(out, testSym{s.Name, s.Qualified, s.Kind, s.Parent, s.Line, s.EndLine})
	}
	return out
}

// testSymLine is testSym without the end line.
type testSymLine struct {
	Name, Qualified, Kind, Parent string
	Line                          int
}

func testSymLines(f *facts.File) []testSymLine {
	var out []testSymLine
	for _, s := range f.Symbols {
		out = append(out, testSymLine{s.Name, s.Qualified, s.Kind, s.Parent, s.Line})
	}
	return out
}

// testRef is the part of a reference most tests compare.
type testRef struct {
	Name, Qualifier, Kind, From string
	Line                        int
}

func testRefs(f *facts.File) []testRef {
	var out []testRef
	for _, r := range f.Refs {
		out = append(out, testRef{r.Name, r.Qualifier, r.Kind, r.From, r.Line})
	}
	return out
}

// testCall is a call reference with its receiver chain.
type testCall struct{ Name, Qualifier, Recv string }

// testCalls lists the calls of a file with their receiver chains.
func testCalls(f *facts.File) []testCall {
	var out []testCall
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			out = append(out, testCall{r.Name, r.Qualifier, r.Recv})
		}
	}
	return out
}

// testTypes maps the Qualified name of every symbol with a type to it.
func testTypes(f *facts.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Symbols {
		if s.Type != "" {
			out[s.Qualified] = s.Type
		}
	}
	return out
}

// testSymbol is the symbol of a qualified name; the test fails without one.
func testSymbol(t *testing.T, f *facts.File, qual string) facts.Symbol {
	t.Helper()
	for _, s := range f.Symbols {
		if s.Qualified == qual {
			return s
		}
	}
	t.Fatalf("no symbol %q in %+v", qual, testSymLines(f))
	return facts.Symbol{}
}

// testCheckKindIDs checks the assumption behind the kind tables: the id the
// language gives a kind name is the id the parsed nodes carry.
func testCheckKindIDs(t *testing.T, spec *oldSpec, src string) {
	t.Helper()
	l := spec.Grammar()
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
			t.Errorf("%s kind %q: IdForNodeKind %d, node %d", spec.Name, n.Kind(), got, n.KindId())
		}
		return true
	})
}
