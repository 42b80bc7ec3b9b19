package lang

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func pythonSpec() *Spec {
	return &Spec{
		Name: "python", Family: "python", Extensions: []string{".py", ".pyi"}, Interpreters: []string{"python", "python3", "python2"},
		Grammar:          func() *sitter.Language { return sitter.NewLanguage(tspython.Language()) },
		Extract:          pyExtract,
		ModuleKeys:       pyModuleKeys,
		ImportCandidates: pyImportCandidates,
	}
}

// pyGrammar holds the Python grammar's named kind names by id and the field
// ids the extractor uses, computed once so the walk does no string conversion.
type pyGrammar struct {
	kinds                                          []string
	fName, fBody, fSuper, fTypeParams, fLeft       uint16
	fRight, fFunc, fObject, fAttr, fModule, fAlias uint16
	fValue                                         uint16
}

var pyGrammarIDs = sync.OnceValue(func() *pyGrammar {
	l := sitter.NewLanguage(tspython.Language())
	n := l.NodeKindCount()
	g := &pyGrammar{kinds: make([]string, n)}
	for i := uint32(0); i < n; i++ {
		if l.NodeKindIsNamed(uint16(i)) {
			g.kinds[i] = l.NodeKindForId(uint16(i))
		}
	}
	g.fName = l.FieldIdForName("name")
	g.fBody = l.FieldIdForName("body")
	g.fSuper = l.FieldIdForName("superclasses")
	g.fTypeParams = l.FieldIdForName("type_parameters")
	g.fLeft = l.FieldIdForName("left")
	g.fRight = l.FieldIdForName("right")
	g.fFunc = l.FieldIdForName("function")
	g.fObject = l.FieldIdForName("object")
	g.fAttr = l.FieldIdForName("attribute")
	g.fModule = l.FieldIdForName("module_name")
	g.fAlias = l.FieldIdForName("alias")
	g.fValue = l.FieldIdForName("value")
	return g
})

func (g *pyGrammar) kind(n *sitter.Node) string {
	id := int(n.KindId())
	if id >= len(g.kinds) {
		return "ERROR"
	}
	return g.kinds[id]
}

// pyBuiltins are builtin names whose bare calls and annotations are dropped
// unless the file itself defines or imports the name.
var pyBuiltins = map[string]bool{
	"abs": true, "all": true, "any": true, "bool": true, "bytearray": true, "bytes": true,
	"callable": true, "chr": true, "classmethod": true, "complex": true, "dict": true,
	"dir": true, "divmod": true, "enumerate": true, "filter": true, "float": true,
	"format": true, "frozenset": true, "getattr": true, "hasattr": true, "hash": true,
	"hex": true, "id": true, "int": true, "isinstance": true, "issubclass": true,
	"iter": true, "len": true, "list": true, "map": true, "max": true, "min": true,
	"next": true, "object": true, "oct": true, "open": true, "ord": true, "pow": true,
	"print": true, "property": true, "range": true, "repr": true, "reversed": true,
	"round": true, "set": true, "setattr": true, "sorted": true, "staticmethod": true,
	"str": true, "sum": true, "super": true, "tuple": true, "type": true, "vars": true,
	"zip": true, "delattr": true, "globals": true, "locals": true, "input": true,
}

func pyIsComment(kind string) bool { return kind == "comment" }

type pyScope struct {
	end   uint
	qual  string
	class bool
}

type pyExtractor struct {
	g     *pyGrammar
	src   []byte
	f     *facts.File
	stack []pyScope
	// typeEnd is the end byte of the annotation or base-class list being walked.
	typeEnd uint
	// superID is the superclasses list of the class just entered.
	superID uintptr
	// skipID is a node the walk must not report (a callee, a defined name).
	skipID      uintptr
	vars        map[string]bool
	builtinRefs bool
}

