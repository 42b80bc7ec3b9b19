package enrich

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/lang"
)

// piecesOf extracts a file's symbols with the real parser and splits it.
func piecesOf(t *testing.T, path, src string) []piece {
	t.Helper()
	spec := lang.Default().ByExtension(path)
	ff, err := lang.NewParsers().Extract(context.Background(), spec, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return pieces([]byte(src), ff.Symbols)
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
	if top := ps[3].Content; !strings.Contains(top, "Tools for the store") || !strings.Contains(top, "import os") || strings.Contains(top, "def small") {
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
