package js

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Value chains: what an expression denotes (a local's type, a call's
// result, a constructed class), and the Recv of a qualified reference.

// exprChain is the chain of the value of an expression.
func (x *extractor) exprChain(n *sitter.Node) string {
	switch x.kindName(n) {
	case "identifier":
		return x.nameChain(x.text(n))
	case "this":
		if c, ok := x.local("this"); ok {
			return c
		}
		return "this"
	case "non_null_expression", "parenthesized_expression", "await_expression", "satisfies_expression":
		return x.exprChain(n.NamedChild(0))
	case "as_expression":
		return x.typeChain(n.NamedChild(n.NamedChildCount() - 1))
	case "new_expression":
		ctor := n.ChildByFieldId(x.t.fConstructor)
		if x.kind(ctor) == jkIdentifier && x.isLocal(x.text(ctor)) {
			return facts.Unknown
		}
		if x.standardMap(ctor) {
			return x.mapChain(n.ChildByFieldId(x.t.fTypeArguments)) // new Map<K, V>()
		}
		if x.standardArray(ctor) {
			if args := n.ChildByFieldId(x.t.fTypeArguments); args != nil && args.NamedChildCount() == 1 {
				return x.elementsChain(args.NamedChild(0)) // new Array<T>(), new Set<T>()
			}
			return facts.NotRepo
		}
		return called(x.exprChain(ctor))
	case "call_expression":
		return x.callChain(n)
	case "member_expression":
		return x.memberChain(n)
	case "subscript_expression":
		if k := x.kindName(n.ChildByFieldId(x.t.fIndex)); k == "string" || k == "template_string" {
			return facts.Unknown // o['name']: a property, not an element
		}
		return unwrap(x.exprChain(n.ChildByFieldId(x.t.fObject)))
	case "binary_expression":
		switch x.text(n.ChildByFieldId(x.t.fOperator)) {
		case "??", "||": // the left value, else the right
			return x.eitherChain(n.ChildByFieldId(x.t.fLeft), n.ChildByFieldId(x.t.fRight))
		case "&&":
			return x.exprChain(n.ChildByFieldId(x.t.fRight))
		}
		return facts.NotRepo
	case "ternary_expression":
		// A constructed branch has its class for a type; a name may
		// have been narrowed by the condition (isSubscriber(x) ? x : new S()).
		a, b := n.ChildByFieldId(x.t.fConsequence), n.ChildByFieldId(x.t.fAlternative)
		if x.kindName(b) == "new_expression" && x.kindName(a) != "new_expression" {
			a, b = b, a
		}
		return x.eitherChain(a, b)
	case "array":
		return x.arrayLiteralChain(n)
	case "string", "template_string", "number", "regex", "true", "false", "null", "undefined",
		"object", "arrow_function", "function_expression", "function", "generator_function",
		"unary_expression", "update_expression":
		return facts.NotRepo
	}
	return facts.Unknown
}

// arrayLiteralChain is the chain of an array literal: one wrapping its
// first element's type when that is a type the file tells
// ([new Subject<T>()] holds Subjects; the checker's union of the
// elements' types has it first, as unionChain takes it), else NotRepo.
func (x *extractor) arrayLiteralChain(n *sitter.Node) string {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		e := n.NamedChild(i)
		if x.kind(e) == jkComment {
			continue
		}
		c := x.exprChain(e)
		if x.kindName(e) == "spread_element" || c == facts.Unknown || c == facts.NotRepo || wrapped(c) {
			return facts.NotRepo
		}
		return facts.Wrapped(c)
	}
	return facts.NotRepo
}

// eitherChain is the chain of a value that is a or b: a's type when the
// file tells it, else b's.
func (x *extractor) eitherChain(a, b *sitter.Node) string {
	c := x.exprChain(a)
	if c == facts.Unknown || c == facts.NotRepo {
		if cb := x.exprChain(b); cb != facts.Unknown {
			return cb
		}
	}
	return c
}

// callChain is the chain of a call's result.
func (x *extractor) callChain(n *sitter.Node) string {
	fn := x.callFunction(n)
	for x.kind(fn) == jkNonNull {
		fn = fn.NamedChild(0)
	}
	switch x.kind(fn) {
	case jkIdentifier:
		name := x.text(fn)
		if c, ok := x.local(name + "()"); ok {
			return c // a parameter or variable of a declared function type
		}
		if x.isLocal(name) || name == "require" {
			return facts.Unknown // a function value, or a module
		}
	case jkMember:
		if c, ok := x.mapGet(fn); ok {
			return c
		}
	case jkCall:
		if spec, ok := x.requireSpec(fn); ok {
			return called(facts.Imported(spec, defaultName)) // require('..')(opts)
		}
		return facts.Unknown
	default:
		return facts.Unknown
	}
	return called(x.exprChain(fn))
}

