package lang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/facts"
)

// Type chains for Python (facts.Chain). A chain written into a Symbol.Type
// is read from other files, so a name the file imports is written as
// @module|Name there (pyType); a receiver chain (Ref.Recv) is read in the
// file itself, where the resolver sees its imports, so imported names stay
// as written (pyRecv).
type pyChainMode uint8

const (
	pyRecv pyChainMode = iota
	pyType
)

// pyMaxChain bounds how many local bindings one chain may go through
// (x = y.f(); y = x.g() would otherwise never end).
const pyMaxChain = 12

// pyPlain is a module bound by "import path [as alias]".
type pyPlain struct {
	path  string
	alias bool
}

// pyFromName is a name bound by "from path import name [as local]".
type pyFromName struct{ path, name string }

// pyModNames is what the file's module scope binds, known before the walk:
// a function body may use a class or import written below it.
type pyModNames struct {
	// first maps each name to how its first binding binds it: 'd' a def,
	// class or assignment, 'f' a from-import, 'i' a plain import.
	first map[string]byte
	from  map[string]pyFromName
	// plain maps the name "import a.b [as m]" binds (a, or m) to the
	// import paths bound to it.
	plain map[string][]pyPlain
	// stars are the modules imported with "from m import *".
	stars []string
	// typeVars are TypeVar, ParamSpec and TypeVarTuple names.
	typeVars map[string]bool
	// returns are the return annotations of the module's functions and
	// its classes' methods, by qualified name; anns those of its
	// variables.
	returns, anns map[string]string
}

// scanModule records the module scope's bindings, also under if, try and
// with blocks (TYPE_CHECKING imports, fallbacks).
func (e *pyExtractor) scanModule(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "decorated_definition":
			if d := c.ChildByFieldId(e.g.fDefinition); d != nil {
				e.modBind(d.ChildByFieldId(e.g.fName), 'd')
			}
			e.scanReturns(c, "")
		case "function_definition", "class_definition":
			e.modBind(c.ChildByFieldId(e.g.fName), 'd')
			e.scanReturns(c, "")
		case "expression_statement":
			if a := c.NamedChild(0); a != nil && e.g.kind(a) == "assignment" {
				e.scanAssignment(a)
			}
		case "import_statement":
			e.scanImport(c)
		case "import_from_statement":
			e.scanFrom(c)
		case "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause", "finally_clause",
			"with_statement", "block":
			e.scanModule(c)
		}
	}
}

func (e *pyExtractor) modBind(id *sitter.Node, how byte) {
	if id == nil || e.g.kind(id) != "identifier" {
		return
	}
	if name := Text(id, e.src); e.mod.first[name] == 0 {
		e.mod.first[name] = how
	}
}

func (e *pyExtractor) scanAssignment(a *sitter.Node) {
	for cur := a; cur != nil && e.g.kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		left := cur.ChildByFieldId(e.g.fLeft)
		if left == nil {
			return
		}
		if e.g.kind(left) == "identifier" {
			e.modBind(left, 'd')
			if v := cur.ChildByFieldId(e.g.fRight); v != nil && e.isTypeVarCall(v) {
				e.mod.typeVars[Text(left, e.src)] = true
			}
			if t := cur.ChildByFieldId(e.g.fType); t != nil {
				if name := Text(left, e.src); e.mod.anns[name] == "" {
					e.mod.anns[name] = pyNoSpace(Text(t, e.src))
				}
			}
			continue
		}
		for j := uint(0); j < left.NamedChildCount(); j++ {
			e.modBind(left.NamedChild(j), 'd')
		}
	}
}

func (e *pyExtractor) isTypeVarCall(v *sitter.Node) bool {
	if e.g.kind(v) != "call" {
		return false
	}
	fn := v.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return false
	}
	switch lastDotted(pyNoSpace(Text(fn, e.src))) {
	case "TypeVar", "ParamSpec", "TypeVarTuple":
		return true
	}
	return false
}

