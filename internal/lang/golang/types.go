package golang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Local type inference for Go: the extractor tracks the variables of each
// block with the type chain (facts.Chain) of their declaration or
// initializer, so that x.M() on a local can name x's type for the resolver.

// scope is one block's variables, valid until end.
type scope struct {
	end  uint
	vars map[string]string
}

// scopeKinds open a scope for the variables declared inside them.
var scopeKinds = map[string]bool{
	"block": true, "if_statement": true, "for_statement": true, "expression_switch_statement": true,
	"type_switch_statement": true, "select_statement": true, "func_literal": true,
	"expression_case": true, "type_case": true, "default_case": true, "communication_case": true,
}

// popScopes drops the scopes that end before a node starting at start.
func (e *extractor) popScopes(start uint) {
	for len(e.scopes) > 0 && start >= e.scopes[len(e.scopes)-1].end {
		e.scopes = e.scopes[:len(e.scopes)-1]
	}
}

func (e *extractor) pushScope(end uint) {
	e.scopes = append(e.scopes, scope{end: end, vars: map[string]string{}})
}

func (e *extractor) declare(name, chain string) {
	if name == "_" || name == "" || len(e.scopes) == 0 {
		return
	}
	if chain == "" {
		chain = facts.Unknown
	}
	e.scopes[len(e.scopes)-1].vars[name] = chain
}

// local returns the chain of a local variable, innermost first.
func (e *extractor) local(name string) (string, bool) {
	for i := len(e.scopes) - 1; i >= 0; i-- {
		if c, ok := e.scopes[i].vars[name]; ok {
			return c, true
		}
	}
	return "", false
}

// declareParams declares a parameter list's names with their types.
func (e *extractor) declareParams(list *sitter.Node) {
	if list == nil {
		return
	}
	for i := uint(0); i < list.NamedChildCount(); i++ {
		p := list.NamedChild(i)
		k := e.g.Kind(p)
		if k != "parameter_declaration" && k != "variadic_parameter_declaration" {
			continue
		}
		chain := e.typeChain(p.ChildByFieldId(e.g.fType))
		if k == "variadic_parameter_declaration" {
			chain = facts.NotRepo // a slice
		}
		for j := uint(0); j < p.NamedChildCount(); j++ {
			if c := p.NamedChild(j); e.g.Kind(c) == "identifier" {
				e.declare(syntax.Text(c, e.src), chain)
			}
		}
	}
}

// shortVar declares the names of x, y := a, b (or := f()).
func (e *extractor) shortVar(n *sitter.Node) {
	left, right := n.ChildByFieldId(e.g.fLeft), n.ChildByFieldId(e.g.fRight)
	if left == nil || right == nil {
		return
	}
	names, values := syntax.NamedChildren(left), syntax.NamedChildren(right)
	for i, l := range names {
		chain := facts.Unknown
		switch {
		case len(values) == len(names):
			chain = e.exprChain(values[i])
		case len(values) == 1 && i == 0 && e.g.Kind(values[0]) == "call_expression":
			chain = e.exprChain(values[0]) // v, err := f(): v is f's first result
		case len(values) == 1 && i == 0 && e.g.Kind(values[0]) == "type_assertion_expression":
			chain = e.exprChain(values[0]) // v, ok := x.(T)
		}
		if e.g.Kind(l) == "identifier" {
			e.declare(syntax.Text(l, e.src), chain)
		}
	}
}

// localVarSpec declares var x T / var x = v inside a function.
func (e *extractor) localVarSpec(n *sitter.Node) {
	chain := facts.Unknown
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		chain = e.typeChain(t)
	}
	var values []*sitter.Node
	if v := n.ChildByFieldId(e.g.fValue); v != nil {
		values = syntax.NamedChildren(v)
	}
	var names []*sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); e.g.Kind(c) == "identifier" {
			names = append(names, c)
		}
	}
	for i, c := range names {
		ch := chain
		if ch == facts.Unknown && len(values) == len(names) {
			ch = e.exprChain(values[i])
		}
		e.declare(syntax.Text(c, e.src), ch)
	}
}

// declareUnknown declares every identifier of a range clause's or type
// switch's left side with no known type.
func (e *extractor) declareUnknown(left *sitter.Node) {
	if left == nil {
		return
	}
	if e.g.Kind(left) == "identifier" {
		e.declare(syntax.Text(left, e.src), facts.Unknown)
		return
	}
	for _, c := range syntax.NamedChildren(left) {
		if e.g.Kind(c) == "identifier" {
			e.declare(syntax.Text(c, e.src), facts.Unknown)
		}
	}
}

