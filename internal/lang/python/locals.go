package python

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Flags of a name in a function, lambda or comprehension scope. Python
// makes a name local to a function when the function binds it anywhere,
// so a call of a local variable never reaches a module-level definition of
// that name, and a local holding a literal has a builtin type.
const (
	pyVar        uint8 = 1 << iota // bound as a variable: parameter, assignment, loop, with, except, :=
	pyNotBuiltin                   // some variable binding is not a builtin value
	pyDef                          // bound by a def, class or import: resolution goes on
	pyOuter                        // declared global or nonlocal: look further out
	pyDefStmt                      // bound by a def or class statement of the body
)

// locals is the names one scope binds, up to the scope's end byte, and
// how each variable is bound.
type locals struct {
	end   uint
	names map[string]uint8
	// qual is the qualified name of the function whose scope this is
	// ("" for a lambda or comprehension): its defs are qual.name.
	qual  string
	binds map[string][]bind
	// narrow holds the blocks where isinstance() says a name's class.
	narrow map[string][]narrow
}

// bind is one binding of a local: from byte at on, the name holds value
// (or chain, when the binding says it directly), declared as ann if set.
type bind struct {
	at    uint
	value *sitter.Node
	chain string
	ann   string
	// kind is 'w' for with-as (what the value's __enter__ returns), 'a'
	// for async-with-as (what its __aenter__ returns), 'x'
	// for except-as (value names the exception class), 'c' for a
	// callback's parameter (site and index), pyTuple for part
	// index of a tuple, and an element kind (pyIter...) for what the
	// container value gives.
	kind  byte
	index int
	// site is where the function whose parameter this is was passed
	// (kind 'c': the index-th parameter of a callback).
	site passedAt
}

func (l *locals) bind(name string, b bind) {
	if l.binds == nil {
		l.binds = map[string][]bind{}
	}
	l.binds[name] = append(l.binds[name], b)
}

// isPyVariable reports whether flags describe a plain variable.
func isPyVariable(f uint8) bool { return f&pyVar != 0 && f&pyDef == 0 }

// isPyBuiltinVar reports whether every binding of a variable is a builtin value.
func isPyBuiltinVar(f uint8) bool { return isPyVariable(f) && f&pyNotBuiltin == 0 }

// localFlags returns how the innermost enclosing scope that binds name binds it.
func (e *extractor) localFlags(name string) uint8 {
	if i, ok := e.localScope(name); ok {
		return e.locals[i].names[name]
	}
	return 0
}

// isClsParam reports whether name is a method's first parameter named
// other than self and never rebound: a classmethod's cls.
func (e *extractor) isClsParam(name string) bool {
	i, ok := e.localScope(name)
	if !ok || name == "self" {
		return false
	}
	b := e.locals[i].binds[name]
	return len(b) == 1 && b[0].chain == "self"
}

// localScope returns the index of the innermost enclosing scope that binds name.
func (e *extractor) localScope(name string) (int, bool) {
	for i := len(e.locals) - 1; i >= 0; i-- {
		if f := e.locals[i].names[name]; f != 0 && f&pyOuter == 0 {
			return i, true
		}
	}
	return 0, false
}

// enterLocals opens the scope of a function, lambda or comprehension; self
// is set for a method whose first parameter is its instance or class.
func (e *extractor) enterLocals(n *sitter.Node, self bool) {
	l := &locals{end: n.EndByte(), names: map[string]uint8{}}
	if e.g.Kind(n) == "function_definition" {
		l.qual = e.from() // definition has entered it
	}
	switch e.g.Kind(n) {
	case "function_definition", "lambda":
		if ps := n.ChildByFieldId(e.g.fParams); ps != nil {
			var site passedAt
			looked, passed := false, false
			fixtures := e.takesFixtures(n)
			e.params(ps, l, self, func(i int, name string, plain bool) (bind, bool) {
				if fixtures {
					// pytest passes the fixture of the name; a parameter
					// with a default takes none.
					return bind{chain: facts.Injected + name}, plain
				}
				if !looked {
					site, passed = e.callbackSite(n)
					looked = true
				}
				if !passed && plain {
					if c := e.constructedWith(n, i-1, name); c != facts.Unknown {
						return bind{chain: c}, true
					}
				}
				return bind{kind: 'c', index: i, site: site}, passed
			})
		}
		if body := n.ChildByFieldId(e.g.fBody); body != nil && e.g.Kind(n) == "function_definition" {
			e.bindings(body, l)
		}
	default: // comprehensions bind their for-clause targets
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if c := n.NamedChild(i); e.g.Kind(c) == "for_in_clause" {
				e.loopTargets(c.ChildByFieldId(e.g.fLeft), c.ChildByFieldId(e.g.fRight), l, c.StartByte())
			}
		}
	}
	e.locals = append(e.locals, *l)
}