func (e *pyExtractor) scanImport(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "dotted_name":
			p := pyNoSpace(Text(c, e.src))
			head, _, _ := cutDot(p)
			e.mod.plain[head] = append(e.mod.plain[head], pyPlain{path: p})
			if e.mod.first[head] == 0 {
				e.mod.first[head] = 'i'
			}
		case "aliased_import":
			p := pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src))
			alias := Text(c.ChildByFieldId(e.g.fAlias), e.src)
			e.mod.plain[alias] = append(e.mod.plain[alias], pyPlain{path: p, alias: true})
			if e.mod.first[alias] == 0 {
				e.mod.first[alias] = 'i'
			}
		}
	}
}

func (e *pyExtractor) scanFrom(n *sitter.Node) {
	mod := n.ChildByFieldId(e.g.fModule)
	if mod == nil {
		return
	}
	path := pyNoSpace(Text(mod, e.src))
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Id() == mod.Id() {
			continue
		}
		name, local := "", ""
		switch e.g.kind(c) {
		case "dotted_name":
			name = pyNoSpace(Text(c, e.src))
			local = name
		case "aliased_import":
			name = pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src))
			local = Text(c.ChildByFieldId(e.g.fAlias), e.src)
		case "wildcard_import":
			e.mod.stars = append(e.mod.stars, path)
		}
		if local == "" || strings.Contains(name, ".") {
			continue
		}
		if _, seen := e.mod.from[local]; !seen {
			e.mod.from[local] = pyFromName{path, name}
		}
		if e.mod.first[local] == 0 {
			e.mod.first[local] = 'f'
		}
	}
}

// moduleName is the chain of a name bound (or not) at module scope.
func (e *pyExtractor) moduleName(name string, mode pyChainMode) string {
	switch e.mod.first[name] {
	case 'd':
		return name
	case 'f':
		if mode == pyRecv {
			return name // the resolver binds the file's imports itself
		}
		f := e.mod.from[name]
		return facts.Imported(f.path, f.name)
	case 'i':
		return facts.Unknown // a module, not a value
	}
	switch {
	case pyBuiltins[name]:
		return facts.NotRepo
	case mode == pyRecv && len(e.mod.stars) > 0:
		return name // the resolver looks into star-imported modules
	case len(e.mod.stars) == 1:
		return facts.Imported(e.mod.stars[0], name)
	}
	return facts.Unknown
}

// dottedChain is the chain of a dotted name used as a value at byte at: a
// local's chain, a module's member, or a module-level name, with the
// remaining parts as steps.
func (e *pyExtractor) dottedChain(dotted string, at uint, mode pyChainMode, depth int) string {
	parts := strings.Split(dotted, ".")
	if e.localFlags(parts[0]) != 0 {
		return pySteps(e.nameChain(parts[0], at, mode, depth), parts[1:])
	}
	return e.moduleDotted(parts, mode)
}

// moduleDotted is the chain of a dotted name whose head the module scope
// binds (or nothing does).
func (e *pyExtractor) moduleDotted(parts []string, mode pyChainMode) string {
	if m, ok := e.fromModule(parts, mode); ok {
		return pySteps(facts.Imported(m, parts[1]), parts[2:])
	}
	if e.mod.first[parts[0]] != 'i' {
		return pySteps(e.moduleName(parts[0], mode), parts[1:])
	}
	// import a.b.c binds a: a.b.c.X is X of the longest imported path;
	// import a.b as m binds m to a.b.
	module, k := "", 0
	for _, b := range e.mod.plain[parts[0]] {
		if b.alias {
			module, k = b.path, 1
			break
		}
		for j := len(parts) - 1; j > k; j-- {
			if strings.Join(parts[:j], ".") == b.path {
				module, k = b.path, j
				break
			}
		}
	}
	if k == 0 {
		module, k = parts[0], 1
	}
	if k >= len(parts) {
		return facts.Unknown // the module itself
	}
	return pySteps(facts.Imported(module, parts[k]), parts[k+1:])
}

