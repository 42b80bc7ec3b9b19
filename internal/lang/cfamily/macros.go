package cfamily

import (
	"bytes"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Macros the parser cannot expand break C and C++ declarations: a line
// that is only a macro (FMT_BEGIN_NAMESPACE, Q_OBJECT) reads as the type of
// the next declaration, and macro words before a declaration (FMT_API void
// f(), class EXPORT_API A) as its type or name. A file that parses with
// errors is parsed again with those macro words blanked out (same length,
// so lines and offsets stay), and that reading is kept when it has fewer
// errors.

// extractBest extracts a C or C++ file from the reading with the fewest
// syntax errors: the tree given, then (only when it has errors) the source
// with its macro words blanked, and for a C file with C++ declarations
// (.h is both languages' header suffix) the C++ readings of both.
func extractBest(root *sitter.Node, src []byte, cpp bool) *facts.File {
	f := extractReading(root, src, cpp)
	f.MacroLines = macroLines(src)
	return f
}

// extractReading is extractBest without the macro lines.
func extractReading(root *sitter.Node, src []byte, cpp bool) *facts.File {
	gs := grammarIDs()
	g := gs.c
	if cpp {
		g = gs.cpp
	}
	clean, typeMacros := blankTypeMacros(src)
	clean, annotations := blankAnnotationMacros(clean)
	if typeMacros || annotations {
		if tree := parse(clean, cpp); tree != nil {
			defer tree.Close()
			root, src = tree.RootNode(), clean
		}
	}
	if !root.HasError() {
		return extract(root, src, g, cpp)
	}
	type reading struct {
		src []byte
		cpp bool
	}
	clean, changed := blankMacros(src)
	var tries []reading
	if changed {
		tries = append(tries, reading{clean, cpp})
	}
	if !cpp && lang.HasCPPSyntax(src) {
		tries = append(tries, reading{src, true})
		if changed {
			tries = append(tries, reading{clean, true})
		}
	}
	best := syntax.CountErrors(root)
	var out *facts.File
	for _, t := range tries {
		if f, errs, ok := parseExtract(t.src, t.cpp, best); ok {
			out, best = f, errs
		}
	}
	if out == nil {
		return extract(root, src, g, cpp)
	}
	return out
}

// parseExtract parses src as C or C++ and extracts it when the parse
// has fewer errors than limit.
func parseExtract(src []byte, cpp bool, limit int) (*facts.File, int, bool) {
	g := grammarIDs().c
	if cpp {
		g = grammarIDs().cpp
	}
	tree := parse(src, cpp)
	if tree == nil {
		return nil, 0, false
	}
	defer tree.Close()
	root := tree.RootNode()
	errs := syntax.CountErrors(root)
	if errs >= limit {
		return nil, 0, false
	}
	return extract(root, src, g, cpp), errs, true
}

// parse parses src as C or C++; nil when the parser cannot run.
func parse(src []byte, cpp bool) *sitter.Tree {
	l := sitter.NewLanguage(tsc.Language())
	if cpp {
		l = cppLanguage()
	}
	p := sitter.NewParser()
	defer p.Close()
	if p.SetLanguage(l) != nil {
		return nil
	}
	return p.Parse(src, nil)
}

// blankTypeMacros blanks the macro words between class, struct or union
// and the name of a type being defined (struct LEVELDB_EXPORT Options {),
// and reports whether it blanked any. Unlike the other macro words these
// parse without an error, as a function returning "struct LEVELDB_EXPORT"
// whose body is the members, so they are blanked before the first parse.
// A name then followed by a body, a base list or the end of the line is
// defined; "struct MY_TAG var;" declares a variable and stays.
func blankTypeMacros(src []byte) ([]byte, bool) {
	var out []byte
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		for _, kw := range []string{"class ", "struct ", "union "} {
			j := bytes.Index(src[start:end], []byte(kw))
			if j < 0 || j > 0 && isIdentByte(src[start+j-1]) {
				continue
			}
			from := start + j + len(kw)
			if to := typeMacroRun(src[:end], from); to > from {
				if out == nil {
					out = bytes.Clone(src)
				}
				blank(out[from:to])
			}
		}
		start = end + 1
	}
	if out == nil {
		return src, false
	}
	return out, true
}

