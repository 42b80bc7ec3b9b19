package csharp

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// exprChain is the chain of an expression's value, as far as the file
// tells: Unknown when it cannot, NotRepo for literals and builtins.
func (x *extractor) exprChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	k, t := x.k, x.t
	switch id := n.KindId(); id {
	case k.identifier:
		return x.nameChain(syntax.Text(n, x.src))
	case k.this:
		return "this"
	case k.base:
		return "super"
	case k.genericName:
		return x.typeNameChain(syntax.Text(n.NamedChild(0), x.src))
	case k.memberAccess:
		return x.memberChain(n)
	case k.invocation:
		return x.callChain(n)
	case k.conditionalAccess:
		return x.bindingChain(n)
	case k.objectCreation, t.castExpr, t.defaultExpr:
		return x.typeChain(n.ChildByFieldId(k.fType))
	case t.asExpr:
		return x.typeChain(n.ChildByFieldId(t.fRight))
	case t.awaitExpr:
		return x.awaited(n.NamedChild(0))
	case t.parenExpr, t.withExpr:
		return x.exprChain(n.NamedChild(0))
	case t.conditionalExpr:
		if c := x.exprChain(n.ChildByFieldId(t.fConsequence)); c != facts.Unknown {
			return c
		}
		return x.exprChain(n.ChildByFieldId(t.fAlternative))
	case t.binaryExpr:
		if op := n.ChildByFieldId(t.fOperator); op != nil && op.Kind() == "??" {
			return x.exprChain(n.ChildByFieldId(t.fLeft))
		}
		return facts.Unknown
	case k.predefinedType, t.stringLit, t.verbatimLit, t.rawLit, t.interpolated, t.charLit, t.intLit,
		t.realLit, t.boolLit, t.typeofExpr, t.arrayCreation, t.implicitArrayCreation, t.stackalloc,
		t.lambda, t.anonymousMethod, t.isPatternExpr, t.isExpr:
		return facts.NotRepo
	}
	return facts.Unknown
}

// nameChain is the chain of a simple name used as a value: a local's
// type, what an alias names, else the name itself (a member of the
// enclosing types or a type, which the resolver looks up in scope).
func (x *extractor) nameChain(name string) string {
	if c, ok := x.locals.Lookup(name); ok {
		return c
	}
	if a := x.aliases[name]; a != "" {
		return a
	}
	return name
}

// memberChain is the chain of e.Name; Ns.Type names Type in namespace Ns.
func (x *extractor) memberChain(n *sitter.Node) string {
	e := n.ChildByFieldId(x.k.fExpression)
	name := x.memberName(n.ChildByFieldId(x.k.fName))
	if e == nil || name == "" {
		return facts.Unknown
	}
	if ns, ok := x.namespacePath(e); ok {
		return facts.Imported(ns, name)
	}
	return step(x.exprChain(e), name)
}

// callChain is the chain of a call's result.
func (x *extractor) callChain(n *sitter.Node) string {
	fn := n.ChildByFieldId(x.k.fFunction)
	if fn == nil {
		return facts.Unknown
	}
	k := x.k
	switch fn.KindId() {
	case k.identifier, k.genericName:
		name := x.memberName(fn)
		if _, isLocal := x.locals.Lookup(name); isLocal || name == "nameof" {
			return facts.Unknown // a delegate, or nameof's string
		}
		return name + "()"
	case k.memberAccess:
		e := fn.ChildByFieldId(k.fExpression)
		if _, ok := x.namespacePath(e); ok || e == nil {
			return facts.Unknown // a namespace holds no methods
		}
		return step(x.exprChain(e), x.memberName(fn.ChildByFieldId(k.fName))+"()")
	case k.conditionalAccess:
		if c := x.bindingChain(fn); c != facts.Unknown && c != facts.NotRepo {
			return c + "()"
		}
	}
	return facts.Unknown
}

// bindingChain is the chain of a?.B (the member binding of a conditional
// access); an element binding a?[i] is unknown.
func (x *extractor) bindingChain(n *sitter.Node) string {
	var b *sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if ch := n.NamedChild(i); ch.KindId() == x.k.memberBinding {
			b = ch
		}
	}
	if b == nil {
		return facts.Unknown
	}
	return step(x.exprChain(n.ChildByFieldId(x.k.fCondition)), x.memberName(b.ChildByFieldId(x.k.fName)))
}

// awaited is the chain of await e: results of Task<T> methods are already
// T, and ConfigureAwait(...) keeps the awaited value.
func (x *extractor) awaited(n *sitter.Node) string {
	if n != nil && n.KindId() == x.k.invocation {
		if fn := n.ChildByFieldId(x.k.fFunction); fn != nil && fn.KindId() == x.k.memberAccess &&
			x.memberName(fn.ChildByFieldId(x.k.fName)) == "ConfigureAwait" {
			return x.exprChain(fn.ChildByFieldId(x.k.fExpression))
		}
	}
	return x.exprChain(n)
}

// namespacePath reports whether e is a dotted name that starts with a
// namespace root the file knows (a namespace it declares or uses, System,
// global::), and returns it as written without global::.
func (x *extractor) namespacePath(e *sitter.Node) (string, bool) {
	if e == nil || !x.isChain(e) {
		return "", false
	}
	switch e.KindId() {
	case x.k.this, x.k.base, x.k.predefinedType:
		return "", false
	}
	s := syntax.NoSpace(syntax.Text(e, x.src))
	global := strings.HasPrefix(s, "global::")
	s = strings.TrimPrefix(s, "global::")
	if strings.Contains(s, "::") {
		return "", false // extern alias
	}
	head, _, _ := strings.Cut(s, ".")
	if _, isLocal := x.locals.Lookup(head); isLocal || !global && !x.nsRoots[head] {
		return "", false
	}
	return s, true
}

// recvChain is the Recv of a call on e: the chain of a local's type, of a
// call result or of an expression; a name that is no local goes as written
// (a member or a type, looked up in scope), and this.f / base.f are left
// to the resolver, which reads the qualifier.
func (x *extractor) recvChain(e *sitter.Node) string {
	if e == nil {
		return ""
	}
	k := x.k
	switch e.KindId() {
	case k.this, k.base:
		return ""
	case k.predefinedType:
		return facts.NotRepo
	}
	root := x.chainRoot(e)
	switch {
	case root == nil:
		return ""
	case root.KindId() == k.this || root.KindId() == k.base:
		return ""
	case root.KindId() == k.identifier:
		// An alias may name a type or a namespace: the resolver binds it.
		if _, isLocal := x.locals.Lookup(syntax.Text(root, x.src)); !isLocal && x.aliases[syntax.Text(root, x.src)] != "" {
			return ""
		}
	}
	return x.exprChain(e)
}

// chainRoot is the innermost expression of a member access or call chain.
func (x *extractor) chainRoot(e *sitter.Node) *sitter.Node {
	for e != nil {
		switch e.KindId() {
		case x.k.memberAccess:
			e = e.ChildByFieldId(x.k.fExpression)
		case x.k.invocation:
			e = e.ChildByFieldId(x.k.fFunction)
		default:
			return e
		}
	}
	return nil
}
