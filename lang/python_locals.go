package lang

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
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
)

// pyLocals is the names one scope binds, up to the scope's end byte.
type pyLocals struct {
	end   uint
	names map[string]uint8
}

// isPyVariable reports whether flags describe a plain variable.
func isPyVariable(f uint8) bool { return f&pyVar != 0 && f&pyDef == 0 }

// isPyBuiltinVar reports whether every binding of a variable is a builtin value.
func isPyBuiltinVar(f uint8) bool { return isPyVariable(f) && f&pyNotBuiltin == 0 }

// localFlags returns how the innermost enclosing scope that binds name binds it.
func (e *pyExtractor) localFlags(name string) uint8 {
	for i := len(e.locals) - 1; i >= 0; i-- {
		if f := e.locals[i].names[name]; f != 0 && f&pyOuter == 0 {
			return f
		}
	}
	return 0
}

// enterLocals opens the scope of a function, lambda or comprehension.
func (e *pyExtractor) enterLocals(n *sitter.Node) {
	l := pyLocals{end: n.EndByte(), names: map[string]uint8{}}
	switch e.g.kind(n) {
	case "function_definition", "lambda":
		if ps := n.ChildByFieldId(e.g.fParams); ps != nil {
			e.params(ps, l.names)
		}
		if body := n.ChildByFieldId(e.g.fBody); body != nil && e.g.kind(n) == "function_definition" {
			e.bindings(body, l.names)
		}
	default: // comprehensions bind their for-clause targets
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if c := n.NamedChild(i); e.g.kind(c) == "for_in_clause" {
				e.targets(c.ChildByFieldId(e.g.fLeft), l.names, pyVar|pyNotBuiltin)
			}
		}
	}
	e.locals = append(e.locals, l)
}

// params binds a parameter list: *args is a tuple and **kwargs a dict.
func (e *pyExtractor) params(ps *sitter.Node, names map[string]uint8) {
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		if k := e.g.kind(p); k == "default_parameter" || k == "typed_default_parameter" {
			p = p.ChildByFieldId(e.g.fName)
		} else if k == "typed_parameter" {
			p = p.NamedChild(0)
		}
		if p == nil {
			continue
		}
		switch e.g.kind(p) {
		case "identifier":
			names[Text(p, e.src)] |= pyVar | pyNotBuiltin
		case "list_splat_pattern", "dictionary_splat_pattern":
			if id := p.NamedChild(0); id != nil && e.g.kind(id) == "identifier" {
				names[Text(id, e.src)] |= pyVar
			}
		}
	}
}

// bindings records what a function body binds, without entering nested
// functions, classes, lambdas and comprehensions (their own scopes).
func (e *pyExtractor) bindings(n *sitter.Node, names map[string]uint8) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "function_definition", "class_definition":
			if id := c.ChildByFieldId(e.g.fName); id != nil {
				names[Text(id, e.src)] |= pyDef
			}
			continue
		case "lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
			continue
		case "assignment":
			e.assignTargets(c, names)
		case "augmented_assignment":
			e.targets(c.ChildByFieldId(e.g.fLeft), names, pyVar)
		case "named_expression":
			e.targets(c.ChildByFieldId(e.g.fName), names, pyVar|e.valueFlag(c.ChildByFieldId(e.g.fValue)))
		case "for_statement":
			e.targets(c.ChildByFieldId(e.g.fLeft), names, pyVar|pyNotBuiltin)
		case "as_pattern": // with ... as x, except E as x
			e.targets(c.ChildByFieldId(e.g.fAlias), names, pyVar|pyNotBuiltin)
		case "global_statement", "nonlocal_statement":
			for j := uint(0); j < c.NamedChildCount(); j++ {
				names[Text(c.NamedChild(j), e.src)] |= pyOuter
			}
			continue
		case "import_statement", "import_from_statement":
			e.importNames(c, names)
			continue
		}
		e.bindings(c, names)
	}
}

// assignTargets binds the targets of a (chained) assignment; an annotation
// without a value binds nothing yet but still makes the name local.
func (e *pyExtractor) assignTargets(n *sitter.Node, names map[string]uint8) {
	value := n
	for value != nil && e.g.kind(value) == "assignment" {
		value = value.ChildByFieldId(e.g.fRight)
	}
	flag := pyVar | pyNotBuiltin
	if value != nil {
		flag = pyVar | e.valueFlag(value)
	}
	for cur := n; cur != nil && e.g.kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		e.targets(cur.ChildByFieldId(e.g.fLeft), names, flag)
	}
}

// targets binds the names of an assignment target pattern.
func (e *pyExtractor) targets(t *sitter.Node, names map[string]uint8, flag uint8) {
	if t == nil {
		return
	}
	switch e.g.kind(t) {
	case "identifier":
		names[Text(t, e.src)] |= flag
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "as_pattern_target",
		"list_splat_pattern", "parenthesized_expression", "expression_list":
		// A destructured element's type is unknown.
		for i := uint(0); i < t.NamedChildCount(); i++ {
			e.targets(t.NamedChild(i), names, pyVar|pyNotBuiltin)
		}
	}
}

// importNames binds the names an import inside a function binds.
func (e *pyExtractor) importNames(n *sitter.Node, names map[string]uint8) {
	mod := n.ChildByFieldId(e.g.fModule)
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if mod != nil && c.Id() == mod.Id() {
			continue
		}
		switch e.g.kind(c) {
		case "dotted_name":
			name := pyNoSpace(Text(c, e.src))
			if e.g.kind(n) == "import_statement" {
				name, _, _ = cutDot(name)
			} else {
				name = lastDotted(name)
			}
			names[name] |= pyDef
		case "aliased_import":
			names[Text(c.ChildByFieldId(e.g.fAlias), e.src)] |= pyDef
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

// pyBuiltinCtors are builtins whose call returns an instance of a builtin type.
var pyBuiltinCtors = map[string]bool{
	"dict": true, "list": true, "set": true, "tuple": true, "str": true, "bytes": true, "int": true,
	"float": true, "frozenset": true, "bytearray": true, "sorted": true, "repr": true, "len": true,
}

// valueFlag is 0 when a value is certainly of a builtin type (a literal, a
// comprehension, a builtin constructor, "".join(...)), else pyNotBuiltin.
func (e *pyExtractor) valueFlag(v *sitter.Node) uint8 {
	if e.isBuiltinValue(v) {
		return 0
	}
	return pyNotBuiltin
}

func (e *pyExtractor) isBuiltinValue(v *sitter.Node) bool {
	if v == nil {
		return false
	}
	switch e.g.kind(v) {
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
		case e.g.kind(fn) == "identifier":
			name := Text(fn, e.src)
			return pyBuiltinCtors[name] && e.localFlags(name) == 0
		case e.g.kind(fn) == "attribute":
			// "sep".join(...), "{}".format(...): a method of a literal.
			return e.isLiteral(fn.ChildByFieldId(e.g.fObject))
		}
	}
	return false
}

// isLiteral reports whether a receiver is a literal or display, whose
// methods are the builtin type's.
func (e *pyExtractor) isLiteral(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	switch e.g.kind(n) {
	case "string", "concatenated_string", "integer", "float", "list", "dictionary", "set", "tuple",
		"list_comprehension", "dictionary_comprehension", "set_comprehension":
		return true
	case "parenthesized_expression":
		return n.NamedChildCount() == 1 && e.isLiteral(n.NamedChild(0))
	}
	return false
}