// mapGet is the chain of a call of a method of a value whose chain wraps
// its values' type (a Map<K, V>, an array): m.get(k) and items.find(f),
// at, pop, shift give a V (wrapperElements); items.filter(f), slice ...
// give the same wrapping value (wrapperKeepers).
func (x *extractor) mapGet(fn *sitter.Node) (string, bool) {
	name := x.text(fn.ChildByFieldId(x.t.fProperty))
	if name != "get" && !wrapperElements[name] && !wrapperKeepers[name] {
		return "", false
	}
	obj := x.exprChain(fn.ChildByFieldId(x.t.fObject))
	switch {
	case !wrapped(obj):
		return "", false
	case wrapperKeepers[name]:
		return obj, true
	}
	return obj[len(facts.NotRepo):], true
}

// wrapperElements are the methods of arrays (and sets and maps) whose
// call gives one of the values (or undefined), besides a map's get.
var wrapperElements = set(`find findLast at pop shift`)

// wrapperKeepers are the methods of arrays whose call gives an array of
// the same elements.
var wrapperKeepers = set(`filter slice concat reverse sort toSorted toReversed`)

// standardMap reports whether a constructor is the global Map (or
// WeakMap), not a name the file binds.
func (x *extractor) standardMap(ctor *sitter.Node) bool {
	if x.kind(ctor) != jkIdentifier {
		return false
	}
	name := x.text(ctor)
	_, imported := x.imps[name]
	return mapMaker[name] && !imported && !x.top[name] && !x.isLocal(name)
}

// standardArray reports whether a constructor is the global Array or
// Set, not a name the file binds.
func (x *extractor) standardArray(ctor *sitter.Node) bool {
	if x.kind(ctor) != jkIdentifier {
		return false
	}
	name := x.text(ctor)
	_, imported := x.imps[name]
	return (name == "Array" || name == "Set") && !imported && !x.top[name] && !x.isLocal(name)
}

// memberChain is o.p: a namespace import's name, or a step on o's chain.
func (x *extractor) memberChain(n *sitter.Node) string {
	obj, prop := n.ChildByFieldId(x.t.fObject), n.ChildByFieldId(x.t.fProperty)
	if x.kind(prop) != jkPropertyIdent {
		return facts.Unknown
	}
	if x.kind(obj) == jkIdentifier && !x.isLocal(x.text(obj)) {
		if imp, ok := x.imps[x.text(obj)]; ok && imp.ns {
			return facts.Imported(imp.path, x.text(prop))
		}
	}
	if x.kind(obj) == jkIdentifier {
		if c, ok := x.localMember(x.text(obj), x.text(prop)); ok {
			return c // a property of an inline object type (see bindTyped)
		}
	}
	return step(x.exprChain(obj), x.text(prop))
}

// nameChain is the chain of a name's value: a local's or parameter's
// type, an imported or module-level name, or a standard global.
func (x *extractor) nameChain(name string) string {
	if c, ok := x.local(name); ok {
		return c
	}
	switch name {
	case "undefined", "NaN", "Infinity":
		return facts.NotRepo
	}
	if imp, ok := x.imps[name]; ok {
		if imp.name == "" { // a namespace: no value of the module's
			return facts.Unknown
		}
		// A named or default import, or the default a require() binds
		// with its namespace (module.exports).
		return facts.Imported(imp.path, imp.name)
	}
	if x.top[name] {
		return name
	}
	if globalValues[name] {
		return facts.NotRepo
	}
	return facts.Unknown
}

// recvChain is the Recv of a reference whose receiver is node obj: ""
// when the qualifier as written says it all (this, super, an import, a
// module-level name), the chain of a local's or parameter's type with the
// qualifier's steps, NotRepo for literals and standard globals.
func (x *extractor) recvChain(obj *sitter.Node) string {
	root := obj
	for {
		switch x.kind(root) {
		case jkMember:
			root = root.ChildByFieldId(x.t.fObject)
			continue
		case jkNonNull:
			root = root.NamedChild(0)
			continue
		}
		break
	}
	switch x.kind(root) {
	case jkThis:
		if _, ok := x.local("this"); ok {
			return x.exprChain(obj) // a function's declared this
		}
		return ""
	case jkSuper:
		return ""
	case jkIdentifier:
		name := x.text(root)
		if x.isLocal(name) {
			break
		}
		if imp, ok := x.imps[name]; ok && !imp.ns && imp.name != "" {
			// A named import: its chain, so that the module's own name
			// (import { X } from "./X") is not read as a namespace.
			return x.exprChain(obj)
		}
		if _, ok := x.imps[name]; ok || x.top[name] {
			return ""
		}
		if name == "exports" && x.kind(obj) == jkIdentifier {
			return "" // exports.m(): the module's own export m, as written
		}
		if globalValues[name] || name == "undefined" {
			return facts.NotRepo
		}
		return ""
	}
	c := x.exprChain(obj)
	if c == facts.Unknown && x.kind(root) != jkIdentifier {
		return "" // f().m() and friends: the qualifier "?" already says unknown
	}
	return c
}