// params binds a parameter list: *args is a tuple and **kwargs a dict; an
// annotated parameter has its declared type, the first parameter of a
// method is self, an unannotated one of a function passed as an argument
// has the type the callee declares there (callbackSite), the others are
// unknown.
func (e *extractor) params(ps *sitter.Node, l *locals, self bool, callback func(i int, name string, plain bool) (bind, bool)) {
	at := ps.StartByte()
	pos := 0
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		switch e.g.Kind(p) {
		case "comment":
			continue // def f(  # type: ignore\n self): self is still the first
		case "positional_separator":
			continue
		case "keyword_separator", "list_splat_pattern", "dictionary_splat_pattern":
			pos = -1 // no later parameter takes a position
		}
		b := bind{at: at, chain: facts.Unknown}
		if self {
			pos++
		} else if pos >= 0 && p.ChildByFieldId(e.g.fType) == nil {
			if cb, ok := callback(pos, e.paramName(p), e.g.Kind(p) == "identifier"); ok {
				cb.at = at
				b = cb
			}
			pos++
		}
		if t := p.ChildByFieldId(e.g.fType); t != nil {
			b.ann = noSpace(syntax.Text(t, e.src))
		}
		if k := e.g.Kind(p); k == "default_parameter" || k == "typed_default_parameter" {
			p = p.ChildByFieldId(e.g.fName)
		} else if k == "typed_parameter" {
			p = p.NamedChild(0)
		}
		if p == nil {
			continue
		}
		switch e.g.Kind(p) {
		case "identifier":
			name := syntax.Text(p, e.src)
			l.names[name] |= pyVar | pyNotBuiltin
			if self {
				b.chain, b.ann, self = "self", "", false
			}
			l.bind(name, b)
		case "list_splat_pattern", "dictionary_splat_pattern":
			if id := p.NamedChild(0); id != nil && e.g.Kind(id) == "identifier" {
				l.names[syntax.Text(id, e.src)] |= pyVar
				l.bind(syntax.Text(id, e.src), bind{at: at, chain: facts.NotRepo})
			}
		}
		self = false
	}
}

// bindings records what a function body binds, without entering nested
// functions, classes, lambdas and comprehensions (their own scopes).
func (e *extractor) bindings(n *sitter.Node, l *locals) {
	names := l.names
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.Kind(c) {
		case "function_definition", "class_definition":
			if id := c.ChildByFieldId(e.g.fName); id != nil {
				names[syntax.Text(id, e.src)] |= pyDef | pyDefStmt
			}
			continue
		case "lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
			continue
		case "assignment":
			e.assignTargets(c, l)
		case "augmented_assignment":
			e.targets(c.ChildByFieldId(e.g.fLeft), l, pyVar, bind{})
		case "named_expression":
			v := c.ChildByFieldId(e.g.fValue)
			e.targets(c.ChildByFieldId(e.g.fName), l, pyVar|e.valueFlag(v), bind{at: c.EndByte(), value: v})
		case "for_statement":
			at := c.StartByte()
			r := c.ChildByFieldId(e.g.fRight)
			if r != nil {
				at = r.EndByte()
			}
			e.loopTargets(c.ChildByFieldId(e.g.fLeft), r, l, at)
		case "as_pattern": // with ... as x, except E as x
			e.asTargets(n, c, l)
		case "if_statement", "elif_clause":
			e.narrowBlock(c, l)
		case "assert_statement":
			// assert isinstance(x, C): from here on x is a C.
			e.isinstanceTests(c.NamedChild(0), func(name string, class *sitter.Node) {
				l.bind(name, bind{at: c.EndByte(), value: class, kind: 'x'})
			})
		case "global_statement", "nonlocal_statement":
			for j := uint(0); j < c.NamedChildCount(); j++ {
				names[syntax.Text(c.NamedChild(j), e.src)] |= pyOuter
			}
			continue
		case "import_statement", "import_from_statement":
			e.importNames(c, l)
			continue
		}
		e.bindings(c, l)
	}
}

