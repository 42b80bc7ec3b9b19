package wiki

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// extracted is a member of the real parser's facts for src, its
// definitions used as uses says (by name; 0 for the rest).
func extracted(t *testing.T, path, src string, uses map[string]int) member {
	t.Helper()
	l := all.Registry().Get(lang.ByExtension(path).Name)
	f, err := lang.NewParsers().Extract(context.Background(), l, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := snapshot.MemberOf(&snapshot.File{Path: path, Facts: f})
	mem := member{Path: path, Syms: m.Symbols, Doc: f.Doc, Uses: make([]int, len(f.Symbols))}
	for i, s := range f.Symbols {
		mem.Uses[i] = uses[s.Qualified]
	}
	return mem
}

const helpersPy = `import sys


class Aardvark:
    """Rarely used."""

    def dig(self):
        """Digs."""


def with_context(f):
    """Wraps f in a context."""
    def decorator(*args):
        return f(*args)
    return decorator


if sys.platform == "win32":
    def open_file(p):
        """Opens a file."""
else:
    def open_file(p):
        """Opens a file."""


class Group:
    def command(  # type: ignore[override]
        self, *args, **kwargs
    ):
        """Registers a command.

        Usage
        -----
        Call it.
        """
`

// TestAPIRanksByUse: the Public API lists definitions by how much the
// repository uses them, not classes first and alphabetically; functions
// nested in functions are left out, a name defined twice is listed once,
// and signatures carry no comments.
func TestAPIRanksByUse(t *testing.T) {
	m := extracted(t, "pkg/helpers.py", helpersPy, map[string]int{
		"with_context": 9, "open_file": 2, "Group": 4, "Group.command": 5, "Aardvark.dig": 1,
	})
	var b bytes.Buffer
	writeAPI(&b, []member{m})
	got := b.String()
	want := "\n## Public API\n\n### Functions\n\n" +
		"- `def with_context(f)` — Wraps f in a context.\n" +
		"- `def open_file(p)` — Opens a file.\n" +
		"\n### `Group`\n\n" +
		"- `class Group`\n" +
		"- `def command(self, *args, **kwargs)` — Registers a command.\n" +
		"\n### `Aardvark`\n\n" +
		"- `class Aardvark` — Rarely used.\n" +
		"- `def dig(self)` — Digs.\n"
	if got != want {
		t.Errorf("API section:\n%s\nwant:\n%s", got, want)
	}
}

// TestAPICutKeepsTheMostUsed: past maxAPIEntries the least used are cut,
// wherever they are declared, and the group holding the most used comes
// first.
func TestAPICutKeepsTheMostUsed(t *testing.T) {
	var src strings.Builder
	src.WriteString("class A:\n    \"\"\"First by name.\"\"\"\n\n")
	uses := map[string]int{}
	for i := range maxAPIEntries + 4 {
		fmt.Fprintf(&src, "def f%03d():\n    pass\n\n", i)
		uses[fmt.Sprintf("f%03d", i)] = i % 3
	}
	uses["f083"] = 50 // declared last, used most
	var b bytes.Buffer
	writeAPI(&b, []member{extracted(t, "m.py", src.String(), uses)})
	got := b.String()
	if !strings.HasPrefix(got, "\n## Public API\n\n### Functions\n\n- `def f083()`\n") {
		t.Errorf("the most used function does not lead:\n%s", got)
	}
	// The 5 cut are unused, the last declared of those: ties keep source order.
	if !strings.Contains(got, "… 5 more exported symbols, less used.") || strings.Contains(got, "f069") || !strings.Contains(got, "f066") {
		t.Errorf("want the last 5 unused functions cut:\n%s", got)
	}
}
