package csharp

import (
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// invocation reports a call, with its receiver's type chain when the
// receiver is a local, a parameter or an expression (see recvChain), and
// its arguments' types, which choose among overloads.
func (x *extractor) invocation(n *sitter.Node) {
	k := x.k
	fn := n.ChildByFieldId(k.fFunction)
	if fn == nil {
		return
	}
	var name *sitter.Node
	qual, recv := "", ""
	switch fn.KindId() {
	case k.identifier:
		name = fn
	case k.genericName:
		name = fn // its type arguments are counted below
	case k.memberAccess:
		name = fn.ChildByFieldId(k.fName)
		if e := fn.ChildByFieldId(k.fExpression); e != nil {
			qual, recv = x.qualifier(e), x.recvChain(e)
		}
	case k.conditionalAccess:
		for i := uint(0); i < fn.NamedChildCount(); i++ {
			if b := fn.NamedChild(i); b.KindId() == k.memberBinding {
				name = b.ChildByFieldId(k.fName)
			}
		}
		if cond := fn.ChildByFieldId(k.fCondition); cond != nil {
			qual, recv = x.qualifier(cond), x.recvChain(cond)
		}
	}
	if name == nil {
		return
	}
	typeArgs := 0
	if name.KindId() == k.genericName {
		typeArgs = x.typeArgCount(name)
		name = name.NamedChild(0)
	}
	if name == nil {
		return
	}
	s := syntax.Text(name, x.src)
	if s == "nameof" && qual == "" {
		return
	}
	if qual == "" {
		if _, isLocal := x.locals.Lookup(s); isLocal {
			return // a delegate held in a local: nothing to link
		}
	}
	before := len(x.File.Refs)
	x.refRecv(s, qual, recv, facts.RefCall, name)
	x.setArgs(before, n)
	if before < len(x.File.Refs) && x.File.Refs[before].Args != "" {
		x.File.Refs[before].Args = genericArity(typeArgs) + x.File.Refs[before].Args
	}
}

// genericArity is the mark of a generic method's type parameters, or of a
// call's explicit type arguments, before its Params or Args ("<2>(T,U)"):
// M<A, B>(x) calls only a method with two type parameters.
func genericArity(n int) string {
	if n == 0 {
		return ""
	}
	return "<" + strconv.Itoa(n) + ">"
}

// typeArgCount counts the type arguments of a generic name.
func (x *extractor) typeArgCount(g *sitter.Node) int {
	for i := uint(0); i < g.NamedChildCount(); i++ {
		if ch := g.NamedChild(i); ch.KindId() == x.k.typeArgumentList {
			return int(ch.NamedChildCount())
		}
	}
	return 0
}

// setArgs gives the reference added at index i (if any) the types of the
// arguments of call n.
func (x *extractor) setArgs(i int, n *sitter.Node) {
	if i >= len(x.File.Refs) {
		return
	}
	list := n.ChildByFieldId(x.t.fArguments)
	for j := uint(0); list == nil && j < n.NamedChildCount(); j++ {
		if ch := n.NamedChild(j); ch.Kind() == "argument_list" {
			list = ch // : base(...) has no field name for it
		}
	}
	x.File.Refs[i].Args = x.argsOf(list)
}

// refRecv adds a reference with a receiver chain.
func (x *extractor) refRecv(name, qual, recv, kind string, at *sitter.Node) {
	before := len(x.File.Refs)
	x.Ref(name, qual, kind, at)
	if len(x.File.Refs) > before && qual != "" {
		x.File.Refs[before].Recv = recv
	}
}

// creation reports new T(...) as a call of T.
func (x *extractor) creation(n *sitter.Node) {
	if t := n.ChildByFieldId(x.k.fType); t != nil {
		name, qual, at := x.typeName(t)
		before := len(x.File.Refs)
		x.Ref(name, qual, facts.RefCall, at)
		x.setArgs(before, n) // inside the class, the name is its constructors'
	}
}

// attribute reports [Name] as a reference to NameAttribute, the class C#
// looks up first (Name itself only when written with the suffix).
func (x *extractor) attribute(n *sitter.Node) {
	nm := n.ChildByFieldId(x.k.fName)
	if nm == nil {
		return
	}
	name, qual, at := x.typeName(nm)
	if !strings.HasSuffix(name, "Attribute") {
		name += "Attribute"
	}
	x.Ref(name, qual, facts.RefReference, at)
}

// ctorInitializer reports ": base(...)" as a call of the base class
// constructor and ": this(...)" as a call of the class's own constructor.
func (x *extractor) ctorInitializer(n *sitter.Node) {
	var cls *syntax.Scope
	for i := len(x.Scopes) - 1; i >= 0; i-- {
		if x.Scopes[i].IsType {
			cls = &x.Scopes[i]
			break
		}
	}
	if cls == nil {
		return
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch ch.KindId() {
		case x.k.base:
			before := len(x.File.Refs)
			x.Ref(cls.Extends, "base", facts.RefCall, ch)
			x.setArgs(before, n)
			return
		case x.k.this:
			before := len(x.File.Refs)
			x.Ref(cls.Name, "this", facts.RefCall, ch)
			x.setArgs(before, n)
			return
		}
	}
}

// typ reports the named types in a type node as references.
func (x *extractor) typ(n *sitter.Node) {
	if n == nil {
		return
	}
	k := x.k
	switch n.KindId() {
	case k.identifier:
		name := syntax.Text(n, x.src)
		if name != "dynamic" && name != "var" && !x.IsTypeParam(name) {
			x.Ref(name, "", facts.RefReference, n)
		}
	case k.genericName, k.qualifiedName, k.aliasQualifiedName:
		name, qual, at := x.typeName(n)
		if qual != "" || !x.IsTypeParam(name) {
			x.Ref(name, qual, facts.RefReference, at)
		}
		x.typeArgs(n)
	case k.arrayType, k.tupleElement:
		x.typ(n.ChildByFieldId(k.fType)) // not the rank: it holds expressions
	case k.nullableType, k.pointerType, k.refType, k.scopedType, k.tupleType:
		for i := uint(0); i < n.NamedChildCount(); i++ {
			x.typ(n.NamedChild(i))
		}
	}
}

// typeArgs reports the type arguments inside a (possibly qualified) generic name.
func (x *extractor) typeArgs(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case x.k.typeArgumentList:
			for j := uint(0); j < ch.NamedChildCount(); j++ {
				x.typ(ch.NamedChild(j))
			}
		case x.k.genericName, x.k.qualifiedName, x.k.aliasQualifiedName:
			x.typeArgs(ch)
		}
	}
}

