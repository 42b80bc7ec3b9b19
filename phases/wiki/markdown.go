package wiki

import (
	"strings"
)

// A module page is read where markdown is rendered (GitHub, a docs site),
// and much of it is text from the repository: doc comments, summaries,
// signatures, file and directory names, commit subjects, a model's
// paragraph. Whoever wrote those may have written HTML meant to run where
// the page is rendered (<img src=x onerror=…>). Two helpers keep it text:
//
//   - CodeSpan puts a name or a signature in a code span, shown as
//     written, whose fence no backtick in it can close;
//   - Text (Cell in a table) escapes what markdown would take for HTML,
//     a link or a table; a code span in the text is kept as written only
//     where no renderer could read its backticks otherwise (see textLine).

// CodeSpan is s in an inline code span that shows s as written: the fence
// is one backtick longer than the longest run of backticks in s, and a
// space pads s where it starts or ends with a backtick (or with spaces at
// both ends, which a renderer strips one of). A line break becomes a
// space: a span is one line of a table cell or a list item.
func CodeSpan(s string) string {
	s = oneLine(s)
	if strings.Trim(s, " ") == "" {
		return "` " + s + " `"
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if s[0] == '`' || s[len(s)-1] == '`' || (s[0] == ' ' && s[len(s)-1] == ' ') {
		s = " " + s + " "
	}
	if longest == 0 { // most names and signatures: one allocation
		return "`" + s + "`"
	}
	fence := strings.Repeat("`", longest+1)
	return fence + s + fence
}

// Text is repository text made safe for a markdown paragraph or list item
// (see textLine), line by line.
func Text(s string) string {
	if !strings.Contains(s, "\n") { // a sentence, a name: no slice of lines
		return textLine(s, false)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = textLine(l, false)
	}
	return strings.Join(lines, "\n")
}

// Cell is repository text made safe for a markdown table cell: Text on one
// line, with every pipe escaped, in code spans too (a table splits its
// rows at pipes before it reads code spans).
func Cell(s string) string {
	return textLine(oneLine(s), true)
}

// lineBreaks turns each line break into a space.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// oneLine is s with each line break a space (lineBreaks): s itself when
// it has none, as most names and summaries have, where the Replacer would
// copy it.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return lineBreaks.Replace(s)
	}
	return s
}

// textSpecial are the bytes textLine may write otherwise: a line without
// any is written as it is.
const textSpecial = "\\`&<>[]|"

// textLine escapes one line of repository text: &, < and > become
// entities (no HTML tag, comment or autolink can start), [ ] and | are
// backslash-escaped (no link, image or table can form and swallow a code
// span's opening backtick). A code span is kept as written when it opens
// at the start of the line or after a space and closes on the same line:
// then every renderer reads it as a span (an extended autolink such as
// www.x.y/`…` could otherwise take its opening backtick). Any other
// backtick is escaped, so it opens no span. In a cell, pipes inside a kept
// span are escaped too.
func textLine(s string, cell bool) string {
	if !strings.ContainsAny(s, textSpecial) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			// An escape pair stays one: what it escapes is literal.
			if e, ok := entity(s[i+1]); ok {
				b.WriteString(e)
			} else {
				b.WriteString(s[i : i+2])
			}
			i += 2
		case c == '`':
			n := backticks(s, i)
			if j := closingRun(s, i+n, n); j >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
				span := s[i : j+n]
				if cell {
					span = strings.ReplaceAll(span, "|", `\|`)
				}
				b.WriteString(span)
				i = j + n
				continue
			}
			b.WriteString(strings.Repeat("\\`", n))
			i += n
		default:
			if e, ok := entity(c); ok {
				b.WriteString(e)
			} else if c == '[' || c == ']' || c == '|' {
				b.WriteString(`\` + string(c))
			} else {
				b.WriteByte(c)
			}
			i++
		}
	}
	return b.String()
}

// entity is how &, < and > are written outside code.
func entity(c byte) (string, bool) {
	switch c {
	case '&':
		return "&amp;", true
	case '<':
		return "&lt;", true
	case '>':
		return "&gt;", true
	}
	return "", false
}

// isASCIIPunct reports whether a backslash before c escapes it (CommonMark).
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// backticks is the length of the run of backticks at s[i].
func backticks(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}

// closingRun is where the first run of exactly n backticks at or after
// from starts, or -1.
func closingRun(s string, from, n int) int {
	for i := from; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		m := backticks(s, i)
		if m == n {
			return i
		}
		i += m
	}
	return -1
}

// firstSentence is the first sentence of a line Text wrote: up to the first
// ". " outside its code spans, so a cut never leaves a span open.
func firstSentence(s string) string {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			n := backticks(s, i)
			if j := closingRun(s, i+n, n); j >= 0 {
				i = j + n - 1
			} else {
				i += n - 1
			}
		case '.':
			if strings.HasPrefix(s[i:], ". ") {
				return s[:i+1]
			}
		}
	}
	return s
}
