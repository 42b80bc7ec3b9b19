package implicit

import (
	"regexp"
	"strings"
	"sync"
)

// Spring routes need more than one line: a method's mapping is joined to
// the mapping of the class it sits in (`@RequestMapping("/owners/{id}")`
// on the class, `@GetMapping("/pets/new")` on the method serve
// /owners/{id}/pets/new), and tests call MockMvc's statically imported
// builders (`get("/owners/new")`), which no line tells apart from any
// other call named get without the file's imports.
var (
	springMapping = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`@(?:[\w.]*\.)?(?:Request|Get|Post|Put|Delete|Patch)Mapping\b`)
	})
	// mockBuilderImport is a static import of MockMvc's request builders
	// (or Spring REST Docs', which take the same arguments): group 1 is
	// the builder imported, or "*".
	mockBuilderImport = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^[ \t]*import[ \t]+static[ \t]+[\w.]*\b(?:MockMvc|RestDocumentation)RequestBuilders\.(\*|\w+)[ \t]*;`)
	})
	// mockBuilderCall is a builder called bare (group 2) or on its class
	// (group 1) with a literal path (group 3); a query string is no part
	// of the route.
	mockBuilderCall = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[^\w.]|\b((?:MockMvc|RestDocumentation)RequestBuilders)\.)(get|post|put|delete|patch)\(\s*"(/[\w/{}:<>.-]{0,120})(?:\?[^"\n]{0,200})?"`)
	})
	// springPath is a joined path the route rules would have read: no
	// wildcards ("/**"), no regular expressions outside a parameter.
	springPath = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^/[\w/{}:<>.-]{0,240}$`)
	})
)

// spring adds the routes of a Java file's Spring request mappings and
// MockMvc requests.
func (f *file) spring() {
	if strings.Contains(f.text, "Mapping") {
		f.springMappings()
	}
	if strings.Contains(f.text, "RequestBuilders") {
		f.mockMvcRequests()
	}
}

// mapping is one request-mapping annotation in code.
type mapping struct {
	at    int      // offset of the '@'
	paths []string // its paths; "" where it names none
	known bool     // every path is a literal
	body  [2]int   // a class's body, '{' to '}'; zero for a method
}

// springMappings adds a route per method mapping: each of its class's
// paths joined with each of its own. A mapping on a class is no route of
// its own: it only prefixes its methods' routes. A mapped class without
// mapped methods (its handlers are inherited from a base controller)
// adds its class paths instead, the only routes it names. A mapping
// whose path is not a literal (a constant) adds nothing, nor do the
// methods of a class whose prefix is not a literal: half a route would
// couple the file to the wrong one.
func (f *file) springMappings() {
	var classes, methods []mapping
	for _, m := range springMapping().FindAllStringIndex(f.text, -1) {
		if _, in := inRegion(f.regions, m[0]); in {
			continue
		}
		mp, ok := f.readMapping(m[0], m[1])
		switch {
		case !ok:
		case mp.body != [2]int{}:
			classes = append(classes, mp)
		default:
			methods = append(methods, mp)
		}
	}
	prefixed := map[int]bool{}
	for _, m := range methods {
		prefix := mapping{paths: []string{""}, known: true}
		if c, ok := enclosing(classes, m.at); ok {
			prefix, prefixed[c.at] = c, true
		}
		f.joinedRoutes(prefix, m)
	}
	for _, c := range classes {
		if !prefixed[c.at] {
			f.joinedRoutes(mapping{paths: []string{""}, known: true}, c)
		}
	}
}

// joinedRoutes adds every path of m under every path of the prefix, at
// m's line.
func (f *file) joinedRoutes(prefix, m mapping) {
	if !prefix.known || !m.known {
		return
	}
	for _, p := range prefix.paths {
		for _, q := range m.paths {
			if r := joinPaths(p, q); springPath().MatchString(routeParam().ReplaceAllString(r, "{}")) {
				f.add(KindRoute, r, m.at)
			}
		}
	}
}

// joinPaths joins a class path and a method path as Spring does: each
// gets a leading '/' if it lacks one, and an empty method path is the
// class path itself.
func joinPaths(class, method string) string {
	class = strings.TrimSuffix(class, "/")
	if class != "" && !strings.HasPrefix(class, "/") {
		class = "/" + class
	}
	if method != "" && !strings.HasPrefix(method, "/") {
		method = "/" + method
	}
	return class + method
}

// enclosing returns the innermost class whose body holds offset off.
func enclosing(classes []mapping, off int) (mapping, bool) {
	var best mapping
	found := false
	for _, c := range classes {
		if c.body[0] < off && off < c.body[1] && (!found || c.body[0] > best.body[0]) {
			best, found = c, true
		}
	}
	return best, found
}

// readMapping reads the annotation spanning [at, end): its paths and,
// when it annotates a class, the class's body. ok is false for an
// annotation it cannot place (on an annotation type, or cut off).
func (f *file) readMapping(at, end int) (mapping, bool) {
	m := mapping{at: at, paths: []string{""}, known: true}
	if i := skipBlank(f.text, end); i < len(f.text) && f.text[i] == '(' {
		args, close, ok := f.annotationArgs(i)
		if !ok {
			return m, false
		}
		m.paths, m.known = mappingPaths(args)
		end = close
	}
	body, class, ok := f.declaration(end)
	if class {
		m.body = body
	}
	return m, ok
}

// annotationArg is one top-level argument of an annotation: its shape
// (its code without blanks or comments, each string literal written as
// one '"') and the values of its literals, in order.
type annotationArg struct {
	shape  string
	values []string
}

// annotationArgs reads the arguments of the annotation whose '(' is at
// open, and returns the offset just past its ')'.
func (f *file) annotationArgs(open int) ([]annotationArg, int, bool) {
	var args []annotationArg
	var cur annotationArg
	var shape strings.Builder
	depth := 0
	for i := open + 1; i < len(f.text); i++ {
		if r, in := inRegion(f.regions, i); in {
			if !r.Comment {
				shape.WriteByte('"')
				cur.values = append(cur.values, f.text[r.In:r.Out])
			}
			i = r.End - 1
			continue
		}
		switch c := f.text[i]; c {
		case ' ', '\t', '\n', '\r':
		case '(', '{', '[':
			depth++
			shape.WriteByte(c)
		case ')', '}', ']':
			if depth == 0 {
				cur.shape = shape.String()
				return append(args, cur), i + 1, c == ')'
			}
			depth--
			shape.WriteByte(c)
		case ',':
			if depth > 0 {
				shape.WriteByte(c)
				continue
			}
			cur.shape = shape.String()
			args, cur = append(args, cur), annotationArg{}
			shape.Reset()
		default:
			shape.WriteByte(c)
		}
	}
	return nil, len(f.text), false
}

// literalShapes are the shapes of a path attribute's value: one literal
// or an array of them (Java's {…}, Kotlin's […]).
var literalShapes = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:"|\{(?:"(?:,")*)?\}|\[(?:"(?:,")*)?\])$`)
})

