package implicit

import (
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// region is a comment or a string literal of a file: [Start, End) covers
// the whole token; [In, Out) is a string's content between its quotes.
type region struct {
	Start, End, In, Out int
	Comment             bool
}

// syntax is what the lexer needs to know of a language family to tell
// code from comments and string literals; it is not a full tokenizer.
type syntax struct {
	slash      bool // "//" and "/* */" comments
	hash       bool // "#" comments
	nested     bool // block comments nest (Rust)
	charQuote  bool // ' opens a character literal, not a string
	multiline  bool // "…" strings may span lines
	triple     bool // """…""" strings
	docstrings bool // a string alone on a logical line is a docstring (Python)
	backtick   bool // `…` is a string (Go raw, JS template, Ruby command)
	rawQuote   byte // prefix of raw strings: 'r' (Rust r#"…"#), 'R' (C++ R"d(…)d"), '@' (C# @"…")
	regexLit   bool // /…/ after an operator is a regular expression (JS)
	heredoc    string
	beginEnd   bool // =begin … =end comments (Ruby)
}

// syntaxOf returns the syntax of a language family; unknown families get
// C-like comments, the most common.
func syntaxOf(family string) syntax {
	if s, ok := vocab().syntaxes[family]; ok {
		return s
	}
	return vocab().syntaxes[lang.FamilyC]
}

// lexer walks a file once and records its comments and string literals.
// It stops only at the bytes its syntax gives a meaning (special), so the
// walk costs little more than a scan for those bytes.
type lexer struct {
	syn     syntax
	special [256]bool
	src     string
	out     []region
	depth   int      // bracket depth (Python docstrings)
	pending []string // heredoc terminators waiting for the end of the line
}

// lex returns the comment and string regions of src in order. Python
// docstrings are returned as comments: they are prose, not values.
func lex(family, src string) []region {
	l := &lexer{syn: syntaxOf(family), src: src}
	for _, c := range []byte("\"'") {
		l.special[c] = true
	}
	l.special['/'] = l.syn.slash || l.syn.regexLit
	l.special['#'] = l.syn.hash
	l.special['`'] = l.syn.backtick
	l.special['<'] = l.syn.heredoc != ""
	l.special['\n'] = l.syn.beginEnd || l.syn.heredoc != ""
	for _, c := range []byte("()[]{}") {
		l.special[c] = l.syn.docstrings
	}
	l.run()
	return l.out
}

func (l *lexer) run() {
	s := l.src
	i := l.beginEnd(0)
	for i < len(s) {
		c := s[i]
		if !l.special[c] {
			i++
			continue
		}
		if c == '\n' {
			i = l.newline(i)
			continue
		}
		if n := l.comment(i); n > i {
			l.out = append(l.out, region{Start: i, End: n, Comment: true})
			i = n
			continue
		}
		if r, ok := l.str(i); ok {
			if r.In >= 0 {
				l.addString(r)
			}
			i = r.End
			continue
		}
		l.code(c)
		i++
	}
}

// newline ends a line: Ruby =begin comments and heredoc bodies start.
func (l *lexer) newline(i int) int {
	i = l.beginEnd(i + 1)
	for len(l.pending) > 0 {
		term := l.pending[0]
		l.pending = l.pending[1:]
		i = l.heredocBody(i, term)
	}
	return i
}

// beginEnd skips a Ruby =begin … =end comment starting at line start i.
func (l *lexer) beginEnd(i int) int {
	if !l.syn.beginEnd || !strings.HasPrefix(l.src[i:], "=begin") {
		return i
	}
	stop := len(l.src)
	if end := strings.Index(l.src[i:], "\n=end"); end >= 0 {
		stop = i + end + len("\n=end")
	}
	l.out = append(l.out, region{Start: i, End: stop, Comment: true})
	return stop
}

// code notes a code byte outside comments and strings.
func (l *lexer) code(c byte) {
	switch c {
	case '(', '[', '{':
		l.depth++
	case ')', ']', '}':
		if l.depth > 0 {
			l.depth--
		}
	}
}

// comment returns the end of a comment starting at i, or i.
func (l *lexer) comment(i int) int {
	s := l.src
	c := s[i]
	switch {
	case l.syn.hash && c == '#':
		if l.syn.heredoc == "<<<" && i+1 < len(s) && s[i+1] == '[' {
			return i // PHP 8 attribute
		}
		return lineEnd(s, i)
	case l.syn.slash && c == '/' && i+1 < len(s) && s[i+1] == '/':
		return lineEnd(s, i)
	case l.syn.slash && c == '/' && i+1 < len(s) && s[i+1] == '*':
		return l.blockEnd(i + 2)
	}
	return i
}

func (l *lexer) blockEnd(i int) int {
	s := l.src
	depth := 1
	for i < len(s)-1 {
		switch {
		case s[i] == '*' && s[i+1] == '/':
			depth--
			i += 2
			if depth == 0 || !l.syn.nested {
				return i
			}
		case l.syn.nested && s[i] == '/' && s[i+1] == '*':
			depth++
			i += 2
		default:
			i++
		}
	}
	return len(s)
}

func lineEnd(s string, i int) int {
	if n := strings.IndexByte(s[i:], '\n'); n >= 0 {
		return i + n
	}
	return len(s)
}

// addString records a string, or a comment when it is a Python docstring:
// the first token of a logical line at bracket depth 0, alone on it.
func (l *lexer) addString(r region) {
	if l.syn.docstrings && l.depth == 0 && startsLine(l.src, r.Start) && restBlank(l.src, r.End) {
		r.Comment = true
		l.out = append(l.out, r)
		return
	}
	l.out = append(l.out, r)
}

// startsLine reports whether only blanks and a Python string prefix (r,
// b, u, f, rb…) stand before the quote at i on a line that does not
// continue the previous one with a backslash.
func startsLine(s string, i int) bool {
	j := i
	for j > 0 && i-j <= 2 && strings.IndexByte("rRbBuUfF", s[j-1]) >= 0 {
		j--
	}
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	if j == 0 {
		return true
	}
	if s[j-1] != '\n' {
		return false
	}
	j--
	if j > 0 && s[j-1] == '\r' {
		j--
	}
	return j == 0 || s[j-1] != '\\'
}

// restBlank reports whether only blanks, ';' or a comment follow i on its line.
func restBlank(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', ';':
		case '\n', '#':
			return true
		default:
			return false
		}
	}
	return true
}

// inRegion returns the region holding offset off, if any.
func inRegion(rs []region, off int) (region, bool) {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].End > off })
	if i < len(rs) && rs[i].Start <= off {
		return rs[i], true
	}
	return region{}, false
}