func pyExtract(root *sitter.Node, src []byte) *facts.File {
	e := &pyExtractor{g: pyGrammarIDs(), src: src, f: &facts.File{}}
	Walk(root, e.visit)
	if e.builtinRefs {
		e.dropBuiltinRefs()
	}
	return e.f
}

func (e *pyExtractor) from() string {
	if len(e.stack) == 0 {
		return ""
	}
	return e.stack[len(e.stack)-1].qual
}

func (e *pyExtractor) ref(at *sitter.Node, name, qual, kind string) {
	if qual == "" && pyBuiltins[name] {
		e.builtinRefs = true
	}
	e.f.Refs = append(e.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: e.from(), Line: Line(at)})
}

func (e *pyExtractor) visit(n *sitter.Node) bool {
	start := n.StartByte()
	for len(e.stack) > 0 && e.stack[len(e.stack)-1].end <= start {
		e.stack = e.stack[:len(e.stack)-1]
	}
	if n.Id() == e.skipID {
		return false
	}
	inType := start < e.typeEnd
	switch e.g.kind(n) {
	case "comment", "integer", "float", "escape_sequence", "string_content":
		return false
	case "string":
		if inType {
			e.stringAnnotation(n)
			return false
		}
	case "function_definition", "class_definition":
		e.definition(n)
	case "type_alias_statement":
		e.typeAlias(n)
	case "assignment":
		if len(e.stack) == 0 {
			e.assignment(n)
		}
	case "import_statement":
		e.importStatement(n)
		return false
	case "import_from_statement":
		e.importFrom(n)
		return false
	case "future_import_statement":
		return false
	case "call":
		e.call(n)
	case "decorator":
		if d := n.NamedChild(0); d != nil {
			switch e.g.kind(d) {
			case "identifier":
				e.ref(d, Text(d, e.src), "", facts.RefCall)
			case "attribute":
				if name, qual, ok := pyDotted(Text(d, e.src)); ok {
					e.ref(d.ChildByFieldId(e.g.fAttr), name, qual, facts.RefCall)
				}
			}
		}
	case "type":
		if end := n.EndByte(); end > e.typeEnd {
			e.typeEnd = end
		}
	case "argument_list":
		if n.Id() == e.superID {
			if end := n.EndByte(); end > e.typeEnd {
				e.typeEnd = end
			}
		}
	case "keyword_argument":
		if inType {
			if k := n.ChildByFieldId(e.g.fName); k != nil {
				e.skipID = k.Id()
			}
		}
	case "identifier":
		if inType {
			e.ref(n, Text(n, e.src), "", facts.RefReference)
		}
		return false
	case "attribute", "member_type":
		if inType {
			if name, qual, ok := pyDotted(Text(n, e.src)); ok {
				e.ref(n, name, qual, facts.RefReference)
				return false
			}
		}
	}
	return true
}

// definition records a def or class and enters its scope.
func (e *pyExtractor) definition(n *sitter.Node) {
	nameNode := n.ChildByFieldId(e.g.fName)
	if nameNode == nil {
		return
	}
	name := Text(nameNode, e.src)
	parent, inClass := "", false
	if len(e.stack) > 0 {
		top := e.stack[len(e.stack)-1]
		parent, inClass = top.qual, top.class
	}
	qual := name
	if parent != "" {
		qual = parent + "." + name
	}
	isClass := e.g.kind(n) == "class_definition"
	kind := facts.KindFunction
	switch {
	case isClass:
		kind = facts.KindClass
	case inClass:
		kind = facts.KindMethod
	}
	body := n.ChildByFieldId(e.g.fBody)
	sym := facts.Symbol{Name: name, Qualified: qual, Kind: kind, Parent: parent,
		Line: Line(n), EndLine: EndLine(n), Signature: Header(n, body, e.src)}
	if body != nil {
		sym.Doc = e.docstring(body)
	}
	if sym.Doc == "" {
		outer := n
		if p := n.Parent(); p != nil && e.g.kind(p) == "decorated_definition" {
			outer = p
		}
		sym.Doc = PrecedingComments(outer, e.src, pyIsComment)
	}
	if isClass {
		if sup := n.ChildByFieldId(e.g.fSuper); sup != nil {
			e.superID = sup.Id()
			sym.Extends = e.bases(sup)
		}
	}
	if tp := n.ChildByFieldId(e.g.fTypeParams); tp != nil {
		e.skipID = tp.Id()
	}
	e.f.Symbols = append(e.f.Symbols, sym)
	e.stack = append(e.stack, pyScope{end: n.EndByte(), qual: qual, class: isClass})
}

