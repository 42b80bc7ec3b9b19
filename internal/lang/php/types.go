package php

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains for PHP (facts.Chain): declared types of properties,
// parameters and results, and the types of locals assigned from new Foo()
// or calls, so that $x->m() and $this->prop->m() can name the receiver's
// class. A class is written as its fully qualified name imported from
// itself ("@App\Models\User|User"), which the resolver finds by the module
// key every class declares, from any file.

type typeKinds struct {
	assignment, anonFunc, arrowFunc, useClause, formalParams, simpleParam, variadicParam       uint16
	promotionParam, optionalType, primitiveType, unionType, cloneExpr, integer, float, boolean uint16
	null, arrayCreation, relativeScope, anonClass                                              uint16

	fType, fReturnType, fParameters, fName, fObject, fScope, fLeft, fRight, fVisibility uint16
}

var tK = sync.OnceValue(func() *typeKinds {
	l := syntax.NewTable(phpGrammar())
	id, fid := l.ID, l.Field
	return &typeKinds{
		assignment: id("assignment_expression"), anonFunc: id("anonymous_function"), arrowFunc: id("arrow_function"),
		useClause: id("anonymous_function_use_clause"), formalParams: id("formal_parameters"),
		simpleParam: id("simple_parameter"), variadicParam: id("variadic_parameter"),
		promotionParam: id("property_promotion_parameter"), optionalType: id("optional_type"),
		primitiveType: id("primitive_type"), unionType: id("union_type"), cloneExpr: id("clone_expression"),
		integer: id("integer"), float: id("float"), boolean: id("boolean"), null: id("null"),
		arrayCreation: id("array_creation_expression"), relativeScope: id("relative_scope"),
		anonClass: id("anonymous_class"),
		fType:     fid("type"), fReturnType: fid("return_type"), fParameters: fid("parameters"), fName: fid("name"),
		fObject: fid("object"), fScope: fid("scope"), fLeft: fid("left"), fRight: fid("right"),
		fVisibility: fid("visibility"),
	}
})

// builtinTypes are type names that are no class of the repository.
var builtinTypes = syntax.WordSet(`array callable iterable mixed object void null never bool int float string false true resource`)

// varName is the name of a variable_name node without its $.
func (x *extractor) varName(n *sitter.Node) string {
	if n == nil || n.KindId() != x.k.variableName {
		return ""
	}
	return strings.TrimPrefix(syntax.Text(n, x.src), "$")
}

// enterFunction opens the locals of a function, method or closure and
// declares its parameters (a closure's use list keeps the outer types).
func (x *extractor) enterFunction(n *sitter.Node) {
	tk := tK()
	var captured map[string]string
	if n.KindId() == tk.anonFunc {
		captured = map[string]string{}
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if u := n.NamedChild(i); u.KindId() == tk.useClause {
				for j := uint(0); j < u.NamedChildCount(); j++ {
					name := x.varName(u.NamedChild(j))
					c, _ := x.locals.Lookup(name)
					captured[name] = c
				}
			}
		}
	}
	x.locals.Push()
	for name, c := range captured {
		x.locals.Declare(name, c)
	}
	ps := n.ChildByFieldId(tk.fParameters)
	if ps == nil {
		return
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		name := x.varName(p.ChildByFieldId(tk.fName))
		chain := x.typeChain(p.ChildByFieldId(tk.fType))
		if p.KindId() == tk.variadicParam {
			chain = facts.NotRepo // an array
		}
		x.locals.Declare(name, chain)
	}
}

// promoted records constructor parameters with a visibility as the
// properties they declare.
func (x *extractor) promoted(n *sitter.Node) {
	tk := tK()
	ps := n.ChildByFieldId(tk.fParameters)
	if ps == nil || len(x.scopes) < 2 {
		return
	}
	class := x.scopes[len(x.scopes)-2]
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		name := x.varName(p.ChildByFieldId(tk.fName))
		if p.KindId() != tk.promotionParam || name == "" {
			continue
		}
		x.f.Symbols = append(x.f.Symbols, facts.Symbol{
			Name: name, Qualified: class.Qual + "." + name, Kind: facts.KindField, Parent: class.Qual,
			Line: syntax.Line(p), EndLine: syntax.EndLine(p), Signature: syntax.OneLine(syntax.Text(p, x.src)), Type: x.typeChain(p.ChildByFieldId(tk.fType)),
		})
	}
}

// assign declares $x = v, and gives an untyped property assigned in the
// class ($this->p = v) the type of v.
func (x *extractor) assign(n *sitter.Node) {
	tk := tK()
	left, right := n.ChildByFieldId(tk.fLeft), n.ChildByFieldId(tk.fRight)
	if left == nil || right == nil {
		return
	}
	if name := x.varName(left); name != "" {
		x.locals.Declare(name, x.exprChain(right))
		return
	}
	if left.KindId() != x.k.memberAccess || x.varName(left.ChildByFieldId(tk.fObject)) != "this" {
		return
	}
	prop := left.ChildByFieldId(tk.fName)
	if prop == nil || prop.KindId() != x.k.name {
		return
	}
	if i, ok := x.props[x.classQual()+"."+syntax.Text(prop, x.src)]; ok && x.f.Symbols[i].Type == "" {
		if c := x.exprChain(right); c != facts.Unknown {
			x.f.Symbols[i].Type = c
		}
	}
}

// classQual is the Qualified name of the innermost class-like scope.
func (x *extractor) classQual() string {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if x.scopes[i].IsType {
			return x.scopes[i].Qual
		}
	}
	return ""
}