// typeChain is the chain of a type expression: a named type (through
// pointers, parentheses and type arguments), NotRepo for a builtin or an
// unnamed composite type (slices, maps, funcs have no methods).
func (e *extractor) typeChain(t *sitter.Node) string {
	for t != nil {
		switch e.g.Kind(t) {
		case "pointer_type", "parenthesized_type":
			t = t.NamedChild(0)
		case "generic_type":
			t = t.ChildByFieldId(e.g.fType)
		case "type_identifier":
			name := syntax.Text(t, e.src)
			switch {
			case builtins[name]:
				return facts.NotRepo
			case e.isTypeParam(name):
				return facts.Unknown
			}
			return name
		case "qualified_type":
			pkg, name := t.ChildByFieldId(e.g.fPackage), t.ChildByFieldId(e.g.fName)
			if pkg == nil || name == nil {
				return facts.Unknown
			}
			return e.imported(syntax.Text(pkg, e.src), syntax.Text(name, e.src))
		case "slice_type", "array_type", "map_type", "channel_type", "function_type", "struct_type":
			return facts.NotRepo
		default:
			return facts.Unknown
		}
	}
	return facts.Unknown
}

// imported is the chain root of pkg.Name: the import path the file binds
// to pkg, or pkg.Name as written when pkg is not one of its imports.
func (e *extractor) imported(pkg, name string) string {
	if path, ok := e.imports[pkg]; ok {
		return facts.Imported(path, name)
	}
	return pkg + "." + name
}

// exprChain is the chain of the value of an expression, as far as the
// file tells.
func (e *extractor) exprChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	switch e.g.Kind(n) {
	case "composite_literal":
		return e.typeChain(n.ChildByFieldId(e.g.fType))
	case "unary_expression":
		if op := n.Child(0); op != nil && syntax.Text(op, e.src) == "&" {
			return e.exprChain(n.ChildByFieldId(e.g.fOperand))
		}
		return facts.Unknown
	case "parenthesized_expression":
		return e.exprChain(n.NamedChild(0))
	case "type_assertion_expression":
		return e.typeChain(n.ChildByFieldId(e.g.fType))
	case "call_expression":
		return e.callChain(n)
	case "identifier":
		return e.nameChain(syntax.Text(n, e.src))
	case "selector_expression":
		op, field := n.ChildByFieldId(e.g.fOperand), n.ChildByFieldId(e.g.fField)
		if op == nil || field == nil {
			return facts.Unknown
		}
		if e.g.Kind(op) == "identifier" {
			if path, ok := e.importPath(syntax.Text(op, e.src)); ok {
				return facts.Imported(path, syntax.Text(field, e.src))
			}
		}
		return e.step(e.exprChain(op), syntax.Text(field, e.src))
	case "interpreted_string_literal", "raw_string_literal", "int_literal", "float_literal",
		"rune_literal", "imaginary_literal", "true", "false", "func_literal", "binary_expression":
		return facts.NotRepo
	}
	return facts.Unknown
}

// callChain is the chain of a call's result.
func (e *extractor) callChain(n *sitter.Node) string {
	fn := n.ChildByFieldId(e.g.fFunc)
	for fn != nil && e.g.Kind(fn) == "generic_type" {
		fn = fn.ChildByFieldId(e.g.fType)
	}
	if fn == nil {
		return facts.Unknown
	}
	switch e.g.Kind(fn) {
	case "identifier":
		name := syntax.Text(fn, e.src)
		if name == "new" {
			if args := n.ChildByFieldId(e.g.fArguments); args != nil && args.NamedChildCount() > 0 {
				return e.typeChain(args.NamedChild(0))
			}
		}
		if builtins[name] {
			return facts.NotRepo
		}
		if _, isLocal := e.local(name); isLocal {
			return facts.Unknown // a func value
		}
		return name + "()"
	case "selector_expression":
		c := e.exprChain(fn)
		if c == facts.Unknown || c == facts.NotRepo {
			return c
		}
		return c + "()"
	case "parenthesized_expression", "type_identifier", "qualified_type":
		return e.typeChain(fn) // a conversion T(x)
	}
	return facts.Unknown
}

// nameChain is the chain of an identifier's value: a local's type, the
// receiver, or a package-level name.
func (e *extractor) nameChain(name string) string {
	if c, ok := e.local(name); ok {
		return c
	}
	if name == e.recv && name != "" {
		return "self"
	}
	switch name {
	case "nil", "true", "false", "iota":
		return facts.NotRepo
	}
	return name
}

// step appends a member step to a chain.
func (e *extractor) step(chain, member string) string {
	if chain == facts.Unknown || chain == facts.NotRepo {
		return chain
	}
	return chain + "." + member
}

// importPath returns the import path the file binds to a package name,
// unless a local variable shadows it.
func (e *extractor) importPath(name string) (string, bool) {
	if _, isLocal := e.local(name); isLocal {
		return "", false
	}
	p, ok := e.imports[name]
	return p, ok
}

// recvChain is the receiver chain of a qualified reference: the local's
// type with the qualifier's remaining steps; "" when the qualifier's head is
// an import, the method receiver or unknown (the resolver reads it as written).
func (e *extractor) recvChain(qual string) string {
	if qual == "" || qual == facts.Unknown {
		return ""
	}
	head, rest, _ := strings.Cut(qual, ".")
	c, ok := e.local(head)
	if !ok {
		if _, isImport := e.imports[head]; isImport || head == e.recv {
			return ""
		}
		return qual // a package-level name: not a local, the resolver may look it up
	}
	if rest == "" || c == facts.Unknown || c == facts.NotRepo {
		return c
	}
	return c + "." + rest
}