// fromModule returns the module path of a from-imported name that names a
// submodule (from . import models; models.User) in a type chain: one
// imported from a package written only in dots, or a lower-case name
// followed by a capitalized one.
func (e *pyExtractor) fromModule(parts []string, mode pyChainMode) (string, bool) {
	if mode != pyType || len(parts) < 2 || e.mod.first[parts[0]] != 'f' {
		return "", false
	}
	f := e.mod.from[parts[0]]
	dots := strings.Trim(f.path, ".") == ""
	lower := f.name[0] >= 'a' && f.name[0] <= 'z' && parts[1][0] >= 'A' && parts[1][0] <= 'Z'
	switch {
	case dots:
		return f.path + f.name, true
	case lower:
		return f.path + "." + f.name, true
	}
	return "", false
}

// pySteps appends member steps to a chain; unknown and outside chains
// stay what they are.
func pySteps(chain string, steps []string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || len(steps) == 0 {
		return chain
	}
	return chain + "." + strings.Join(steps, ".")
}

// nameChain is the chain of a bare name's value at byte at.
func (e *pyExtractor) nameChain(name string, at uint, mode pyChainMode, depth int) string {
	if l, ok := e.localScope(name); ok {
		return e.localChain(l, name, at, mode, depth)
	}
	return e.moduleName(name, mode)
}

// exprChain is the chain of an expression's value, as far as the file tells.
func (e *pyExtractor) exprChain(n *sitter.Node, mode pyChainMode, depth int) string {
	if n == nil || depth > pyMaxChain {
		return facts.Unknown
	}
	switch e.g.kind(n) {
	case "identifier":
		return e.nameChain(Text(n, e.src), n.StartByte(), mode, depth)
	case "attribute":
		if dotted := pyNoSpace(Text(n, e.src)); pyIsDotted(dotted) {
			return e.dottedChain(dotted, n.StartByte(), mode, depth)
		}
		attr := n.ChildByFieldId(e.g.fAttr)
		if attr == nil {
			return facts.Unknown
		}
		return pySteps(e.exprChain(n.ChildByFieldId(e.g.fObject), mode, depth+1), []string{Text(attr, e.src)})
	case "call":
		return e.callChain(n, mode, depth)
	case "parenthesized_expression", "await":
		if n.NamedChildCount() == 1 {
			return e.exprChain(n.NamedChild(0), mode, depth+1)
		}
	case "conditional_expression", "boolean_operator":
		return e.eitherChain(n, mode, depth)
	case "subscript":
		return e.elementChain(n.ChildByFieldId(e.g.fValue), pyItem, mode, depth+1)
	case "string", "concatenated_string", "integer", "float", "true", "false", "none", "list", "dictionary",
		"set", "tuple", "list_comprehension", "dictionary_comprehension", "set_comprehension",
		"generator_expression", "lambda", "comparison_operator", "not_operator":
		return facts.NotRepo
	}
	return facts.Unknown
}

// eitherChain is the chain of a or b, and of a if c else b: the first
// side whose type is known, None aside (either may be the value; an edge
// to one of them is one the program can take).
func (e *pyExtractor) eitherChain(n *sitter.Node, mode pyChainMode, depth int) string {
	var sides []*sitter.Node
	if e.g.kind(n) == "boolean_operator" {
		sides = []*sitter.Node{n.ChildByFieldId(e.g.fLeft), n.ChildByFieldId(e.g.fRight)}
	} else if n.NamedChildCount() == 3 {
		sides = []*sitter.Node{n.NamedChild(0), n.NamedChild(2)}
	}
	out := facts.Unknown
	for _, s := range sides {
		if s == nil || e.g.kind(s) == "none" {
			continue
		}
		switch c := e.exprChain(s, mode, depth+1); {
		case c == facts.NotRepo && out == facts.Unknown:
			out = c
		case c != facts.Unknown && c != facts.NotRepo:
			return c
		}
	}
	return out
}

// pyAnyResult are builtins whose result may be of any type.
var pyAnyResult = map[string]bool{"getattr": true, "next": true, "min": true, "max": true, "type": true,
	"__import__": true, "eval": true, "iter": true, "super": true, "vars": true, "object": true}