// bases returns the base class names of a superclasses list, generic
// arguments stripped, keyword arguments (metaclass=) skipped.
func (e *pyExtractor) bases(list *sitter.Node) []string {
	var out []string
	for i := uint(0); i < list.NamedChildCount(); i++ {
		c := list.NamedChild(i)
		if e.g.kind(c) == "subscript" {
			c = c.ChildByFieldId(e.g.fValue)
		}
		if c == nil {
			continue
		}
		if k := e.g.kind(c); k == "identifier" || k == "attribute" {
			if s := pyNoSpace(Text(c, e.src)); pyIsDotted(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// docstring returns the cleaned docstring of a def/class body, or "".
func (e *pyExtractor) docstring(body *sitter.Node) string {
	for i := uint(0); i < body.NamedChildCount(); i++ {
		c := body.NamedChild(i)
		switch e.g.kind(c) {
		case "comment":
			continue
		case "expression_statement":
			if c.NamedChildCount() == 1 {
				if s := c.NamedChild(0); e.g.kind(s) == "string" {
					return pyCleandoc(e.stringValue(s))
				}
			}
		}
		return ""
	}
	return ""
}

// stringValue returns the raw text between a string's quotes ("" for
// f-strings).
func (e *pyExtractor) stringValue(s *sitter.Node) string {
	cnt := s.ChildCount()
	if cnt < 2 {
		return ""
	}
	open, closing := s.Child(0), s.Child(cnt-1)
	if strings.ContainsAny(Text(open, e.src), "fF") {
		return ""
	}
	if closing.StartByte() < open.EndByte() {
		return ""
	}
	return string(e.src[open.EndByte():closing.StartByte()])
}

// stringAnnotation reports a forward-reference annotation ("Foo", "m.Foo").
func (e *pyExtractor) stringAnnotation(s *sitter.Node) {
	if name, qual, ok := pyDotted(strings.TrimSpace(e.stringValue(s))); ok {
		e.ref(s, name, qual, facts.RefReference)
	}
}

func (e *pyExtractor) typeAlias(n *sitter.Node) {
	left := n.ChildByFieldId(e.g.fLeft)
	if left == nil {
		return
	}
	name := pyNoSpace(Text(left, e.src))
	if !pyIsIdent(name) {
		return
	}
	e.skipID = left.Id()
	parent := e.from()
	qual := name
	if parent != "" {
		qual = parent + "." + name
	}
	e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: qual, Kind: facts.KindType,
		Parent: parent, Line: Line(n), EndLine: EndLine(n), Signature: OneLine(Text(n, e.src)),
		Doc: PrecedingComments(n, e.src, pyIsComment)})
	e.stack = append(e.stack, pyScope{end: n.EndByte(), qual: qual})
}

// assignment records the simple names a module-level assignment binds.
func (e *pyExtractor) assignment(n *sitter.Node) {
	var doc string
	if p := n.Parent(); p != nil && e.g.kind(p) == "expression_statement" {
		doc = PrecedingComments(p, e.src, pyIsComment)
	}
	sig := Header(n, n.ChildByFieldId(e.g.fRight), e.src)
	first := ""
	add := func(id *sitter.Node) {
		name := Text(id, e.src)
		if first == "" {
			first = name
		}
		if e.vars[name] {
			return
		}
		if e.vars == nil {
			e.vars = map[string]bool{}
		}
		e.vars[name] = true
		kind := facts.KindVar
		if pyAllCaps(name) {
			kind = facts.KindConst
		}
		e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: kind,
			Line: Line(n), EndLine: EndLine(n), Signature: sig, Doc: doc})
	}
	for cur := n; cur != nil && e.g.kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		left := cur.ChildByFieldId(e.g.fLeft)
		if left == nil {
			break
		}
		switch e.g.kind(left) {
		case "identifier":
			add(left)
		case "pattern_list", "tuple_pattern", "list_pattern":
			for i := uint(0); i < left.NamedChildCount(); i++ {
				if c := left.NamedChild(i); e.g.kind(c) == "identifier" {
					add(c)
				}
			}
		}
	}
	if first != "" {
		e.stack = append(e.stack, pyScope{end: n.EndByte(), qual: first})
	}
}