// typeChain is the chain of a type: a class by its fully qualified name,
// self for self and static, NotRepo for builtin types; the one class of a
// nullable or union type.
func (x *extractor) typeChain(t *sitter.Node) string {
	tk := tK()
	if t == nil {
		return facts.Unknown
	}
	switch t.KindId() {
	case tk.primitiveType:
		return facts.NotRepo
	case tk.optionalType:
		return x.typeChain(t.NamedChild(0))
	case tk.unionType:
		chain := facts.NotRepo
		for i := uint(0); i < t.NamedChildCount(); i++ {
			c := x.typeChain(t.NamedChild(i))
			switch {
			case c == facts.NotRepo:
			case chain != facts.NotRepo:
				return facts.Unknown // two classes
			default:
				chain = c
			}
		}
		return chain
	case x.k.namedType:
		if t.NamedChildCount() > 0 {
			return x.className(t.NamedChild(0))
		}
	case x.k.name, x.k.qualifiedName:
		return x.className(t)
	}
	return facts.Unknown
}

// className is the chain of a class named by a name or qualified_name node.
func (x *extractor) className(n *sitter.Node) string {
	written := syntax.NoSpace(syntax.Text(n, x.src))
	switch strings.ToLower(written) {
	case "self", "static", "$this":
		return "self"
	case "parent":
		return "super"
	}
	if !strings.Contains(written, `\`) && builtinTypes[strings.ToLower(written)] {
		return facts.NotRepo
	}
	fqn := x.fqn(written)
	return facts.Imported(fqn, fqn[strings.LastIndexByte(fqn, '\\')+1:])
}

// fqn resolves a class name as PHP does: \A\B is absolute, a first segment
// a use statement binds is replaced by what it imports, anything else is
// in the current namespace.
func (x *extractor) fqn(written string) string {
	if strings.HasPrefix(written, `\`) {
		return strings.TrimPrefix(written, `\`)
	}
	first, rest, qualified := strings.Cut(written, `\`)
	if strings.EqualFold(first, "namespace") && qualified {
		return join(x.ns, rest)
	}
	if full, ok := x.uses[first]; ok {
		if qualified {
			return full + `\` + rest
		}
		return full
	}
	return join(x.ns, written)
}

func join(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + `\` + name
}

// exprChain is the chain of the value of an expression, as far as the
// file tells.
func (x *extractor) exprChain(n *sitter.Node) string {
	tk := tK()
	if n == nil {
		return facts.Unknown
	}
	switch n.KindId() {
	case x.k.variableName:
		name := x.varName(n)
		if name == "this" {
			return "this"
		}
		if c, ok := x.locals.Lookup(name); ok {
			return c
		}
	case x.k.objectCreation:
		if c := n.NamedChild(0); c != nil && (c.KindId() == x.k.name || c.KindId() == x.k.qualifiedName) {
			return call(x.className(c))
		}
	case x.k.memberAccess, x.k.nullsafeMemberAccess:
		if nm := n.ChildByFieldId(tk.fName); nm != nil && nm.KindId() == x.k.name {
			return step(x.exprChain(n.ChildByFieldId(tk.fObject)), syntax.Text(nm, x.src))
		}
	case x.k.memberCall, x.k.nullsafeMemberCall:
		if nm := n.ChildByFieldId(tk.fName); nm != nil && nm.KindId() == x.k.name {
			return call(step(x.exprChain(n.ChildByFieldId(tk.fObject)), syntax.Text(nm, x.src)))
		}
	case x.k.scopedCall:
		if nm := n.ChildByFieldId(tk.fName); nm != nil && nm.KindId() == x.k.name {
			return call(step(x.scopeChain(n.ChildByFieldId(tk.fScope)), syntax.Text(nm, x.src)))
		}
	case x.k.scopedPropertyAccess:
		if nm := x.varName(n.ChildByFieldId(tk.fName)); nm != "" {
			return step(x.scopeChain(n.ChildByFieldId(tk.fScope)), nm)
		}
	case x.k.functionCall:
		if fn := n.ChildByFieldId(x.k.fFunction); fn != nil && fn.KindId() == x.k.name {
			return syntax.Text(fn, x.src) + "()"
		}
	case x.k.parenthesized, tk.cloneExpr:
		return x.exprChain(n.NamedChild(0))
	case x.k.str, x.k.encapsedStr, tk.integer, tk.float, tk.boolean, tk.null, tk.arrayCreation:
		return facts.NotRepo
	}
	return facts.Unknown
}

// scopeChain is the chain of the class before :: (Foo, self, static, parent).
func (x *extractor) scopeChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	switch n.KindId() {
	case x.k.name, x.k.qualifiedName, x.k.relativeScope:
		return x.className(n)
	}
	return x.exprChain(n) // $obj::m()
}

// recvChain is the Recv of a member call on obj: "" for $this, which the
// resolver reads from the qualifier.
func (x *extractor) recvChain(obj *sitter.Node) string {
	c := x.exprChain(obj)
	if c == "this" {
		return ""
	}
	return c
}

// staticRecv is the Recv of Foo::m(): the class's chain; "" for parent::,
// which the resolver reads from the qualifier.
func (x *extractor) staticRecv(scope *sitter.Node) string {
	c := x.scopeChain(scope)
	if c == "super" {
		return ""
	}
	return c
}

func step(chain, member string) string {
	if chain == facts.Unknown || chain == facts.NotRepo {
		return chain
	}
	return chain + "." + member
}

func call(chain string) string {
	if chain == facts.Unknown || chain == facts.NotRepo {
		return chain
	}
	return chain + "()"
}
