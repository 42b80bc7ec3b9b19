package syntax_test

import (
	"context"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
)

// TestHeaderWithoutComments: a signature written over several lines keeps
// none of its comments, which joined onto one line would swallow the rest.
func TestHeaderWithoutComments(t *testing.T) {
	cases := []struct{ path, src, name, want string }{
		{"a.py", "class G:\n    def command(  # type: ignore[override]\n        self, *args, **kwargs\n    ):\n        pass\n",
			"command", "def command( self, *args, **kwargs )"},
		{"a.py", "def pop(\n    self, exc=_sentinel  # type: ignore\n) -> None:  # noqa\n    pass\n",
			"pop", "def pop( self, exc=_sentinel ) -> None"},
		{"a.py", "def f(sep=\"#\"):\n    pass\n", "f", "def f(sep=\"#\")"},
		{"a.ts", "export function f(\n  a: number, // the first\n  b: string,\n): void {}\n", "f", "export function f( a: number, b: string, ): void"},
	}
	for _, c := range cases {
		l := all.Registry().Get(lang.ByExtension(c.path).Name)
		f, err := lang.NewParsers().Extract(context.Background(), l, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, s := range f.Symbols {
			if s.Name == c.name {
				found = true
				if s.Signature != c.want {
					t.Errorf("%s %s: signature %q, want %q", c.path, c.name, s.Signature, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no symbol %s in %+v", c.path, c.name, f.Symbols)
		}
	}
}
