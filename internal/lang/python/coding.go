package python

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// codingCookie is PEP 263's encoding declaration, in a comment on one of
// a file's first two lines.
var codingCookie = regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// decodeSource is the UTF-8 text of a source file that declares Latin-1
// (ISO 8859-1) as its encoding, byte for character as Python reads it;
// nil for every other file, read as UTF-8. Newlines stay where they are,
// so lines do not move.
func decodeSource(src []byte) []byte {
	if !latin1(declaredEncoding(src)) {
		return nil
	}
	out := make([]byte, 0, len(src)+len(src)/8)
	for _, b := range src {
		out = utf8.AppendRune(out, rune(b))
	}
	return out
}

// declaredEncoding is the encoding a coding cookie on the first or
// second line names, lower-cased; "" without one.
func declaredEncoding(src []byte) string {
	for i := 0; i < 2 && len(src) > 0; i++ {
		line, rest, _ := bytes.Cut(src, []byte{'\n'})
		if m := codingCookie.FindSubmatch(line); m != nil {
			return strings.ToLower(string(m[1]))
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return "" // the cookie's second line only follows a comment or a blank line
		}
		src = rest
	}
	return ""
}

// latin1 reports whether an encoding name is one of Python's names for
// ISO 8859-1.
func latin1(enc string) bool {
	switch strings.ReplaceAll(enc, "_", "-") {
	case "latin-1", "latin1", "iso-8859-1", "iso8859-1", "8859", "cp819", "l1", "iso-ir-100", "csisolatin1":
		return true
	}
	return strings.HasPrefix(enc, "latin-1-") || strings.HasPrefix(enc, "iso-8859-1-")
}