// typeMacroRun returns where the macro words starting at i (after spaces)
// end, when a type's name and then "{", a base list, "final" or the line's
// end follow them; i when they do not.
func typeMacroRun(line []byte, i int) int {
	j := skipSpace(line, i)
	for {
		w := wordEnd(line, j)
		if w == j || !isMacroWord(line[j:w], false) || w >= len(line) || (line[w] != ' ' && line[w] != '\t') {
			break
		}
		j = skipSpace(line, w)
	}
	name := wordEnd(line, j)
	if j == skipSpace(line, i) || name == j || line[j] >= '0' && line[j] <= '9' {
		return i
	}
	rest := bytes.TrimSpace(line[name:])
	if r, ok := bytes.CutPrefix(rest, []byte("final")); ok && (len(r) == 0 || !isIdentByte(r[0])) {
		rest = bytes.TrimSpace(r)
	}
	switch {
	case len(rest) == 0, rest[0] == '{', rest[0] == ':' && (len(rest) == 1 || rest[1] != ':'):
		return j
	}
	return i
}

// blankMacros returns src with lone macro lines and macro words before
// declarations replaced by spaces, and whether it changed anything.
func blankMacros(src []byte) ([]byte, bool) {
	out := bytes.Clone(src)
	ctors := typeNames(src)
	changed := false
	// Blanking writes spaces over words, so line bounds and directives
	// read from src hold for out.
	eachLine(src, func(start, end int, directive bool) {
		if !directive && blankMacroWords(out[start:end], ctors) {
			changed = true
		}
	})
	return out, blankHeadConditionals(src, out) || changed
}

// blankHeadConditionals blanks, in out, the #if blocks written between a
// class's name and its body, directives and lines alike:
//
//	class dynamic_format_arg_store
//	#if FMT_GCC_VERSION && FMT_GCC_VERSION < 409
//	    : public basic_format_args<Context>
//	#endif
//	{
//
// The parser cannot read a directive there: it loses the class, and its
// methods read as functions of the namespace. Without the block the head
// is one the build without the condition compiles.
func blankHeadConditionals(src, out []byte) bool {
	head, depth, changed := false, 0, false
	eachLine(src, func(start, end int, directive bool) {
		line := bytes.TrimSpace(src[start:end])
		switch {
		case depth > 0:
			blank(out[start:end])
			if directive && bytes.HasPrefix(line, []byte("#")) {
				depth += conditionalDepth(line)
			}
		case directive && head && conditionalDepth(line) > 0:
			blank(out[start:end])
			depth, changed = 1, true
		case directive || len(line) == 0 || bytes.HasPrefix(line, []byte("//")):
		case bytes.ContainsAny(line, "{;"):
			head = false
		default:
			head = head || isClassHead(line)
		}
	})
	return changed
}

// conditionalDepth is what a directive line does to the nesting of #if
// blocks: +1 opens one, -1 closes one, 0 otherwise (#else, #define).
func conditionalDepth(line []byte) int {
	d := bytes.TrimSpace(bytes.TrimPrefix(line, []byte("#")))
	switch w := string(d[:wordEnd(d, 0)]); w {
	case "if", "ifdef", "ifndef":
		return 1
	case "endif":
		return -1
	}
	return 0
}

// isClassHead reports a line that starts a class or struct definition
// (after its template header, if any) whose body opens on a later line.
func isClassHead(line []byte) bool {
	if bytes.HasPrefix(line, []byte("template")) {
		if j := bytes.LastIndexByte(line, '>'); j >= 0 {
			line = bytes.TrimSpace(line[j+1:])
		}
	}
	for _, kw := range []string{"class ", "struct "} {
		if bytes.HasPrefix(line, []byte(kw)) {
			return true
		}
	}
	return false
}

// blankMacroWords blanks, in one line, a lone macro word, or the run of
// macro words at its start (after a template header) or after class,
// struct or union, when a declaration follows them; a declaration may be
// a constructor, named like one of ctors.
func blankMacroWords(line []byte, ctors map[string]bool) bool {
	i := skipSpace(line, 0)
	if w := wordEnd(line, i); w > i && isMacroWord(line[i:w], false) && restIsEmpty(line[w:]) {
		blank(line[i:w])
		return true
	}
	changed := false
	if bytes.HasPrefix(line[i:], []byte("template")) {
		if j := bytes.IndexByte(line[i:], '>'); j >= 0 {
			i = skipSpace(line, i+j+1)
		}
	}
	if w := wordEnd(line, i); specifiers[string(line[i:w])] && w < len(line) && line[w] == ' ' {
		i = skipSpace(line, w) // friend FMT_CONSTEXPR text_style operator|(...)
	}
	changed = blankRun(line, i, true, ctors) || changed
	for _, kw := range []string{"class ", "struct ", "union "} {
		if j := bytes.Index(line, []byte(kw)); j >= 0 && (j == 0 || !isIdentByte(line[j-1])) {
			changed = blankRun(line, skipSpace(line, j+len(kw)), false, nil) || changed
		}
	}
	return changed
}

