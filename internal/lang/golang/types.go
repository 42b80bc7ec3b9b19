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
			chain = facts.Wrapped(chain) // a slice of them
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
		case len(values) == 1 && i == 0 && e.g.Kind(values[0]) == "index_expression":
			chain = e.exprChain(values[0]) // v, ok := m[k]
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

// rangeVars declares the variables of for k, v := range x: v is an
// element of x (facts.Unwrap), k is not known (an index, or a map's key,
// which the chain of x does not tell from its values). A lone variable is
// an index or a key, so it is not known either.
func (e *extractor) rangeVars(n *sitter.Node) {
	left := n.ChildByFieldId(e.g.fLeft)
	if left == nil {
		return
	}
	names := syntax.NamedChildren(left)
	if e.g.Kind(left) != "expression_list" || len(names) != 2 || e.g.Kind(names[1]) != "identifier" {
		e.declareUnknown(left)
		return
	}
	e.declareUnknown(names[0])
	e.declare(syntax.Text(names[1], e.src), facts.Step(e.exprChain(n.ChildByFieldId(e.g.fRight)), facts.Unwrap))
}

// typeChain is the chain of a type expression: a named type (through
// pointers, parentheses and type arguments), NotRepo for a builtin or an
// unnamed type without elements (funcs and structs have no methods that
// the repository defines), and a wrapping chain (facts.Wrapped) for a
// slice, array, map or channel: its own members are outside ones, its
// elements (the values of a map) are of the element type.
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
		case "slice_type", "array_type":
			return facts.Wrapped(e.elementChain(t.ChildByFieldId(e.g.fElement)))
		case "map_type", "channel_type":
			return facts.Wrapped(e.elementChain(t.ChildByFieldId(e.g.fValue)))
		case "function_type", "struct_type":
			return facts.NotRepo
		default:
			return facts.Unknown
		}
	}
	return facts.Unknown
}

// valueChain is the chain a variable or field of type t has as its Type,
// and its Params: for a function type the result's chain and the
// parameters' types (Traits.FuncValueResults), else its type's and "".
func (e *extractor) valueChain(t *sitter.Node) (chain, params string) {
	if t == nil || e.g.Kind(t) != "function_type" {
		return e.typeChain(t), ""
	}
	chain = e.resultChain(t.ChildByFieldId(e.g.fResult))
	if chain == "" {
		chain = facts.NotRepo
	}
	return chain, e.funcParams(t.ChildByFieldId(e.g.fParameters))
}

// funcParams are a function type's parameter types as written, one per
// parameter, in parentheses: "(io.Writer,int)".
func (e *extractor) funcParams(list *sitter.Node) string {
	var types []string
	for _, p := range syntax.NamedChildren(list) {
		t := p.ChildByFieldId(e.g.fType)
		if t == nil {
			continue
		}
		n := 0
		for j := uint(0); j < p.NamedChildCount(); j++ {
			if e.g.Kind(p.NamedChild(j)) == "identifier" {
				n++
			}
		}
		for range max(n, 1) {
			types = append(types, syntax.NoSpace(syntax.Text(t, e.src)))
		}
	}
	return "(" + strings.Join(types, ",") + ")"
}

// elementChain is the chain of a container's element type, unknown for
// an anonymous struct: its fields' types are not in the chain, and
// tt.err.Error() over a table of test cases must stay open to the
// resolver's lookup by name, as it was before elements had types (a
// struct variable's own fields are still read as outside ones).
func (e *extractor) elementChain(t *sitter.Node) string {
	if t != nil && e.g.Kind(t) == "struct_type" {
		return facts.Unknown
	}
	return e.typeChain(t)
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
		switch op := n.Child(0); {
		case op == nil:
		case syntax.Text(op, e.src) == "&":
			return e.exprChain(n.ChildByFieldId(e.g.fOperand))
		case syntax.Text(op, e.src) == "<-":
			return facts.Step(e.exprChain(n.ChildByFieldId(e.g.fOperand)), facts.Unwrap) // a value received
		}
		return facts.Unknown
	case "parenthesized_expression":
		return e.exprChain(n.NamedChild(0))
	case "type_assertion_expression":
		return e.typeChain(n.ChildByFieldId(e.g.fType))
	case "index_expression":
		return facts.Step(e.exprChain(n.ChildByFieldId(e.g.fOperand)), facts.Unwrap)
	case "type_conversion_expression":
		return e.instanceChain(n)
	case "slice_expression":
		return e.exprChain(n.ChildByFieldId(e.g.fOperand))
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
		return facts.Step(e.exprChain(op), syntax.Text(field, e.src))
	case "interpreted_string_literal", "raw_string_literal", "int_literal", "float_literal",
		"rune_literal", "imaginary_literal", "true", "false", "func_literal", "binary_expression":
		return facts.NotRepo
	}
	return facts.Unknown
}

