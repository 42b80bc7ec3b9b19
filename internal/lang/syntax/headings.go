package syntax

import "strings"

// WithoutHeadings drops the headings a doc marks with a rule, as
// reStructuredText and Markdown (setext) write them: a line of one
// repeated punctuation character under a title, or over and under it
// ("flask.app" over "~~~~~~~~~", "Parameters" over "----------"), and a
// rule on its own (a transition). A heading names a part of the doc; it
// is no sentence of it, and its rule joined onto the prose would read as
// "flask.app ~~~~~~~~~ Implements …". A doc that is only headings keeps
// their titles.
func WithoutHeadings(doc string) string {
	lines := strings.Split(doc, "\n")
	drop := make([]bool, len(lines))
	found := false
	for i, l := range lines {
		c, ok := rule(l)
		if !ok {
			continue
		}
		prev := ""
		if i > 0 && !drop[i-1] {
			prev = strings.TrimSpace(lines[i-1])
		}
		switch {
		case prev != "" && (c == '=' || c == '-' || len(strings.TrimSpace(l)) >= len(prev)):
			drop[i-1], drop[i], found = true, true, true // a title and its underline
		case prev == "":
			drop[i], found = true, true // an overline or a transition
		}
	}
	if !found {
		return doc
	}
	var kept, titles []string
	for i, l := range lines {
		if !drop[i] {
			kept = append(kept, l)
		} else if _, ok := rule(l); !ok {
			titles = append(titles, strings.TrimSpace(l))
		}
	}
	out := strings.TrimSpace(strings.Join(kept, "\n"))
	if out == "" {
		return strings.Join(titles, "\n\n")
	}
	return out
}

// rule says whether a line is a heading rule: at least three of one
// punctuation character reStructuredText or Markdown underlines with
// (no backquote: "```" opens a code block), and returns the character.
func rule(line string) (byte, bool) {
	t := strings.TrimSpace(line)
	if len(t) < 3 || !strings.ContainsRune("=-~^*+#\"'_:.", rune(t[0])) {
		return 0, false
	}
	if strings.Trim(t, t[:1]) != "" || t == "~~~" {
		return 0, false
	}
	return t[0], true
}
