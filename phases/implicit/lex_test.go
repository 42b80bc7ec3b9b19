package implicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lexed renders the regions of src as "c:TEXT" for comments and "s:CONTENT"
// for string literals.
func lexed(family, src string) []string {
	var out []string
	for _, r := range lex(family, src) {
		if r.Comment {
			out = append(out, "c:"+src[r.Start:r.End])
		} else {
			out = append(out, "s:"+src[r.In:r.Out])
		}
	}
	return out
}

func TestLex(t *testing.T) {
	cases := []struct {
		name, family, src string
		want              []string
	}{
		{"go comments and raw strings", "go", "// a \"b\"\nx := `q\n\"r` /* c\n'd' */ + \"e\\\"f\" + 'g'\n",
			[]string{"c:// a \"b\"", "s:q\n\"r", "c:/* c\n'd' */", "s:e\\\"f"}},
		{"go rune is not a string", "go", "c := '\"'; s := \"x\"\n", []string{"s:x"}},
		{"python hash and docstrings", "python", "\"\"\"Module doc.\"\"\"\nimport os\n\ndef f():\n    '''Doc with os.getenv(\"X\").'''\n    x = \"# not a comment\"  # comment\n    return x\n",
			[]string{"c:\"\"\"Module doc.\"\"\"", "c:'''Doc with os.getenv(\"X\").'''", "s:# not a comment", "c:# comment"}},
		{"python strings in brackets are values", "python", "q = (\n    \"SELECT a \"\n    \"FROM t\"\n)\n",
			[]string{"s:SELECT a ", "s:FROM t"}},
		{"python prefixed docstring", "python", "def f():\n    r\"\"\"Raw doc.\"\"\"\n    return f\"{x}\"\n",
			[]string{"c:\"\"\"Raw doc.\"\"\"", "s:{x}"}},
		{"python backslash continuation is not a docstring", "python", "x = 1 + \\\n    \"abc\"\n", []string{"s:abc"}},
		{"js template and regex", "js", "const r = /\"[^/]*'/g; const s = `a${b + \"`\"}c`; // x\n",
			[]string{"s:a${b + \"`\"}c", "c:// x"}},
		{"js division is not a regex", "js", "const x = a / b; const y = \"s\" / 2;\n", []string{"s:s"}},
		{"rust raw strings, lifetimes, nested comments", "rust", "fn f<'a>(x: &'a str) { /* a /* b */ c */ let s = r#\"q\"uote\"#; }\n",
			[]string{"c:/* a /* b */ c */", "s:q\"uote"}},
		{"c++ raw string and digit separator", "c", "int n = 1'000; auto s = R\"xy(a\"b)xy\";\n", []string{"s:a\"b"}},
		{"csharp verbatim", "csharp", "var s = @\"a\"\"b\"; // c\n", []string{"s:a\"\"b", "c:// c"}},
		{"java text block", "java", "String q = \"\"\"\n  SELECT 1\n  \"\"\";\n", []string{"s:\n  SELECT 1\n  "}},
		{"ruby heredoc and =begin", "ruby", "q = <<~SQL.strip # c\n  SELECT * FROM t\nSQL\n=begin\nENV['X']\n=end\nx = 'y'\n",
			[]string{"c:# c", "s:  SELECT * FROM t\n", "c:=begin\nENV['X']\n=end", "s:y"}},
		{"ruby shift is not a heredoc", "ruby", "a << B\nx = 'y'\n", []string{"s:y"}},
		{"php heredoc, hash comment, attribute", "php", "<?php\n#[Attr]\n$q = <<<'SQL'\nSELECT 1\nSQL;\n# c\n",
			[]string{"s:SELECT 1\n", "c:# c"}},
		{"unterminated string stops at the line end", "go", "x := \"abc\ny := \"d\"\n", []string{"s:abc", "s:d"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, lexed(c.family, c.src)); diff != "" {
				t.Errorf("regions (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInRegion(t *testing.T) {
	src := "a // b\nc \"d\" e"
	rs := lex("go", src)
	for off, want := range map[int]bool{0: false, 2: true, 5: true, 7: false, 9: true, 11: true, 12: false} {
		if _, got := inRegion(rs, off); got != want {
			t.Errorf("inRegion(%d) = %v, want %v", off, got, want)
		}
	}
}

// FuzzLex checks that any input lexes into ordered, disjoint regions
// inside the text, and that extraction never panics, for every family.
func FuzzLex(f *testing.F) {
	for _, seed := range []string{
		"x := `a` // b\n/* c */ \"d\\\"\" 'e'", "def f():\n    \"\"\"doc\"\"\"\n    return f'{x}'  # c\n",
		"q = <<~SQL\n  SELECT 1\nSQL\n=begin\nx\n=end\n", "<?php\n$q = <<<'X'\nY\nX;\n#[A]\n# c\n",
		"let s = r#\"a\"#; /* /* */ */ 'a", "auto s = R\"d(x)d\"; int n = 1'0;", "var s = @\"a\"\"b\";",
		"const r = /a[/]b/g; `${`x`}`", "SELECT * FROM \"a\".\"b\" WHERE x = '%(y)s' ${z}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for family := range vocab().syntaxes {
			end := 0
			for _, r := range lex(family, src) {
				if r.Start < end || r.End < r.Start || r.End > len(src) {
					t.Fatalf("%s: region %+v after offset %d in %d bytes", family, r, end, len(src))
				}
				if !r.Comment && (r.In < r.Start || r.Out < r.In || r.Out > r.End) {
					t.Fatalf("%s: string content %+v outside its region", family, r)
				}
				end = r.End
			}
			Extract(family, []byte(src))
		}
	})
}
