package wiki

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestDiagramBounded: a module with many neighbours draws at most
// maxDiagramSide each way, the busiest first, and says how many it left out.
func TestDiagramBounded(t *testing.T) {
	mf := newFacts("core")
	for i := range 12 {
		d := "dep" + strings.Repeat("x", i)
		for range i + 1 {
			count(mf.Out, d, "calls")
		}
		count(mf.In, "user"+strings.Repeat("y", i), "imports")
	}
	var b bytes.Buffer
	writeDiagram(&b, mf)
	out := b.String()
	if n := strings.Count(out, "-->"); n != 2*maxDiagramSide {
		t.Errorf("%d edges drawn, want %d:\n%s", n, 2*maxDiagramSide, out)
	}
	if !strings.Contains(out, "m0 -->|12| m1") {
		t.Errorf("busiest neighbour not drawn first:\n%s", out)
	}
	if !strings.Contains(out, "8 less connected neighbours are not drawn") {
		t.Errorf("no note of the neighbours left out:\n%s", out)
	}
}

func TestPlatformStem(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"conn_windows.go", "conn.go"},
		{"worktree_unix_other.go", "worktree.go"},
		{"repository_plan9_test.go", "repository_test.go"},
		{"lock_test.go", ""},
		{"windows.go", ""},
		{"other.py", ""},
	} {
		if got := platformStem(tt.name); got != tt.want {
			t.Errorf("platformStem(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFirstProse(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Package x does y. Defines 1 function: F.", "Package x does y."},
		{"root / | \\ / | ---- f d h. Defines 2 functions: Test, Suite.", "Defines 2 functions: Test, Suite."},
		{"| -- |", "| -- |"},
	} {
		if got := firstProse(tt.in); got != tt.want {
			t.Errorf("firstProse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRowSentencePrefersFileDoc: a file whose summary only takes stock of
// it, or only repeats a declaration's doc, is shown by its own doc.
func TestRowSentencePrefersFileDoc(t *testing.T) {
	docSym := []snapshot.MemberSymbol{{Name: "Pattern", Kind: facts.KindType, Doc: "Pattern is one pattern."}}
	for _, tt := range []struct {
		m    member
		want string
	}{
		{member{Path: "doc.go", Summary: "go file with no definitions or imports.", Doc: "Package gitignore matches paths."}, "Package gitignore matches paths."},
		{member{Path: "p.go", Summary: "Pattern is one pattern.", Doc: "Patterns, parsed.", Syms: docSym}, "Patterns, parsed."},
		{member{Path: "p.go", Summary: "Parses patterns. Defines Pattern.", Doc: "Patterns, parsed.", Syms: docSym}, "Parses patterns."},
		{member{Path: "p.go", Summary: "Defines 1 type: Pattern."}, "Defines 1 type: Pattern."},
	} {
		if got := rowSentence(tt.m); got != tt.want {
			t.Errorf("rowSentence(%+v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

func TestOneSpacedIsFieldsJoined(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2028b",
		"func (a A) F(x int,\n\ty int)", "  lead and trail  ", "é b", "\u0085"} {
		if got, want := oneSpaced(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneSpaced(%q) = %q, want %q", s, got, want)
		}
	}
}