// callChain is the chain of a call's result.
func (e *pyExtractor) callChain(n *sitter.Node, mode pyChainMode, depth int) string {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return facts.Unknown
	}
	switch e.g.kind(fn) {
	case "identifier":
		name := Text(fn, e.src)
		flags := e.localFlags(name)
		switch {
		case flags == 0 && name == "super":
			return "super"
		case flags == 0 && name == "cast" && (e.mod.first[name] == 'f' || e.mod.first[name] == 0):
			if args := n.ChildByFieldId(e.g.fArguments); args != nil && args.NamedChildCount() == 2 {
				return e.annotationChain(pyNoSpace(Text(args.NamedChild(0), e.src)), mode, depth+1)
			}
			return facts.Unknown
		case isPyVariable(flags):
			// Calling a class a variable holds (cls: Type[X]) makes an X;
			// another callable's result is unknown.
			if x := e.typeArg(e.localAnnot(name, fn.StartByte(), depth+1)); x != "" {
				return e.annotationChain(x, mode, depth+1)
			}
			return facts.Unknown
		case flags == 0 && e.mod.first[name] == 0 && pyBuiltins[name]:
			if pyAnyResult[name] {
				return facts.Unknown
			}
			return facts.NotRepo
		}
	case "attribute":
		if obj := fn.ChildByFieldId(e.g.fObject); obj != nil && e.isLiteral(obj) {
			return facts.NotRepo
		}
		if dotted := pyNoSpace(Text(fn, e.src)); pyIsDotted(dotted) {
			if name, ok := e.typingName(dotted); ok && name == "cast" {
				if args := n.ChildByFieldId(e.g.fArguments); args != nil && args.NamedChildCount() == 2 {
					return e.annotationChain(pyNoSpace(Text(args.NamedChild(0), e.src)), mode, depth+1)
				}
			}
		}
		if c := e.attributeCall(fn, mode, depth); c != "" {
			return c
		}
	default:
		// registry[key](...): calling a Type[X] element makes an X.
		if x := e.typeArg(e.annotText(fn, depth+1)); x != "" {
			return e.annotationChain(x, mode, depth+1)
		}
		return facts.Unknown
	}
	return pyCalled(e.exprChain(fn, mode, depth+1))
}

// pyCalled is the chain of calling what chain names.
func pyCalled(chain string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || chain == "super" {
		return chain
	}
	return chain + "()"
}

// pyBuiltinTypes are the builtin types an annotation may name.
var pyBuiltinTypes = map[string]bool{"str": true, "int": true, "float": true, "bool": true, "bytes": true,
	"complex": true, "dict": true, "list": true, "set": true, "frozenset": true, "tuple": true, "bytearray": true,
	"memoryview": true, "range": true, "slice": true, "type": true, "None": true}

// pyUnwrap are the typing forms whose first argument is the type of the
// value: Optional[X], ClassVar[X], Type[X] (the class itself).
var pyUnwrap = map[string]bool{"Optional": true, "Annotated": true, "ClassVar": true, "Final": true,
	"Type": true, "type": true, "Required": true, "NotRequired": true, "ReadOnly": true, "InitVar": true}

// pyOutside are typing and collections forms whose values have builtin or
// standard library methods: containers, callables, iterators.
var pyOutside = map[string]bool{"List": true, "Dict": true, "Set": true, "FrozenSet": true, "Tuple": true,
	"Sequence": true, "MutableSequence": true, "Mapping": true, "MutableMapping": true, "Iterable": true,
	"Iterator": true, "Generator": true, "AsyncIterator": true, "AsyncIterable": true, "AsyncGenerator": true,
	"Collection": true, "Container": true, "Callable": true, "Awaitable": true, "Coroutine": true, "Deque": true,
	"DefaultDict": true, "OrderedDict": true, "Counter": true, "ChainMap": true, "KeysView": true,
	"ValuesView": true, "ItemsView": true, "AbstractSet": true, "MutableSet": true, "Pattern": true,
	"Match": true, "IO": true, "TextIO": true, "BinaryIO": true, "Literal": true, "TypeGuard": true,
	"LiteralString": true, "Text": true, "AnyStr": true, "Hashable": true, "Sized": true}