func (e *pyExtractor) importStatement(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "dotted_name":
			e.f.Imports = append(e.f.Imports, facts.Import{Path: pyNoSpace(Text(c, e.src)), Line: Line(n)})
		case "aliased_import":
			imp := facts.Import{Path: pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src)), Line: Line(n)}
			imp.Alias = Text(c.ChildByFieldId(e.g.fAlias), e.src)
			e.f.Imports = append(e.f.Imports, imp)
		}
	}
}

func (e *pyExtractor) importFrom(n *sitter.Node) {
	mod := n.ChildByFieldId(e.g.fModule)
	if mod == nil {
		return
	}
	imp := facts.Import{Path: pyNoSpace(Text(mod, e.src)), Line: Line(n)}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Id() == mod.Id() {
			continue
		}
		switch e.g.kind(c) {
		case "dotted_name":
			imp.Names = append(imp.Names, pyNoSpace(Text(c, e.src)))
		case "aliased_import":
			imp.Names = append(imp.Names, pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src)))
		case "wildcard_import":
			imp.Kind = "wildcard"
		}
	}
	e.f.Imports = append(e.f.Imports, imp)
}

func (e *pyExtractor) call(n *sitter.Node) {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return
	}
	switch e.g.kind(fn) {
	case "identifier":
		e.skipID = fn.Id()
		e.ref(fn, Text(fn, e.src), "", facts.RefCall)
	case "attribute":
		attr := fn.ChildByFieldId(e.g.fAttr)
		obj := fn.ChildByFieldId(e.g.fObject)
		if attr == nil || obj == nil {
			return
		}
		qual := pyNoSpace(Text(obj, e.src))
		switch {
		case pyIsDotted(qual):
			e.skipID = fn.Id()
		case e.g.kind(obj) == "call" && pyIsSuperCall(obj, e):
			qual = "super"
		default:
			qual = "?"
		}
		e.ref(attr, Text(attr, e.src), qual, facts.RefCall)
	}
}

func pyIsSuperCall(call *sitter.Node, e *pyExtractor) bool {
	f := call.ChildByFieldId(e.g.fFunc)
	return f != nil && e.g.kind(f) == "identifier" && Text(f, e.src) == "super"
}

// dropBuiltinRefs removes bare references to builtins the file neither
// defines nor imports.
func (e *pyExtractor) dropBuiltinRefs() {
	local := map[string]bool{}
	for _, s := range e.f.Symbols {
		local[s.Name] = true
	}
	for _, imp := range e.f.Imports {
		for _, n := range imp.Names {
			local[n] = true
		}
		if imp.Alias != "" {
			local[imp.Alias] = true
		}
	}
	out := e.f.Refs[:0]
	for _, r := range e.f.Refs {
		if r.Qualifier == "" && pyBuiltins[r.Name] && !local[r.Name] {
			continue
		}
		out = append(out, r)
	}
	e.f.Refs = out
}

