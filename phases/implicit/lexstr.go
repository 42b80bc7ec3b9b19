package implicit

import "strings"

// str returns the string literal (or skipped literal: character, regular
// expression) starting at i; ok is false when i starts none.
func (l *lexer) str(i int) (region, bool) {
	s, syn := l.src, l.syn
	c := s[i]
	switch {
	case c == '"':
		if r, ok := l.rawString(i); ok {
			return r, true
		}
		if syn.triple && strings.HasPrefix(s[i:], `"""`) {
			return l.tripleString(i, `"""`), true
		}
		return l.quoted(i, '"', syn.multiline, true), true
	case c == '\'':
		if syn.charQuote {
			return l.charLit(i)
		}
		if syn.triple && strings.HasPrefix(s[i:], `'''`) {
			return l.tripleString(i, `'''`), true
		}
		return l.quoted(i, '\'', syn.multiline, true), true
	case c == '`' && syn.backtick:
		return l.quoted(i, '`', true, l.syn.regexLit || l.syn.heredoc != ""), true
	case c == '/' && syn.regexLit && regexCanStart(prevByte(s, i)):
		return l.regex(i)
	case c == '<' && syn.heredoc != "" && strings.HasPrefix(s[i:], syn.heredoc):
		return l.heredocOpen(i)
	}
	return region{}, false
}

// quoted scans a one-delimiter string; escapes says whether a backslash
// escapes the next byte (Go raw strings have none).
func (l *lexer) quoted(i int, q byte, multiline, escapes bool) region {
	s := l.src
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if escapes {
				j++
			}
		case '\n':
			if !multiline {
				return region{Start: i, End: j, In: i + 1, Out: j}
			}
		case '$':
			if q == '`' && escapes && j+1 < len(s) && s[j+1] == '{' {
				j = skipBraces(s, j+1) - 1
			}
		case q:
			return region{Start: i, End: j + 1, In: i + 1, Out: j}
		}
	}
	return region{Start: i, End: len(s), In: i + 1, Out: len(s)}
}

// skipBraces returns the offset after the brace matching the one at i.
func skipBraces(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

func (l *lexer) tripleString(i int, q string) region {
	s := l.src
	for j := i + 3; j < len(s); j++ {
		if s[j] == '\\' {
			j++
			continue
		}
		if strings.HasPrefix(s[j:], q) {
			return region{Start: i, End: j + 3, In: i + 3, Out: j}
		}
	}
	return region{Start: i, End: len(s), In: i + 3, Out: len(s)}
}

// charLit skips a character literal ('x', '\n'); a quote that closes no
// short literal is a Rust lifetime or a C++ digit separator: code.
func (l *lexer) charLit(i int) (region, bool) {
	s := l.src
	for j := i + 1; j < len(s) && j < i+12; j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return region{}, false
		case '\'':
			if j == i+1 {
				return region{}, false
			}
			return region{Start: i, End: j + 1, In: -1}, true
		}
	}
	return region{}, false
}

// rawString reads the raw strings whose prefix sits before the quote at i:
// Rust r#"…"#, C++ R"d(…)d", C# @"…".
func (l *lexer) rawString(i int) (region, bool) {
	s := l.src
	switch l.syn.rawQuote {
	case '@':
		if i == 0 || s[i-1] != '@' {
			return region{}, false
		}
		for j := i + 1; j < len(s); j++ {
			if s[j] == '"' {
				if j+1 < len(s) && s[j+1] == '"' {
					j++
					continue
				}
				return region{Start: i, End: j + 1, In: i + 1, Out: j}, true
			}
		}
		return region{Start: i, End: len(s), In: i + 1, Out: len(s)}, true
	case 'r':
		k := i
		for k > 0 && s[k-1] == '#' {
			k--
		}
		if k == 0 || s[k-1] != 'r' {
			return region{}, false
		}
		return closeWith(s, i, i+1, `"`+s[k:i]), true
	case 'R':
		if i == 0 || s[i-1] != 'R' {
			return region{}, false
		}
		open := strings.IndexByte(s[i:], '(')
		if open < 0 || open > 17 {
			return region{}, false
		}
		return closeWith(s, i, i+open+1, ")"+s[i+1:i+open]+`"`), true
	}
	return region{}, false
}

// closeWith returns the string starting at i, content from in, that ends
// at the first end marker.
func closeWith(s string, i, in int, end string) region {
	if j := strings.Index(s[in:], end); j >= 0 {
		return region{Start: i, End: in + j + len(end), In: in, Out: in + j}
	}
	return region{Start: i, End: len(s), In: in, Out: len(s)}
}

// prevByte returns the last non-blank byte before i, or 0.
func prevByte(s string, i int) byte {
	for i > 0 {
		i--
		if c := s[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// regexCanStart reports whether a '/' after this byte opens a regular
// expression rather than dividing.
func regexCanStart(prev byte) bool {
	return prev == 0 || strings.IndexByte("(,=:[!&|?{};+-*%<>~^", prev) >= 0
}

// regex skips a JS regular expression literal (its quotes are not strings).
func (l *lexer) regex(i int) (region, bool) {
	s := l.src
	class := false
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return region{}, false
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return region{Start: i, End: j + 1, In: -1}, true
			}
		}
	}
	return region{}, false
}

// heredocOpen notes a heredoc (Ruby <<~ID, <<-ID, <<ID; PHP <<<ID, <<<'ID'):
// its body starts on the next line.
func (l *lexer) heredocOpen(i int) (region, bool) {
	s := l.src
	j := i + len(l.syn.heredoc)
	marked := l.syn.heredoc == "<<<" // PHP: <<< is always a heredoc
	if j < len(s) && (s[j] == '~' || s[j] == '-') {
		j, marked = j+1, true
	}
	if j < len(s) && (s[j] == '\'' || s[j] == '"') {
		j, marked = j+1, true
	}
	k := j
	for k < len(s) && (s[k] == '_' || s[k] >= 'A' && s[k] <= 'Z' || s[k] >= '0' && s[k] <= '9' || marked && s[k] >= 'a' && s[k] <= 'z') {
		k++
	}
	if k == j || s[j] >= '0' && s[j] <= '9' {
		return region{}, false
	}
	l.pending = append(l.pending, s[j:k])
	end := k
	if end < len(s) && (s[end] == '\'' || s[end] == '"') {
		end++
	}
	return region{Start: i, End: end, In: -1}, true
}

// heredocBody records the body of a heredoc from line start i to the line
// holding only its terminator, and returns the offset after the terminator.
func (l *lexer) heredocBody(i int, term string) int {
	s := l.src
	for line := i; line < len(s); {
		end := lineEnd(s, line)
		t := strings.TrimLeft(s[line:end], " \t")
		if strings.HasPrefix(t, term) && (len(t) == len(term) || !isIdent(t[len(term)])) {
			stop := end - len(t) + len(term)
			l.out = append(l.out, region{Start: i, End: stop, In: i, Out: line})
			return stop
		}
		line = end + 1
	}
	l.out = append(l.out, region{Start: i, End: len(s), In: i, Out: len(s)})
	return len(s)
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