// callee is the function a call names, without its type arguments. With
// one type argument and more than one value (F[T](x, y)) the grammar
// reads an index expression, taken as an instantiation when the index
// reads as a type (isTypeArgument): a slice of functions is indexed by a
// value, mostly a local one (a one-value F[T](x) is a
// type_conversion_expression, see instantiated).
func (e *extractor) callee(n *sitter.Node) *sitter.Node {
	fn := n.ChildByFieldId(e.g.fFunc)
	for fn != nil {
		switch e.g.Kind(fn) {
		case "generic_type":
			fn = fn.ChildByFieldId(e.g.fType)
		case "index_expression":
			if !e.isTypeArgument(fn.ChildByFieldId(e.g.fIndex)) {
				return fn
			}
			fn = fn.ChildByFieldId(e.g.fOperand)
		default:
			return fn
		}
	}
	return nil
}

// isTypeArgument reports an index that reads as a type: a name that is
// no local variable (a type parameter, a builtin or package-level type;
// a package-level variable indexing a slice of functions is the rare
// other case), or an imported package's name (pkg.T), possibly behind a
// pointer.
func (e *extractor) isTypeArgument(n *sitter.Node) bool {
	for n != nil && e.g.Kind(n) == "unary_expression" {
		if op := n.Child(0); op == nil || syntax.Text(op, e.src) != "*" {
			return false
		}
		n = n.ChildByFieldId(e.g.fOperand)
	}
	if n != nil && e.g.Kind(n) == "selector_expression" {
		pkg := n.ChildByFieldId(e.g.fOperand)
		if pkg == nil || e.g.Kind(pkg) != "identifier" {
			return false
		}
		_, isImport := e.importPath(syntax.Text(pkg, e.src))
		return isImport
	}
	if n == nil || e.g.Kind(n) != "identifier" {
		return false
	}
	_, isLocal := e.local(syntax.Text(n, e.src))
	return !isLocal
}

// instantiated is the name of the generic function F[T](x) calls, which
// the grammar cannot tell from a conversion to a generic type (nor from
// calling an element of a slice of functions, fs[i](x)): nil unless n's
// type is a named generic whose type arguments are no local variables.
// A conversion to a generic type is a call of that type, as T(x) is.
func (e *extractor) instantiated(n *sitter.Node) *sitter.Node {
	t := n.ChildByFieldId(e.g.fType)
	if t == nil || e.g.Kind(t) != "generic_type" {
		return nil
	}
	if args := t.ChildByFieldId(e.g.fTypeArgs); args != nil {
		for _, a := range syntax.NamedChildren(args) {
			if id := a.NamedChild(0); a.NamedChildCount() == 1 && id != nil && e.g.Kind(id) == "type_identifier" {
				if _, isLocal := e.local(syntax.Text(id, e.src)); isLocal {
					return nil
				}
			}
		}
	}
	name := t.ChildByFieldId(e.g.fType)
	switch {
	case name == nil:
		return nil
	case e.g.Kind(name) == "type_identifier":
		if _, isLocal := e.local(syntax.Text(name, e.src)); isLocal {
			return nil
		}
		return name
	case e.g.Kind(name) == "qualified_type":
		return name
	}
	return nil
}

// instanceChain is the chain of F[T](x)'s value: F's result, or an
// instance of F when F is a type.
func (e *extractor) instanceChain(n *sitter.Node) string {
	name := e.instantiated(n)
	if name == nil {
		return facts.Unknown
	}
	if c := e.typeChain(name); c != facts.Unknown && c != facts.NotRepo {
		return c + "()"
	}
	return facts.Unknown
}

// callChain is the chain of a call's result.
func (e *extractor) callChain(n *sitter.Node) string {
	fn := e.callee(n)
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
	for _, member := range strings.Split(rest, ".") {
		if member != "" {
			c = facts.Step(c, member)
		}
	}
	return c
}
