package lang

import "bytes"

// HasCPPSyntax reports whether C-family source has a line only C++ writes:
// one opening with "namespace NAME {" (or an anonymous or nested one),
// "template <", "class NAME", "using namespace", or an access label
// ("public:"). A .h header that has one is C++ (docs/design.md §4). It is
// a line scan, not a regular expression: the inventory runs it on every
// blob.
func HasCPPSyntax(src []byte) bool {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimLeft(line, " \t")
		if len(line) >= 5 && bytes.IndexByte([]byte("nctup"), line[0]) >= 0 && cppLine(line, src) {
			return true
		}
	}
	return false
}

// cppLine tests one line, trimmed on the left; rest is the source after it
// (a namespace's brace may open on the next line).
func cppLine(line, rest []byte) bool {
	if after, ok := word(line, "namespace"); ok {
		after = skipName(after)
		if len(after) == 0 {
			after = bytes.TrimLeft(rest, " \t\r\n")
		}
		return len(after) > 0 && after[0] == '{'
	}
	if after, ok := word(line, "template"); ok {
		return len(after) > 0 && after[0] == '<'
	}
	if after, ok := word(line, "class"); ok {
		return len(after) > 0 && len(after) < len(line)-len("class") && isNameByte(after[0])
	}
	if after, ok := word(line, "using"); ok {
		_, ns := word(after, "namespace")
		return ns
	}
	for _, label := range []string{"public", "private", "protected"} {
		if after, ok := word(line, label); ok {
			return len(after) > 0 && after[0] == ':' && (len(after) == 1 || after[1] != ':')
		}
	}
	return false
}

// word returns what follows a keyword opening line, spaces trimmed, when
// the keyword is a whole word.
func word(line []byte, kw string) ([]byte, bool) {
	if !bytes.HasPrefix(line, []byte(kw)) || len(line) > len(kw) && isNameByte(line[len(kw)]) {
		return nil, false
	}
	return bytes.TrimLeft(line[len(kw):], " \t\r"), true
}

// skipName skips a possibly nested name (a::b) and the spaces after it.
func skipName(b []byte) []byte {
	i := 0
	for i < len(b) && (isNameByte(b[i]) || b[i] == ':') {
		i++
	}
	return bytes.TrimLeft(b[i:], " \t\r")
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
