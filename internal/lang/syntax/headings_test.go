package syntax_test

import (
	"context"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// TestWithoutHeadings: reStructuredText and Markdown heading rules go with
// their titles; code fences, prose dashes and lone titles stay.
func TestWithoutHeadings(t *testing.T) {
	cases := []struct{ in, want string }{
		{"flask.app\n~~~~~~~~~\n\nImplements the central WSGI application object.", "Implements the central WSGI application object."},
		{"=========\nTagged JSON\n=========\n\nA compact representation.", "A compact representation."},
		{"Loads config.\n\nParameters\n----------\nname : str", "Loads config.\n\nname : str"},
		{"Usage\n=====\nCall it.", "Call it."},
		{"Tagged JSON\n~~~~~~~~~~~", "Tagged JSON"},
		{"Runs a -- b.\n\n```\ncode\n```", "Runs a -- b.\n\n```\ncode\n```"},
		{"Long title here\n~~~\nbody", "Long title here\n~~~\nbody"},
		{"Before.\n\n----\n\nAfter.", "Before.\n\n\nAfter."},
	}
	for _, c := range cases {
		if got := syntax.WithoutHeadings(c.in); got != c.want {
			t.Errorf("WithoutHeadings(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestDocsWithoutHeadings: a Python module docstring and a definition's
// docstring or comment lose their heading rules at extraction.
func TestDocsWithoutHeadings(t *testing.T) {
	src := "\"\"\"\nTagged JSON\n~~~~~~~~~~~\n\nA compact representation for lossless serialization.\n\"\"\"\n\n" +
		"class Tag:\n    \"\"\"Flask\n    =====\n\n    The base class for tags.\n    \"\"\"\n\n" +
		"# Helpers\n# -------\n# Turns a value into a tag.\ndef tag(v):\n    pass\n"
	l := all.Registry().Get(lang.Python)
	f, err := lang.NewParsers().Extract(context.Background(), l, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if want := "A compact representation for lossless serialization."; f.Doc != want {
		t.Errorf("file doc %q, want %q", f.Doc, want)
	}
	want := map[string]string{"Tag": "The base class for tags.", "tag": "Turns a value into a tag."}
	for _, s := range f.Symbols {
		if w, ok := want[s.Name]; ok && s.Doc != w {
			t.Errorf("%s doc %q, want %q", s.Name, s.Doc, w)
		}
	}
}
