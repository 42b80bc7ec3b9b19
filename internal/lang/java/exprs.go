package java

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// exprChain is the type chain of an expression's value; facts.Unknown
// when it cannot be told, facts.NotRepo for literals and operators.
func (x *extractor) exprChain(e *sitter.Node) string {
	k, tk := x.k, x.tk
	switch e.KindId() {
	case k.identifier:
		return x.nameChain(syntax.Text(e, x.src))
	case k.this:
		return x.selfChain()
	case k.fieldAccess:
		return x.fieldChain(e)
	case k.methodInvocation:
		obj := e.ChildByFieldId(k.fObject)
		name := syntax.Text(e.ChildByFieldId(k.fName), x.src)
		if vocab().objectMethods[name] {
			return facts.NotRepo
		}
		if name == "requireNonNull" && obj != nil && syntax.Text(obj, x.src) == "Objects" {
			if a := x.firstArg(e); a != nil {
				return x.exprChain(a)
			}
		}
		if obj != nil && obj.KindId() == k.super {
			// The resolver reads a super root as the first base (recvChain):
			// super.getName().trim() is then a String's, not a guess by name.
			return "super." + name + "()"
		}
		if obj == nil {
			if r := x.bareRecv(name); r != "" {
				return joinChain(r, name+"()")
			}
			return name + "()" // a method of the file: the root resolves in its scopes
		}
		return joinChain(x.recvChain(obj, name), name+"()")
	case tk.objectCreation, tk.castExpr:
		return x.typeInfo(x.createdType(e)).chain
	case tk.parenExpr:
		if e.NamedChildCount() > 0 {
			return x.exprChain(e.NamedChild(0))
		}
	case tk.arrayAccess:
		if a := e.ChildByFieldId(tk.fArray); a != nil && a.KindId() == k.identifier {
			if v, ok := x.lookup(syntax.Text(a, x.src)); ok && v.elem != "" {
				return v.elem
			}
		}
	case tk.ternary:
		if c := e.ChildByFieldId(tk.fConsequence); c != nil {
			return x.exprChain(c)
		}
	case tk.assignment:
		if r := e.ChildByFieldId(tk.fRight); r != nil {
			return x.exprChain(r)
		}
	case tk.stringLit, tk.charLit, tk.nullLit, tk.trueLit, tk.falseLit, tk.classLit, tk.arrayCreation, tk.decInt,
		tk.hexInt, tk.octInt, tk.binInt, tk.decFloat, tk.hexFloat, tk.binaryExpr, tk.unaryExpr, tk.updateExpr, tk.instanceOf:
		return facts.NotRepo
	}
	return facts.Unknown
}

// joinChain appends a step to a chain that names a repository value.
func joinChain(chain, step string) string {
	switch chain {
	case facts.Unknown, facts.NotRepo:
		return chain
	case "":
		return facts.Unknown
	}
	return chain + "." + step
}

// createdType is the type node of a new or cast expression, without
// type arguments.
func (x *extractor) createdType(e *sitter.Node) *sitter.Node {
	t := e.ChildByFieldId(x.k.fType)
	if t != nil && t.KindId() == x.k.generic && t.NamedChildCount() > 0 {
		t = t.NamedChild(0)
	}
	return t
}

// nameChain is the chain of an identifier used as a value: a local or
// field, a type (capitalized, not ALL_CAPS), a statically imported
// member, else a field the enclosing type inherits.
func (x *extractor) nameChain(name string) string {
	if v, ok := x.lookup(name); ok {
		return v.chain
	}
	if !isConstantName(name) && syntax.IsUpper(name[0]) {
		return x.typeRoot(name)
	}
	if c, ok := x.in.statics[name]; ok {
		return c + "." + name
	}
	if t := x.innermost(); t != nil && t.named {
		return name // an inherited field: the resolver searches the enclosing types
	}
	return joinChain(x.selfChain(), name)
}

// fieldChain is the chain of a.b: a package-qualified type name, Outer.this,
// or a field of a's value.
func (x *extractor) fieldChain(e *sitter.Node) string {
	obj, f := e.ChildByFieldId(x.k.fObject), e.ChildByFieldId(x.k.fField)
	if obj == nil || f == nil {
		return facts.Unknown
	}
	if f.KindId() == x.k.this {
		return x.typeRoot(syntax.Text(obj, x.src)) // Outer.this
	}
	if x.isPackageQualified(e) {
		return x.dottedType(syntax.NoSpace(syntax.Text(e, x.src)))
	}
	if obj.KindId() == x.k.super {
		return "super." + syntax.Text(f, x.src)
	}
	return joinChain(x.exprChain(obj), syntax.Text(f, x.src))
}

// isPackageQualified reports a.b.C written for a type: identifiers only,
// the first lower case and neither a local nor a field, a later one
// capitalized.
func (x *extractor) isPackageQualified(e *sitter.Node) bool {
	if !x.isChain(e) {
		return false
	}
	text := syntax.NoSpace(syntax.Text(e, x.src))
	first, rest, _ := strings.Cut(text, ".")
	if first == "" || syntax.IsUpper(first[0]) || first == "this" || first == "super" {
		return false
	}
	if _, local := x.lookup(first); local {
		return false
	}
	for _, s := range strings.Split(rest, ".") {
		if s != "" && syntax.IsUpper(s[0]) {
			return true
		}
	}
	return false
}

// recvChain is a call's Recv for the receiver expression obj.
func (x *extractor) recvChain(obj *sitter.Node, method string) string {
	switch obj.KindId() {
	case x.k.super:
		return "" // the resolver reads super as the first base
	case x.k.this:
		if t := x.innermost(); t != nil && !t.named && t.methods[method] {
			return facts.NotRepo // a method of an anonymous or local class: no symbol
		}
		return x.selfChain()
	}
	return x.exprChain(obj)
}

// bareRecv is the Recv of a call without a receiver: NotRepo when an
// anonymous or local class declares the method, the class of a static
// import, the base of an anonymous class, else "": the resolver searches
// the enclosing types and the members they inherit, innermost first.
func (x *extractor) bareRecv(method string) string {
	for i := len(x.in.types) - 1; i >= 0; i-- {
		if t := x.in.types[i]; t.methods[method] {
			if t.named {
				return ""
			}
			return facts.NotRepo
		}
	}
	if c, ok := x.in.statics[method]; ok {
		return c
	}
	t := x.innermost()
	switch {
	case len(x.in.staticAll) > 0 && t != nil && t.named && !t.bases:
		return x.in.staticAll[0]
	case t != nil && t.named:
		return ""
	}
	return x.selfChain()
}

// selfChain is the chain of this: "this" in a named type, the base type
// of an anonymous class or local class (its own members have no symbols).
func (x *extractor) selfChain() string {
	if t := x.innermost(); t != nil {
		return t.self
	}
	return facts.Unknown
}
