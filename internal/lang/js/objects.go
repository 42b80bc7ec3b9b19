package js

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Contextual types of object literals: a function that is a member of an
// object literal (a method, or a property's value) takes its undeclared
// parameters' types from that member of the type the object is given
// where it is written, as the checker does. const self: Observable<T> =
// { subscribe(observer) {...} }: observer is what Observable's subscribe
// declares; new ReadableStream({ start(controller) {...} }): controller
// is an outside type, so a call on it is never guessed at by its name.

// maxObjectNesting bounds how many object literals up a member's type is
// looked for ({ a: { b: { m(p) {...} } } }).
const maxObjectNesting = 4

// objectMemberType is, for a function that is a member of an object
// literal, the chain of that member in the object's contextual type
// ("T.m"), NotRepo when that type is an outside one, "" when the object
// has none the file tells.
func (x *extractor) objectMemberType(fn *sitter.Node) string {
	obj, key := x.objectMember(fn)
	if obj == nil || key == "" {
		return ""
	}
	t := x.objectType(obj, 0)
	if t == "" || t == facts.Unknown {
		return ""
	}
	return step(t, key)
}

// objectMember is the object literal a function is a member of, and the
// member's name.
func (x *extractor) objectMember(fn *sitter.Node) (*sitter.Node, string) {
	p := fn.Parent()
	switch {
	case p == nil:
		return nil, ""
	case x.kind(fn) == jkMethod && x.kindName(p) == "object":
		return p, x.memberName(fn.ChildByFieldId(x.t.fName))
	case x.kindName(p) == "pair" && sameNode(p.ChildByFieldId(x.t.fValue), fn) && x.kindName(p.Parent()) == "object":
		return p.Parent(), x.memberName(p.ChildByFieldId(x.t.fKey))
	}
	return nil, ""
}

// objectType is the chain of the type an object literal is given where it
// is written: a variable's annotation, the declared result of the function
// returning it, the parameter of the call it is passed to, or the member
// of the object literal it is the value of. "" when none is told.
func (x *extractor) objectType(obj *sitter.Node, nesting int) string {
	p := obj.Parent()
	for x.kindName(p) == "parenthesized_expression" {
		obj, p = p, p.Parent()
	}
	switch {
	case p == nil || nesting > maxObjectNesting:
		return ""
	case x.kindName(p) == "variable_declarator" && sameNode(p.ChildByFieldId(x.t.fValue), obj):
		return x.namedType(p.ChildByFieldId(x.t.fType))
	case x.kind(p) == jkFuncExpr && sameNode(p.ChildByFieldId(x.t.fBody), obj):
		return x.namedType(p.ChildByFieldId(x.t.fReturnType))
	case x.kindName(p) == "return_statement":
		return x.namedType(x.enclosingReturnType(p))
	case x.kindName(p) == "arguments":
		return x.argumentType(obj, p)
	case x.kindName(p) == "ternary_expression":
		if arg, args, ok := x.argumentList(obj); ok {
			return x.argumentType(arg, args)
		}
	case x.kindName(p) == "pair" && sameNode(p.ChildByFieldId(x.t.fValue), obj) && x.kindName(p.Parent()) == "object":
		outer := x.objectType(p.Parent(), nesting+1)
		if outer == "" || outer == facts.Unknown {
			return ""
		}
		return step(outer, x.memberName(p.ChildByFieldId(x.t.fKey)))
	}
	return ""
}

// argumentType is the chain of the declared type of the parameter an
// argument node is passed to (facts.Argument). A callee named by neither
// a local, an import nor the file's top level is a global: the resolver
// finds it in the repository or knows it is an outside one.
func (x *extractor) argumentType(arg, args *sitter.Node) string {
	callee, k := x.calleeOf(arg, args)
	chain, name, ok := x.calleeChain(callee)
	if !ok {
		return ""
	}
	if _, imported := x.imps[name]; chain == facts.Unknown && name != "" && !imported {
		chain = name
	}
	return facts.Argument(chain, k)
}

// namedType is the chain of a declared type that names one (T, T<A>,
// ns.T), "" for any other (an inline function or object type, a union).
func (x *extractor) namedType(ann *sitter.Node) string {
	if ann == nil {
		return ""
	}
	switch x.kindName(x.innerType(ann)) {
	case "type_identifier", "generic_type", "nested_type_identifier":
	default:
		return ""
	}
	c := x.typeChain(ann)
	switch {
	case c == facts.Unknown || strings.ContainsAny(c, ",;"):
		return ""
	case (c == facts.NotRepo || wrapped(c)) && x.kindName(x.innerType(ann)) == "generic_type":
		return "" // Record<K, Handler>: its members' types are its arguments'
	}
	return c
}
