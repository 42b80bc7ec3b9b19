package enrich

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
)

// piecesOf extracts a file's symbols with the real parser and splits it.
func piecesOf(t *testing.T, path, src string) []piece {
	t.Helper()
	l := all.Registry().Get(lang.ByExtension(path).Name)
	ff, err := lang.NewParsers().Extract(context.Background(), l, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return pieces([]byte(src), ff)
}

// longClass is a Python class over outlineLines long.
func longClass() string {
	var b strings.Builder
	b.WriteString("class Store:\n    \"\"\"Keeps things.\"\"\"\n\n")
	for i := range 12 {
		fmt.Fprintf(&b, "    def m%d(self, x):\n", i)
		for j := range 6 {
			fmt.Fprintf(&b, "        x = x + %d  # body %d.%d\n", j, i, j)
		}
		b.WriteString("        return x\n\n")
	}
	return b.String()
}

const pySrc = `"""Tools for the store."""
import os


def small(a):
    return a + 1


def other(b):
    return os.path.join(b, "x")
`

func TestPiecesSplitDefinitionsAndTopLevel(t *testing.T) {
	ps := piecesOf(t, "m.py", pySrc+"\n\n"+longClass())
	var names []string
	for _, p := range ps {
		names = append(names, p.Kind+" "+p.Name)
	}
	if got := strings.Join(names, ","); got != "function small,function other,class Store, " {
		t.Fatalf("pieces %q", got)
	}
	if top := ps[3].Content; !strings.Contains(top, "Tools for the store") || strings.Contains(top, "import os") || strings.Contains(top, "def small") {
		t.Errorf("top-level piece %q", top)
	}
	outline := ps[2].Content
	if !strings.Contains(outline, "def m0(self, x):") || !strings.Contains(outline, "def m11(self, x):") || strings.Contains(outline, "# body") {
		t.Errorf("a long class is not outlined with its method bodies elided:\n%s", outline)
	}
}

// TestPiecesFollowTheChangedLines: an edit inside one function changes only
// its piece; whitespace, CRLF and an edit inside a long class's method body
// change none.
func TestPiecesFollowTheChangedLines(t *testing.T) {
	base := pySrc + "\n\n" + longClass()
	keys := func(src string) []string {
		var out []string
		for _, p := range piecesOf(t, "m.py", src) {
			out = append(out, pieceKey("python", p.Piece, "m"))
		}
		return out
	}
	before := keys(base)
	diff := func(after []string) (n int) {
		if len(after) != len(before) {
			t.Fatalf("%d pieces, then %d", len(before), len(after))
		}
		for i := range after {
			if after[i] != before[i] {
				n++
			}
		}
		return n
	}
	if n := diff(keys(strings.Replace(base, "return a + 1", "return a + 2", 1))); n != 1 {
		t.Errorf("a one-line edit in one function changed %d pieces, want 1", n)
	}
	if n := diff(keys(strings.ReplaceAll(base, "\n", "  \r\n"))); n != 0 {
		t.Errorf("a whitespace and CRLF change changed %d pieces", n)
	}
	if n := diff(keys(strings.Replace(base, "# body 3.2", "# body changed", 1))); n != 0 {
		t.Errorf("an edit inside a long class's method body changed %d pieces", n)
	}
}

// TestPiecesTakeDocsAndLeaveImports: a definition's piece starts at its
// doc comment or annotations; the top-level piece holds the file's header
// and other top-level code but no import statement (Go's import blocks,
// multi-line imports); a Java file whose top-level code is only its package
// clause has no top-level piece; so an edit of the imports changes no piece.
func TestPiecesTakeDocsAndLeaveImports(t *testing.T) {
	cases := []struct {
		path, src string
		first     string // the first definition's piece starts with it
		top       string // in the top-level piece ("" for none)
		imports   string // an import statement, for the edit
	}{
		{"a.go", "// Package a does things.\npackage a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n// Run runs.\nfunc Run() { fmt.Println(os.Args) }\n",
			"// Run runs.\nfunc Run()", "// Package a does things.\npackage a", "\t\"os\"\n"},
		{"a.ts", "// Helpers for sessions.\n\nimport {\n  a,\n  b,\n} from \"./x\";\n\n/** MAX is the limit. */\nexport const MAX = 3;\n\n/**\n * run runs.\n */\nexport function run(): number {\n  return a() + b();\n}\n",
			"/** MAX is the limit. */", "// Helpers for sessions.", "  b,\n"},
		{"A.java", "package com.example;\n\nimport java.util.List;\n\n/** A holds items. */\n@Deprecated\npublic class A {\n    List<String> items;\n}\n",
			"/** A holds items. */\n@Deprecated\npublic class A", "", "import java.util.List;\n"},
		{"m.py", "\"\"\"Tools.\"\"\"\nfrom os import (\n    path,\n    sep,\n)\n\n# joins parts.\ndef join(a):\n    return path.join(a, sep)\n",
			"# joins parts.\ndef join(a):", "\"\"\"Tools.\"\"\"", "    sep,\n"},
	}
	for _, c := range cases {
		ps := piecesOf(t, c.path, c.src)
		if len(ps) == 0 || !strings.HasPrefix(ps[0].Content, c.first) {
			t.Errorf("%s: first piece %q, want it to start with %q", c.path, ps, c.first)
			continue
		}
		top := ps[len(ps)-1]
		if c.top == "" {
			if top.Name == "" {
				t.Errorf("%s: a top-level piece %q from a package clause", c.path, top.Content)
			}
		} else if top.Name != "" || !strings.Contains(top.Content, c.top) || strings.Contains(top.Content, "import") {
			t.Errorf("%s: top-level piece %q, want %q and no import", c.path, top.Content, c.top)
		}
		edited := strings.Replace(c.src, c.imports, "", 1)
		if edited == c.src {
			t.Fatalf("%s: %q is not in the source", c.path, c.imports)
		}
		before := fmt.Sprint(ps)
		if after := fmt.Sprint(piecesOf(t, c.path, edited)); after != before {
			t.Errorf("%s: an import edit changed the pieces:\n%s\n---\n%s", c.path, before, after)
		}
	}
}

// TestPiecesOfImportsAlone: a file of imports alone is summarized from
// them, not called empty.
func TestPiecesOfImportsAlone(t *testing.T) {
	ps := piecesOf(t, "pkg/__init__.py", "from .models import Store, Key\nfrom .provider import Provider\n")
	if len(ps) != 1 || !strings.Contains(ps[0].Content, "from .provider import Provider") {
		t.Errorf("pieces of an imports-only file: %+v", ps)
	}
}

func TestComposeIsDeterministicAndBounded(t *testing.T) {
	var ps []piece
	var texts []string
	for i := range 7 {
		ps = append(ps, piece{})
		ps[i].Kind, ps[i].Name = "function", fmt.Sprintf("f%d", i)
		ps[i].Content = strings.Repeat("x", 10+i) // f6 is the largest
		texts = append(texts, fmt.Sprintf("does %d", i))
	}
	ps = append(ps, piece{})
	texts = append(texts, "Wires the app together")
	got := compose(ps, texts)
	want := "Wires the app together. does 3. does 4. does 5. does 6. Also defines f0, f1, f2."
	if got != want {
		t.Errorf("compose:\n got %q\nwant %q", got, want)
	}
}
