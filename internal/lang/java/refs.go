package java

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// ctorCall reports super(...) as a call of the superclass constructor and
// this(...) as a call of the class's own constructor.
func (x *extractor) ctorCall(n *sitter.Node) {
	ctor := n.ChildByFieldId(x.k.fConstructor)
	if ctor == nil {
		return
	}
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
	args := x.argsOf(n.ChildByFieldId(x.tk.fArguments))
	if ctor.KindId() == x.k.super {
		x.call(cls.Extends, "super", "", args, ctor)
	} else {
		x.call(cls.Name, "this", "", args, ctor)
	}
}

// call emits a call reference with its receiver chain and argument types.
func (x *extractor) call(name, qual, recv, args string, at *sitter.Node) {
	n := len(x.File.Refs)
	x.Ref(name, qual, facts.RefCall, at)
	if len(x.File.Refs) > n {
		x.File.Refs[n].Recv, x.File.Refs[n].Args = recv, args
	}
}

// invocation reports a method call: its receiver's chain (a local's or
// field's declared type, a type for a static call; see recvChain and
// bareRecv) and its arguments' types.
func (x *extractor) invocation(n *sitter.Node) {
	nameNode := n.ChildByFieldId(x.k.fName)
	name := syntax.Text(nameNode, x.src)
	qual, recv := "", ""
	if obj := n.ChildByFieldId(x.k.fObject); obj != nil {
		qual = x.qualifier(obj)
		recv = x.recvChain(obj, name)
		if recv == "this" && (qual == "this" || qual == "") {
			recv = "" // the resolver reads this itself
		}
	} else {
		recv = x.bareRecv(name)
	}
	x.call(name, qual, recv, x.argsOf(n.ChildByFieldId(x.tk.fArguments)), nameNode)
}

// creation reports new T(...) as a call of T (the resolver picks the
// constructor that takes the arguments). A nested type is reached as a
// member of its outer type's chain; a library type is no repository call.
func (x *extractor) creation(n *sitter.Node) {
	base := x.createdType(n)
	if base == nil {
		return
	}
	name, qual := x.typeName(base)
	recv := ""
	switch chain := x.typeInfo(base).chain; {
	case chain == facts.NotRepo:
		recv = facts.NotRepo
	case chain != facts.Unknown:
		if _, _, steps := facts.SplitChain(chain); len(steps) > 0 {
			recv = strings.TrimSuffix(chain, "."+steps[len(steps)-1])
			name = steps[len(steps)-1]
		}
	}
	x.call(name, qual, recv, x.argsOf(n.ChildByFieldId(x.tk.fArguments)), base)
	x.suppress = base.Id()
}

// methodRef reports Type::method (and Type::new) as a reference.
func (x *extractor) methodRef(n *sitter.Node) {
	cnt := n.ChildCount()
	if cnt < 3 {
		return
	}
	last := n.Child(cnt - 1)
	first := n.NamedChild(0)
	if first == nil {
		return
	}
	if !last.IsNamed() { // Type::new
		base := first
		if base.KindId() == x.k.generic && base.NamedChildCount() > 0 {
			base = base.NamedChild(0)
		}
		name, qual := x.typeName(base)
		x.Ref(name, qual, facts.RefReference, last)
		return
	}
	if last.KindId() == x.k.identifier {
		x.Ref(syntax.Text(last, x.src), x.qualifier(first), facts.RefReference, last)
	}
}

// typeName splits a type node into simple name and qualifier.
func (x *extractor) typeName(n *sitter.Node) (name, qual string) {
	t := syntax.StripGenerics(syntax.Text(n, x.src))
	return syntax.SplitLast(t, ".")
}

// qualifier is the receiver text when it is an identifier chain, else "?".
func (x *extractor) qualifier(n *sitter.Node) string {
	if x.isChain(n) {
		return syntax.NoSpace(syntax.Text(n, x.src))
	}
	return "?"
}

func (x *extractor) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.identifier, k.this, k.super, k.scopedIdentifier, k.typeIdentifier:
		return true
	case k.fieldAccess:
		obj := n.ChildByFieldId(k.fObject)
		f := n.ChildByFieldId(k.fField)
		return obj != nil && f != nil && x.isChain(obj) && x.isChain(f)
	}
	return false
}