// asTargets binds the target of "with v as x" (what v's __enter__
// returns, or its __aenter__ in an async with) or "except E as x" (an E).
func (e *extractor) asTargets(parent, as *sitter.Node, l *locals) {
	b := bind{at: as.EndByte(), chain: facts.Unknown}
	if v := as.NamedChild(0); v != nil && e.g.Kind(parent) == "with_item" {
		b = bind{at: as.EndByte(), value: v, kind: 'w'}
		if e.asyncWith(parent) {
			b.kind = 'a'
		}
	} else if v != nil && e.g.Kind(parent) == "except_clause" {
		b = bind{at: as.EndByte(), value: v, kind: 'x'}
	}
	alias := as.ChildByFieldId(e.g.fAlias)
	if alias != nil && e.g.Kind(alias) == "as_pattern_target" && alias.NamedChildCount() == 1 {
		alias = alias.NamedChild(0)
	}
	e.targets(alias, l, pyVar|pyNotBuiltin, b)
}

// asyncWith reports whether a with_item belongs to an "async with", whose
// target is what the value's __aenter__ returns, not its __enter__.
func (e *extractor) asyncWith(item *sitter.Node) bool {
	stmt := item.Parent()
	if stmt != nil && e.g.Kind(stmt) == "with_clause" {
		stmt = stmt.Parent()
	}
	if stmt == nil || e.g.Kind(stmt) != "with_statement" || stmt.ChildCount() == 0 {
		return false
	}
	return stmt.Child(0).Kind() == "async" // an anonymous token: no kind in the table
}

// assignTargets binds the targets of a (chained) assignment; an annotation
// without a value binds nothing yet but still makes the name local.
func (e *extractor) assignTargets(n *sitter.Node, l *locals) {
	value := e.rightmostValue(n)
	flag := pyVar | pyNotBuiltin
	if value != nil {
		flag = pyVar | e.valueFlag(value)
	}
	b := bind{at: n.EndByte(), value: value}
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		b.ann = noSpace(syntax.Text(t, e.src))
	}
	if value == nil && b.ann == "" {
		b.chain = facts.Unknown
	}
	for cur := n; cur != nil && e.g.Kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		left := cur.ChildByFieldId(e.g.fLeft)
		if k := e.g.Kind(left); value != nil && (k == "pattern_list" || k == "tuple_pattern") {
			// a, b = f(): the parts of the tuple f's annotation declares.
			for i, part := range syntax.NamedChildren(left) {
				e.targets(part, l, pyVar|pyNotBuiltin, bind{at: b.at, value: value, kind: pyTuple, index: i})
			}
			continue
		}
		e.targets(left, l, flag, b)
	}
}

// targets binds the names of an assignment target pattern; a destructured
// element's type is unknown.
func (e *extractor) targets(t *sitter.Node, l *locals, flag uint8, b bind) {
	if t == nil {
		return
	}
	switch e.g.Kind(t) {
	case "identifier":
		name := syntax.Text(t, e.src)
		l.names[name] |= flag
		if b.value != nil || b.chain != "" || b.ann != "" {
			l.bind(name, b)
		}
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "as_pattern_target",
		"list_splat_pattern", "parenthesized_expression", "expression_list":
		for i := uint(0); i < t.NamedChildCount(); i++ {
			e.targets(t.NamedChild(i), l, pyVar|pyNotBuiltin, bind{at: b.at, chain: facts.Unknown})
		}
	}
}