// mappingPaths returns the paths an annotation's arguments name: the
// unnamed argument, value= or path=, each a literal or an array of them;
// [""] when they name none (`@GetMapping`, `@RequestMapping(method = GET)`).
// known is false when the path is not a literal.
func mappingPaths(args []annotationArg) (paths []string, known bool) {
	for _, a := range args {
		value := a.shape
		if name, v, named := strings.Cut(a.shape, "="); named && isWord(name) {
			if name != "value" && name != "path" {
				continue
			}
			value = v
		} else if a.shape == "" {
			continue // @GetMapping()
		}
		if !literalShapes().MatchString(value) {
			return nil, false
		}
		paths = append(paths, a.values...)
	}
	if len(paths) == 0 {
		return []string{""}, true
	}
	return paths, true
}

// isWord reports whether s is one identifier.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// declarationScan bounds how far past an annotation its declaration is
// looked for; modifiers and other annotations fit well within it.
const declarationScan = 4096

// declaration reads what the annotations ending at from declare: a type
// (class, interface, enum or record: class is true, with the span of its
// body) or a member (class is false). ok is false for an annotation type
// (`@interface`), whose mappings are meta-annotations, or a cut-off file.
func (f *file) declaration(from int) (body [2]int, class, ok bool) {
	limit := min(len(f.text), from+declarationScan)
	for i := from; i < limit; {
		if r, in := inRegion(f.regions, i); in {
			i = r.End
			continue
		}
		c := f.text[i]
		switch {
		case c == '@':
			j := i + 1
			for j < len(f.text) && (isIdent(f.text[j]) || f.text[j] == '.') {
				j++
			}
			if f.text[i+1:j] == "interface" {
				return body, false, false
			}
			if k := skipBlank(f.text, j); k < len(f.text) && f.text[k] == '(' {
				_, j, ok = f.annotationArgs(k)
				if !ok {
					return body, false, false
				}
			}
			i = j
		case isIdent(c):
			j := i
			for j < len(f.text) && isIdent(f.text[j]) {
				j++
			}
			switch f.text[i:j] {
			case "class", "interface", "enum", "record":
				return f.typeBody(j)
			}
			i = j
		case c == '(' || c == '{' || c == ';' || c == '=':
			return body, false, true
		default:
			i++
		}
	}
	return body, false, false
}

// typeBody finds the body of the type declared from offset from on: its
// first '{' in code and the '}' that closes it.
func (f *file) typeBody(from int) (body [2]int, class, ok bool) {
	open := f.codeByte(from, '{')
	if open < 0 {
		return body, false, false
	}
	depth := 0
	for i := open; i < len(f.text); i++ {
		if r, in := inRegion(f.regions, i); in {
			i = r.End - 1
			continue
		}
		switch f.text[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return [2]int{open, i}, true, true
			}
		}
	}
	return body, false, false
}

// codeByte returns the offset of the first c in code from offset from
// on, or -1.
func (f *file) codeByte(from int, c byte) int {
	for i := from; i < len(f.text); i++ {
		if r, in := inRegion(f.regions, i); in {
			i = r.End - 1
			continue
		}
		if f.text[i] == c {
			return i
		}
	}
	return -1
}

// skipBlank returns the offset of the first non-blank byte of s from i on.
func skipBlank(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
		i++
	}
	return i
}

// mockMvcRequests adds the paths MockMvc requests in tests: a builder
// called on its class anywhere, or called bare where the file imports it
// statically (`import static …MockMvcRequestBuilders.get;` or `.*`).
// Only the path literal counts: the arguments that fill its parameters
// (`get("/owners/{id}", 1)`) do not.
func (f *file) mockMvcRequests() {
	imported := map[string]bool{}
	for _, m := range mockBuilderImport().FindAllStringSubmatch(f.text, -1) {
		imported[m[1]] = true
	}
	for _, m := range mockBuilderCall().FindAllStringSubmatchIndex(f.text, -1) {
		verb := f.text[m[4]:m[5]]
		if m[2] < 0 && !imported["*"] && !imported[verb] {
			continue
		}
		if _, in := inRegion(f.regions, m[4]); in {
			continue
		}
		f.add(KindRoute, f.text[m[6]:m[7]], m[6])
	}
}