// pyDotted splits an identifier chain "a.b.c" into name "c" and qualifier
// "a.b"; ok is false when s is not a chain.
func pyDotted(s string) (name, qual string, ok bool) {
	s = pyNoSpace(s)
	if !pyIsDotted(s) {
		return "", "", false
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:], s[:i], true
	}
	return s, "", true
}

// pyIsDotted reports whether s is identifiers joined by dots.
func pyIsDotted(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if !pyIsIdent(part) {
			return false
		}
	}
	return true
}

func pyIsIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r > 127:
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// pyAllCaps reports whether a name is a constant by convention: it has a
// letter and no lower-case letter.
func pyAllCaps(s string) bool {
	letter := false
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return false
		}
		if r >= 'A' && r <= 'Z' {
			letter = true
		}
	}
	return letter
}

func pyNoSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n\\") {
		return s
	}
	s = strings.ReplaceAll(s, "\\", "")
	return strings.Join(strings.Fields(s), "")
}

// pyCleandoc dedents a docstring like inspect.cleandoc: the first line is
// trimmed, the common indentation of the others removed, and blank lines
// at either end dropped.
func pyCleandoc(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	lines[0] = strings.TrimSpace(lines[0])
	margin := -1
	for _, l := range lines[1:] {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		if ind := len(l) - len(t); margin < 0 || ind < margin {
			margin = ind
		}
	}
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if margin > 0 && len(l) >= margin {
			l = l[margin:]
		} else if margin > 0 {
			l = strings.TrimLeft(l, " \t")
		}
		lines[i] = strings.TrimRight(l, " \t")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// pyModuleKeys maps pkg/sub/mod.py to "pkg.sub.mod" and pkg/sub/__init__.py
// to "pkg.sub"; under a src/ or lib/ root the key without it is added.
func pyModuleKeys(p string, f *facts.File, pr *Project) []string {
	var stem string
	switch lower := strings.ToLower(p); {
	case strings.HasSuffix(lower, ".py"):
		stem = p[:len(p)-3]
	case strings.HasSuffix(lower, ".pyi"):
		stem = p[:len(p)-4]
	default:
		return nil
	}
	parts := strings.Split(stem, "/")
	if parts[len(parts)-1] == "__init__" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 0 || parts[0] == "" {
		return nil
	}
	keys := []string{strings.Join(parts, ".")}
	if len(parts) > 1 && (parts[0] == "src" || parts[0] == "lib") {
		keys = append(keys, strings.Join(parts[1:], "."))
	}
	return keys
}

// pyImportCandidates returns the module key of an absolute import, or the
// key a relative import names from the importing file's package (and the
// same without a leading src/ or lib/).
func pyImportCandidates(imp facts.Import, from string, pr *Project) []string {
	p := imp.Path
	if p == "" {
		return nil
	}
	if p[0] != '.' {
		return []string{p}
	}
	dots := 0
	for dots < len(p) && p[dots] == '.' {
		dots++
	}
	rest := p[dots:]
	var pkg []string
	if dir := path.Dir(from); dir != "." && dir != "/" && dir != "" {
		pkg = strings.Split(dir, "/")
	}
	var out []string
	if c := pyRelative(pkg, dots, rest); c != "" {
		out = append(out, c)
	}
	if len(pkg) > 0 && (pkg[0] == "src" || pkg[0] == "lib") {
		if c := pyRelative(pkg[1:], dots, rest); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// pyRelative resolves a relative module (dots leading dots, then rest) from
// the package pkg; "" when it climbs above the root.
func pyRelative(pkg []string, dots int, rest string) string {
	up := dots - 1
	if up > len(pkg) {
		return ""
	}
	base := strings.Join(pkg[:len(pkg)-up], ".")
	switch {
	case base == "":
		return rest
	case rest == "":
		return base
	}
	return base + "." + rest
}
