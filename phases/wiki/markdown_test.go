package wiki

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/mdcheck"
)

func TestCodeSpan(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Server", "`Server`"},
		{"x`<img>`.py", "``x`<img>`.py``"},
		{"`a", "`` `a ``"},
		{"a``b", "```a``b```"},
		{"`", "`` ` ``"},
		{" a ", "`  a  `"},
		{"", "`  `"},
		{"two\nlines", "`two lines`"},
	} {
		if got := CodeSpan(tt.in); got != tt.want {
			t.Errorf("CodeSpan(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Loads <img src=x onerror=alert(1)> data.", "Loads &lt;img src=x onerror=alert(1)&gt; data."},
		{"a && b", "a &amp;&amp; b"},
		{"Returns the `Map<K, V>` it holds.", "Returns the `Map<K, V>` it holds."},
		{"`List<T>` first", "`List<T>` first"},
		{"glued(`<b>`)", "glued(\\`&lt;b&gt;\\`)"},
		{"www.a.com/`<img>`", "www.a.com/\\`&lt;img&gt;\\`"},
		{"stray ` <b>", "stray \\` &lt;b&gt;"},
		{"[x](javascript:y) | z", "\\[x\\](javascript:y) \\| z"},
		{"esc \\< \\` \\*", "esc &lt; \\` \\*"},
		{"span `a|b` stays", "span `a|b` stays"},
		{"line `one\nnot` two", "line \\`one\nnot\\` two"},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got, want := Cell("span `a|b` <i>\nnext"), "span `a\\|b` &lt;i&gt; next"; got != want {
		t.Errorf("Cell = %q, want %q", got, want)
	}
}

func TestFirstSentence(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"One. Two.", "One."},
		{"`a. b` is one. Two.", "`a. b` is one."},
		{"\\`a. b\\` two", "\\`a."},
		{"none", "none"},
	} {
		if got := firstSentence(tt.in); got != tt.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// inertContexts are the places a page puts repository text: a paragraph
// (the narrative), a list item (an API entry), a table cell (a file's row,
// a commit subject) and the index's purpose line.
func inertContexts(s string) map[string]string {
	return map[string]string{
		"paragraph": "# T\n\n" + Text(s) + "\n",
		"list":      "- " + CodeSpan(s) + " — " + Text(s) + "\n- next\n",
		"table":     "| a | b |\n|---|---|\n| " + cell(CodeSpan(s)) + " | " + Cell(s) + " |\n",
		"index":     "- [`x`](x.md) — " + firstSentence(Text(s)) + "\n- [`y`](y.md) — `<i>`\n",
	}
}

// FuzzTextInert renders repository text in every context with a real
// markdown renderer: no HTML of the text's own may come out.
func FuzzTextInert(f *testing.F) {
	for _, s := range []string{
		"Loads <img src=x onerror=alert(1)> data.",
		"[a](`) <img src=x onerror=alert(1)> `)",
		"www.a.com/`<img src=x onerror=alert(1)>`",
		"x `<img src=x onerror=alert(1)>. y` z",
		"a | b\n--- | ---\n`x|<img src=x onerror=1>` | y",
		"``` <script>\nx\n```",
		"<!-- lgraph:insights -->",
		"\\`<b>` `<i>\\`",
		"https://a.b/ `<img>`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, page := range inertContexts(s) {
			raw, err := mdcheck.RawHTML([]byte(page))
			if err != nil {
				t.Fatal(err)
			}
			if len(raw) > 0 && !strings.Contains(page, "\x00") {
				t.Fatalf("%s: %q renders raw HTML %q:\n%s", name, s, raw, page)
			}
		}
	})
}
