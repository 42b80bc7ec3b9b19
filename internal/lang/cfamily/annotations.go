package cfamily

import (
	"bytes"
)

// Annotation macros after a declarator (thread-safety attributes such as
// `void Lock() EXCLUSIVE_LOCK_FUNCTION() {` and `Version* v_ GUARDED_BY(mu_);`)
// parse without an error: tree-sitter reads the macro as the function's or
// field's name (a method named EXCLUSIVE_LOCK_FUNCTION). Like the macro words
// between class and a type's name they are blanked before the first parse.

// notDeclarators are the words before "(" or before a macro that make the
// text a statement, not a declaration: if (x) FOO(y); return FOO(x);.
var notDeclarators = map[string]bool{
	"if": true, "while": true, "for": true, "switch": true, "return": true, "sizeof": true,
	"catch": true, "decltype": true, "alignas": true, "alignof": true, "static_assert": true,
	"case": true, "goto": true, "else": true, "do": true, "throw": true, "new": true,
	"delete": true, "defined": true, "co_return": true, "co_await": true, "co_yield": true,
	"typedef": true, "using": true, "__attribute__": true, "__declspec": true,
}

// qualifierWords may stand between a function's parameters and its
// annotations (void f() const LOCKS_EXCLUDED(mu_)).
var qualifierWords = map[string]bool{"const": true, "override": true, "final": true, "noexcept": true, "volatile": true}

// blankAnnotationMacros blanks the runs of macro words (each with its
// parenthesized arguments) that follow a function's parameter list or a
// variable's name and end the declarator: a "{", ";", "=", "," or a
// constructor's ":" follows them. Preprocessor lines stay. It reports
// whether it blanked any.
func blankAnnotationMacros(src []byte) ([]byte, bool) {
	var out []byte
	directive := directiveMask(src)
	for i := 0; i < len(src); {
		w := wordEnd(src, i)
		if w == i {
			i++
			continue
		}
		if (i > 0 && isIdentByte(src[i-1])) || directive[i] || !isMacroWord(src[i:w], false) {
			i = w
			continue
		}
		after, ok := afterDeclarator(src, i, w)
		if !ok {
			i = w
			continue
		}
		end, ok := annotationRun(src, i)
		if !ok {
			i = w
			continue
		}
		if after == afterName && src[skipSpaceNL(src, end)] == '{' {
			// f FMT_NOMACRO(...) { : an empty macro between a function's
			// name and its parameters, which stay.
			end = w
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		blank(out[i:end])
		i = end
	}
	if out == nil {
		return src, false
	}
	return out, true
}

// What an annotation macro follows.
const (
	afterParams = iota + 1 // a function's parameter list
	afterName              // a variable's (or function's) name
)

// afterDeclarator reports whether the macro word src[i:w] follows a
// declarator, and which: a parameter list (after its qualifiers), or a
// variable's name after its type. A macro word without an underscore must
// take arguments and follow a parameter list (void Lock() ACQUIRE()).
func afterDeclarator(src []byte, i, w int) (int, bool) {
	underscore := bytes.IndexByte(src[i:w], '_') > 0
	p := skipSpaceBack(src, i)
	for p > 0 && isIdentByte(src[p-1]) {
		s := wordStart(src, p)
		if !qualifierWords[string(src[s:p])] {
			break
		}
		p = skipSpaceBack(src, s)
	}
	if p > 0 && src[p-1] == ']' && underscore { // stats_[kNumLevels] GUARDED_BY(mu_)
		if open := bytes.LastIndexByte(src[:p-1], '['); open > 0 {
			p = skipSpaceBack(src, open)
		}
	}
	if p == 0 {
		return 0, false
	}
	switch c := src[p-1]; {
	case c == ')':
		if !underscore && !bytes.HasPrefix(src[skipSpaceNL(src, w):], []byte("(")) {
			return 0, false
		}
		open := matchOpen(src, p-1)
		if open < 0 {
			return 0, false
		}
		q := skipSpaceBack(src, open)
		s := wordStart(src, q)
		return afterParams, s < q && !notDeclarators[string(src[s:q])] && !isMacroWord(src[s:q], false)
	case isIdentByte(c) && underscore:
		s := wordStart(src, p)
		name := string(src[s:p])
		if notDeclarators[name] || qualifierWords[name] || isMacroWord(src[s:p], false) {
			return 0, false
		}
		t := skipSpaceBack(src, s)
		if t == 0 || notDeclarators[string(src[wordStart(src, t):t])] {
			return 0, false
		}
		return afterName, isIdentByte(src[t-1]) || src[t-1] == '*' || src[t-1] == '&' || src[t-1] == '>'
	}
	return 0, false
}

// annotationRun returns where the run of macro words starting at i ends
// (after the last one's arguments), when what follows ends a declarator.
func annotationRun(src []byte, i int) (int, bool) {
	end := i
	for {
		j := skipSpaceNL(src, end)
		w := wordEnd(src, j)
		if w == j || !isMacroWord(src[j:w], false) || j > 0 && isIdentByte(src[j-1]) {
			break
		}
		end = w
		if k := skipSpaceNL(src, w); k < len(src) && src[k] == '(' {
			close := matchClose(src, k)
			if close < 0 {
				return i, false
			}
			end = close + 1
		}
	}
	k := skipSpaceNL(src, end)
	if k >= len(src) {
		return i, false
	}
	switch src[k] {
	case '{', ';', '=', ',':
		return end, true
	case ':':
		return end, k+1 >= len(src) || src[k+1] != ':'
	}
	w := wordEnd(src, k)
	return end, qualifierWords[string(src[k:w])]
}

// directiveMask marks the bytes of preprocessor lines (with their
// backslash continuations).
func directiveMask(src []byte) []bool {
	mask := make([]bool, len(src)+1)
	eachLine(src, func(start, end int, directive bool) {
		if directive {
			for k := start; k < end; k++ {
				mask[k] = true
			}
		}
	})
	return mask
}

// eachLine calls f with the bounds of each line of src and whether it is
// part of a preprocessor directive (a "#" line or its backslash
// continuations).
func eachLine(src []byte, f func(start, end int, directive bool)) {
	continued := false
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		line := src[start:end]
		d := continued || bytes.HasPrefix(bytes.TrimSpace(line), []byte("#"))
		continued = d && bytes.HasSuffix(bytes.TrimRight(line, " \t\r"), []byte(`\`))
		f(start, end, d)
		start = end + 1
	}
}

// matchClose returns the index of the ")" that closes the "(" at i, or -1.
func matchClose(src []byte, i int) int {
	depth := 0
	for k := i; k < len(src); k++ {
		switch src[k] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return k
			}
		case ';', '{', '}':
			return -1
		}
	}
	return -1
}

// matchOpen returns the index of the "(" that the ")" at i closes, or -1.
func matchOpen(src []byte, i int) int {
	depth := 0
	for k := i; k >= 0; k-- {
		switch src[k] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				return k
			}
		case ';', '{', '}':
			return -1
		}
	}
	return -1
}

// skipSpaceNL skips spaces, tabs and line ends.
func skipSpaceNL(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// skipSpaceBack returns the end of the text before the white space that
// ends at i.
func skipSpaceBack(src []byte, i int) int {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	return i
}

// wordStart returns where the identifier ending at p starts.
func wordStart(src []byte, p int) int {
	for p > 0 && isIdentByte(src[p-1]) {
		p--
	}
	return p
}