// typeName splits a type name node into simple name and qualifier, and
// returns the node of the simple name (for its position).
func (x *extractor) typeName(n *sitter.Node) (name, qual string, at *sitter.Node) {
	at = n
	if id := n.KindId(); id == x.k.qualifiedName || id == x.k.aliasQualifiedName {
		if nm := n.ChildByFieldId(x.k.fName); nm != nil {
			at = nm
		}
	}
	t := syntax.StripGenerics(syntax.Text(n, x.src))
	if i := strings.LastIndex(t, "::"); i >= 0 && !strings.Contains(t[i:], ".") {
		return t[i+2:], t[:i], at
	}
	name, qual = syntax.SplitLast(t, ".")
	return name, qual, at
}

func (x *extractor) qualifier(n *sitter.Node) string {
	if x.isChain(n) {
		return strings.TrimPrefix(syntax.NoSpace(syntax.Text(n, x.src)), "global::")
	}
	return "?"
}

func (x *extractor) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.identifier, k.this, k.base, k.qualifiedName, k.aliasQualifiedName, k.predefinedType:
		return true
	case k.memberAccess:
		e := n.ChildByFieldId(k.fExpression)
		nm := n.ChildByFieldId(k.fName)
		return e != nil && nm != nil && nm.KindId() == k.identifier && x.isChain(e)
	}
	return false
}
