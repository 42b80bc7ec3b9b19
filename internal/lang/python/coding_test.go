package python

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestPythonLatin1Source: a file that declares Latin-1 is read as Python
// reads it, its é (byte 0xE9) a character of the docstring, where read as
// UTF-8 it would be an invalid byte; a file without the cookie is read as
// it is.
func TestPythonLatin1Source(t *testing.T) {
	src := "# -*- coding: latin-1 -*-\n\n\ndef caf\xe9_name():\n    \"\"\"Caf\xe9 au lait.\"\"\"\n    return 1\n\n\ndef after():\n    pass\n"
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors: %d", f.SyntaxErrors)
	}
	var docs, names []string
	for _, s := range f.Symbols {
		docs = append(docs, s.Doc)
		names = append(names, s.Name)
	}
	if len(f.Symbols) != 2 || names[0] != "café_name" || docs[0] != "Café au lait." || f.Symbols[1].Line != 9 {
		t.Errorf("symbols %q, docs %q", names, docs)
	}
	plain := langtest.Extract(t, Language(), "def f():\n    \"\"\"Café.\"\"\"\n")
	if len(plain.Symbols) != 1 || !strings.Contains(plain.Symbols[0].Doc, "Café") {
		t.Errorf("a UTF-8 file: %+v", plain.Symbols)
	}
	for enc, want := range map[string]bool{"latin-1": true, "iso-8859-1": true, "Latin_1": true, "utf-8": false, "cp1252": false} {
		if got := latin1(strings.ToLower(enc)); got != want {
			t.Errorf("latin1(%q) = %v", enc, got)
		}
	}
}