// annotationChain is the chain of the type an annotation (as text, spaces
// removed) declares: Optional[X] and X | None are X, a container is
// outside the repository, Any and unions of several types are unknown.
func (e *pyExtractor) annotationChain(text string, mode pyChainMode, depth int) string {
	if depth > pyMaxChain {
		return facts.Unknown
	}
	text = pyUnquote(text)
	if text == "" {
		return facts.Unknown
	}
	if alts := pySplitTop(text, '|'); len(alts) > 1 {
		return e.unionChain(alts, mode, depth)
	}
	head, args := text, ""
	if i := strings.IndexByte(text, '['); i > 0 && strings.HasSuffix(text, "]") {
		head, args = text[:i], text[i+1:len(text)-1]
	}
	if !pyIsDotted(head) {
		return facts.Unknown
	}
	if last, ok := e.typingName(head); ok {
		switch {
		case last == "Union":
			return e.unionChain(pySplitTop(args, ','), mode, depth)
		case pyUnwrap[last] && args != "":
			return e.annotationChain(pySplitTop(args, ',')[0], mode, depth+1)
		case pyOutside[last]:
			return facts.NotRepo
		case last == "Self":
			return "self"
		case last == "Any" || last == "NoReturn" || last == "Never":
			return facts.Unknown
		}
	}
	switch {
	case head == "object":
		return facts.Unknown
	case pyBuiltinTypes[head] && e.mod.first[head] == 0:
		if pyUnwrap[head] && args != "" {
			return e.annotationChain(pySplitTop(args, ',')[0], mode, depth+1)
		}
		return facts.NotRepo
	case e.mod.typeVars[head]:
		return facts.Unknown
	}
	// Annotations name module-level types, never locals.
	return e.moduleDotted(strings.Split(head, "."), mode)
}

// typingName returns the name typing (or typing_extensions,
// collections.abc) gives a name the file imports from it, or uses
// qualified by it, or uses without binding it.
func (e *pyExtractor) typingName(head string) (string, bool) {
	q, _, dotted := strings.Cut(head, ".")
	last := lastDotted(head)
	if dotted {
		for _, b := range e.mod.plain[q] {
			if pyTypingModule(b.path) {
				return last, true
			}
		}
		return last, pyTypingModule(strings.TrimSuffix(head, "."+last))
	}
	if f, ok := e.mod.from[head]; ok && e.mod.first[head] == 'f' {
		return f.name, pyTypingModule(f.path)
	}
	return head, e.mod.first[head] == 0
}

func pyTypingModule(p string) bool {
	switch p {
	case "typing", "typing_extensions", "collections.abc", "collections", "t", "te", "abc":
		return true
	}
	return false
}

// unionChain is the one repository type of a union: None and builtin
// alternatives aside (a method the repository type defines is its), else
// unknown.
func (e *pyExtractor) unionChain(alts []string, mode pyChainMode, depth int) string {
	out := facts.NotRepo
	for _, a := range alts {
		c := e.annotationChain(a, mode, depth+1)
		switch {
		case c == facts.NotRepo:
		case c == facts.Unknown || out != facts.NotRepo && out != c:
			return facts.Unknown
		default:
			out = c
		}
	}
	return out
}

// pyUnquote strips the quotes of a forward reference ("Foo", 'm.Foo').
func pyUnquote(s string) string {
	for len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// pySplitTop splits s on sep outside brackets and quotes.
func pySplitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// attributeCall is the chain of calling obj.m when the file's annotations
// say more than the chain would: a class attribute declared Type[X] makes
// an X; get, pop and setdefault of an annotated mapping or sequence give
// an element. "" when they say nothing.
func (e *pyExtractor) attributeCall(fn *sitter.Node, mode pyChainMode, depth int) string {
	if x := e.typeArg(e.annotText(fn, depth+1)); x != "" {
		return e.annotationChain(x, mode, depth+1)
	}
	attr := fn.ChildByFieldId(e.g.fAttr)
	if attr == nil {
		return ""
	}
	switch Text(attr, e.src) {
	case "get", "pop", "setdefault":
		if t := e.annotText(fn.ChildByFieldId(e.g.fObject), depth+1); t != "" {
			if elem := e.element(t, pyItem); elem != "" {
				return e.annotationChain(elem, mode, depth+1)
			}
		}
	}
	return ""
}
