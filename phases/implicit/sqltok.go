package implicit

import "strings"

// sqlTokens splits an SQL text into words, placeholders and punctuation.
// Quoted identifiers ("t", `t`, [t]) become words marked quoted; string
// literals ('…') and placeholders become param tokens; backslashes (left
// from a host language's escapes) are skipped.
func sqlTokens(s string) []sqlToken {
	var out []sqlToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\':
			i++
		case isIdent(c) && !(c >= '0' && c <= '9'):
			j := i + 1
			for j < len(s) && (isIdent(s[j]) || s[j] == '$') {
				j++
			}
			out = append(out, sqlToken{word: strings.ToLower(s[i:j]), raw: s[i:j]})
			i = j
		case c == '"' || c == '`' || c == '[':
			end := map[byte]byte{'"': '"', '`': '`', '[': ']'}[c]
			j := strings.IndexByte(s[i+1:], end)
			if j < 0 {
				return out
			}
			w := strings.TrimSuffix(s[i+1:i+1+j], "\\")
			out = append(out, sqlToken{word: strings.ToLower(w), raw: w, quoted: true})
			i += j + 2
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return out
			}
			out = append(out, sqlToken{param: true})
			i += j + 2
		default:
			i = sqlParam(s, i, &out)
		}
	}
	return out
}

// sqlParam reads a placeholder (?, $1, :name, @name, %s, %(name)s, {x},
// ${x}, #{x}) or one byte of punctuation at i.
func sqlParam(s string, i int, out *[]sqlToken) int {
	c := s[i]
	j := i + 1
	switch {
	case c == '{' || (c == '$' || c == '#') && j < len(s) && s[j] == '{':
		j = skipBraces(s, strings.IndexByte(s[i:], '{')+i)
	case c == '%' && j < len(s) && s[j] == '(':
		if k := strings.IndexByte(s[j:], ')'); k >= 0 {
			j += k + 2
		}
	case c == '?' || c == '$' || c == ':' || c == '@' || c == '%':
		for j < len(s) && isIdent(s[j]) {
			j++
		}
		if j == i+1 && c != '?' {
			*out = append(*out, sqlToken{punct: c})
			return j
		}
	case c >= '0' && c <= '9':
		for j < len(s) && (isIdent(s[j]) || s[j] == '.') {
			j++
		}
	default:
		*out = append(*out, sqlToken{punct: c})
		return j
	}
	*out = append(*out, sqlToken{param: true})
	return min(j, len(s))
}
