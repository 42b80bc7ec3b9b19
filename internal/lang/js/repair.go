package js

import "bytes"

// tsRepair returns a copy of a TypeScript source with the constructs that
// tree-sitter-typescript 0.23 cannot parse rewritten byte for byte (so
// every offset and line stays put), or nil when it changed nothing. The
// extractor still reads names, signatures and comments from the original
// source; only the tree comes from the copy. Two constructs, both common
// in library code (effect's sources lose half their files to them):
//
//   - variance annotations on type parameters (TS 4.7): <in out A, out E>
//     becomes <       A,     E>;
//   - a call signature written on the line after another member of a type
//     literal or interface, with no separator: TypeScript ends a type
//     member at a line break, the grammar's automatic semicolons do not
//     before "<" or "(", so the indentation's last space becomes ";";
//   - an escaped backtick, which ends a template literal type early: "\`"
//     becomes two spaces (harmless in any string, regex or comment);
//   - export type * from "m" (TS 5.0) loses its "type".
func tsRepair(src []byte) []byte {
	var out []byte
	edit := func(i int, b byte) {
		if out == nil {
			out = bytes.Clone(src)
		}
		out[i] = b
	}
	tsBlankVariance(src, edit)
	tsSeparateSignatures(src, edit)
	tsBlankEscapedBackticks(src, edit)
	tsBlankTypeStar(src, edit)
	return out
}

// tsBlankVariance blanks "in", "out" and "in out" where they modify a type
// parameter: after "<" or "," and before a name that is followed by ",",
// ">", "=" or "extends".
func tsBlankVariance(src []byte, edit func(int, byte)) {
	for i := 0; i < len(src); i++ {
		if src[i] != '<' && src[i] != ',' {
			continue
		}
		j := tsSkipSpace(src, i+1)
		var words [][2]int // the modifier words, start and end
		for len(words) < 2 {
			w := tsWordEnd(src, j)
			word := string(src[j:w])
			if (word != "in" && word != "out") || w == len(src) || !tsIsSpace(src[w]) {
				break
			}
			words = append(words, [2]int{j, w})
			j = tsSkipSpace(src, w)
		}
		if len(words) == 0 {
			continue
		}
		name := tsWordEnd(src, j)
		if name == j || !tsEndsTypeParam(src, tsSkipSpace(src, name)) {
			continue
		}
		for _, w := range words {
			for k := w[0]; k < w[1]; k++ {
				edit(k, ' ')
			}
		}
	}
}

func tsEndsTypeParam(src []byte, i int) bool {
	if i >= len(src) {
		return false
	}
	switch src[i] {
	case ',', '>', '=':
		return true
	}
	return bytes.HasPrefix(src[i:], []byte("extends")) && tsWordEnd(src, i) == i+len("extends")
}

// tsSeparateSignatures puts a ";" before a line that starts with "<" or
// "(" after indentation, when the previous code line (comments and blank
// lines skipped) is indented at least as deep and ends like a type ends.
func tsSeparateSignatures(src []byte, edit func(int, byte)) {
	prevIndent, prevEnds := -1, false
	inBlock := false
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		line := src[start:end]
		indent := len(line) - len(bytes.TrimLeft(line, " \t"))
		body := bytes.TrimRight(line[indent:], " \t\r")
		wasBlock := inBlock
		inBlock = tsBlockCommentAfter(line, inBlock)
		switch {
		case wasBlock || len(body) == 0 || bytes.HasPrefix(body, []byte("//")) || bytes.HasPrefix(body, []byte("/*")):
			// Not code: the previous code line stays the reference.
		default:
			if (body[0] == '<' || body[0] == '(') && indent > 0 && indent <= prevIndent && prevEnds {
				edit(start+indent-1, ';')
			}
			prevIndent, prevEnds = indent, tsEndsType(body)
		}
		start = end + 1
	}
}

// tsEndsType reports whether a line of code can end a type: it ends in a
// name, ">" (not "=>"), ")", "]" or "}".
func tsEndsType(line []byte) bool {
	c := line[len(line)-1]
	if c == '>' {
		return !bytes.HasSuffix(line, []byte("=>"))
	}
	return c == ')' || c == ']' || c == '}' || c == '_' || c == '$' ||
		('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// tsBlockCommentAfter reports whether a block comment is open at the end
// of line, given whether one was open at its start. Strings are not
// tracked: a "/*" inside one only makes the heuristic skip a line.
func tsBlockCommentAfter(line []byte, open bool) bool {
	for i := 0; i < len(line); i++ {
		switch {
		case open && line[i] == '*' && i+1 < len(line) && line[i+1] == '/':
			open = false
			i++
		case !open && line[i] == '/' && i+1 < len(line) && line[i+1] == '/':
			return false
		case !open && line[i] == '/' && i+1 < len(line) && line[i+1] == '*':
			open = true
			i++
		}
	}
	return open
}

func tsIsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func tsSkipSpace(src []byte, i int) int {
	for i < len(src) && tsIsSpace(src[i]) {
		i++
	}
	return i
}

// tsWordEnd returns the end of the identifier starting at i (i if none).
func tsWordEnd(src []byte, i int) int {
	for i < len(src) {
		c := src[i]
		if c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || c >= 0x80 {
			i++
			continue
		}
		break
	}
	return i
}

func tsBlankEscapedBackticks(src []byte, edit func(int, byte)) {
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '\\' {
			if src[i+1] == '`' {
				edit(i, ' ')
				edit(i+1, ' ')
			}
			i++ // an escaped backslash escapes nothing after it
		}
	}
}

// tsBlankTypeStar blanks "type" in "export type * from".
func tsBlankTypeStar(src []byte, edit func(int, byte)) {
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("export"))
		if k < 0 {
			return
		}
		i += k + len("export")
		t := tsSkipSpace(src, i)
		if t == i || tsWordEnd(src, t) != t+len("type") || string(src[t:t+len("type")]) != "type" {
			continue
		}
		if star := tsSkipSpace(src, t+len("type")); star < len(src) && src[star] == '*' {
			for j := t; j < t+len("type"); j++ {
				edit(j, ' ')
			}
		}
	}
}