// importNames binds the names an import inside a function binds; a name
// imported from a module has the chain of that import.
func (e *extractor) importNames(n *sitter.Node, l *locals) {
	mod := n.ChildByFieldId(e.g.fModule)
	from := ""
	if mod != nil && e.g.Kind(n) == "import_from_statement" {
		from = noSpace(syntax.Text(mod, e.src))
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if mod != nil && c.Id() == mod.Id() {
			continue
		}
		name, local := "", ""
		switch e.g.Kind(c) {
		case "dotted_name":
			name = noSpace(syntax.Text(c, e.src))
			if from == "" {
				local, _, _ = cutDot(name)
			} else {
				local = lastDotted(name)
			}
		case "aliased_import":
			name = noSpace(syntax.Text(c.ChildByFieldId(e.g.fName), e.src))
			local = syntax.Text(c.ChildByFieldId(e.g.fAlias), e.src)
		default:
			continue
		}
		l.names[local] |= pyDef
		if from != "" && !strings.Contains(name, ".") {
			l.bind(local, bind{at: n.EndByte(), chain: facts.Imported(from, name)})
		}
	}
}

func cutDot(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func lastDotted(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return s[i+1:]
		}
	}
	return s
}

// builtinCtors are builtins whose call returns an instance of a builtin type.
var builtinCtors = map[string]bool{
	"dict": true, "list": true, "set": true, "tuple": true, "str": true, "bytes": true, "int": true,
	"float": true, "frozenset": true, "bytearray": true, "sorted": true, "repr": true, "len": true,
}

// valueFlag is 0 when a value is certainly of a builtin type (a literal, a
// comprehension, a builtin constructor, "".join(...)), else pyNotBuiltin.
func (e *extractor) valueFlag(v *sitter.Node) uint8 {
	if e.isBuiltinValue(v) {
		return 0
	}
	return pyNotBuiltin
}

func (e *extractor) isBuiltinValue(v *sitter.Node) bool {
	if v == nil {
		return false
	}
	switch e.g.Kind(v) {
	case "string", "concatenated_string", "integer", "float", "true", "false", "none", "list", "dictionary",
		"set", "tuple", "list_comprehension", "dictionary_comprehension", "set_comprehension":
		return true
	case "parenthesized_expression":
		return v.NamedChildCount() == 1 && e.isBuiltinValue(v.NamedChild(0))
	case "call":
		fn := v.ChildByFieldId(e.g.fFunc)
		switch {
		case fn == nil:
			return false
		case e.g.Kind(fn) == "identifier":
			name := syntax.Text(fn, e.src)
			return builtinCtors[name] && e.localFlags(name) == 0
		case e.g.Kind(fn) == "attribute":
			// "sep".join(...), "{}".format(...): a method of a literal.
			return e.isLiteral(fn.ChildByFieldId(e.g.fObject))
		}
	}
	return false
}

// isLiteral reports whether a receiver is a literal or display, whose
// methods are the builtin type's.
func (e *extractor) isLiteral(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	switch e.g.Kind(n) {
	case "string", "concatenated_string", "integer", "float", "list", "dictionary", "set", "tuple",
		"list_comprehension", "dictionary_comprehension", "set_comprehension":
		return true
	case "parenthesized_expression":
		return n.NamedChildCount() == 1 && e.isLiteral(n.NamedChild(0))
	}
	return false
}

// paramName is the name a parameter binds, "" for *args and **kwargs.
func (e *extractor) paramName(p *sitter.Node) string {
	switch e.g.Kind(p) {
	case "identifier":
		return syntax.Text(p, e.src)
	case "default_parameter", "typed_default_parameter":
		if n := p.ChildByFieldId(e.g.fName); n != nil && e.g.Kind(n) == "identifier" {
			return syntax.Text(n, e.src)
		}
	case "typed_parameter":
		if n := p.NamedChild(0); n != nil && e.g.Kind(n) == "identifier" {
			return syntax.Text(n, e.src)
		}
	}
	return ""
}