// blankRun blanks the macro words starting at i when an identifier follows;
// with decl, only when a type and a declarator follow (so that a type
// named in capitals, YY_BUFFER_STATE f(), stays), or a constructor: a name
// of ctors and its parameters (FMT_CONSTEXPR node(int x)).
func blankRun(line []byte, i int, decl bool, ctors map[string]bool) bool {
	j := i
	for {
		w := wordEnd(line, j)
		if w == j || !isMacroWord(line[j:w], true) || w >= len(line) || (line[w] != ' ' && line[w] != '\t') {
			break
		}
		j = skipSpace(line, w)
	}
	if j == i || j >= len(line) || !isIdentByte(line[j]) {
		return false
	}
	if decl {
		w := typeNameEnd(line, j)
		k := skipSpace(line, w)
		ctor := k < len(line) && line[k] == '(' && ctors[string(line[j:w])]
		if !ctor && (k == w && (k >= len(line) || line[k] != '*' && line[k] != '&') || k >= len(line) || !(isIdentByte(line[k]) || line[k] == '*' || line[k] == '&' || line[k] == '~')) {
			return false
		}
	}
	blank(line[i:j])
	return true
}

// specifiers may come before the macro words of a declaration.
var specifiers = map[string]bool{"friend": true, "static": true, "inline": true, "explicit": true, "virtual": true, "constexpr": true}

// typeNameEnd returns where the name starting at i ends, through its
// qualifiers and template arguments (detail::color_type, basic_string_view<Char>).
func typeNameEnd(line []byte, i int) int {
	w := wordEnd(line, i)
	for w+2 < len(line) && line[w] == ':' && line[w+1] == ':' && isIdentByte(line[w+2]) {
		w = wordEnd(line, w+2)
	}
	if w < len(line) && line[w] == '<' {
		depth := 0
		for k := w; k < len(line); k++ {
			switch line[k] {
			case '<':
				depth++
			case '>':
				if depth--; depth == 0 {
					return k + 1
				}
			case '(', ';', '{':
				return w
			}
		}
	}
	return w
}

// typeNames returns the names src declares with class or struct (after
// any macro words, class FMT_API file), which its constructors repeat.
func typeNames(src []byte) map[string]bool {
	names := map[string]bool{}
	for _, kw := range []string{"class", "struct"} {
		for from := 0; ; {
			j := bytes.Index(src[from:], []byte(kw))
			if j < 0 {
				break
			}
			j += from
			from = j + len(kw)
			if j > 0 && isIdentByte(src[j-1]) || from >= len(src) || src[from] != ' ' && src[from] != '\t' {
				continue
			}
			k := skipSpace(src, from)
			for {
				w := wordEnd(src, k)
				if w == k || !isMacroWord(src[k:w], true) || w >= len(src) || src[w] != ' ' {
					break
				}
				k = skipSpace(src, w)
			}
			if w := wordEnd(src, k); w > k {
				names[string(src[k:w])] = true
			}
		}
	}
	return names
}

// isMacroWord reports an all-capitals identifier of three or more
// characters; with underscore, one that also has an underscore (FMT_API),
// which tells a macro from a type named in capitals.
func isMacroWord(w []byte, underscore bool) bool {
	if len(w) < 3 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, c := range w {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return !underscore || bytes.IndexByte(w, '_') > 0
}

func restIsEmpty(rest []byte) bool {
	s := strings.TrimSpace(string(rest))
	return s == "" || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/*")
}

func wordEnd(line []byte, i int) int {
	for i < len(line) && isIdentByte(line[i]) {
		i++
	}
	return i
}

func skipSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func blank(b []byte) {
	for i := range b {
		if b[i] != '\n' && b[i] != '\r' {
			b[i] = ' '
		}
	}
}
