package rust

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains (internal/facts/chain.go) of Rust types and expressions.

// typeChain is the chain of a type expression.
func (x *extractor) typeChain(t *sitter.Node, portable bool) string {
	if t == nil {
		return facts.Unknown
	}
	switch x.g.Kind(t) {
	case "array_type":
		return facts.Wrapped(x.typeChain(x.g.Child(t, "element"), portable))
	case "primitive_type", "tuple_type", "function_type", "never_type", "unit_type", "pointer_type":
		return facts.NotRepo
	case "reference_type":
		return x.typeChain(x.g.Child(t, "type"), portable)
	case "type_identifier", "scoped_type_identifier":
		segs := x.pathSegs(t)
		if segs == nil {
			return facts.Unknown
		}
		if c := x.pathChain(segs, portable); len(segs) == 1 || c == facts.NotRepo || !upper(segs[len(segs)-2]) {
			return c
		}
		return facts.Unknown // an associated type (Self::Item, T::Err)
	case "generic_type":
		return x.genericChain(t, portable)
	case "dynamic_type", "abstract_type":
		return x.boundChain(x.g.Child(t, "trait"), portable)
	case "bounded_type":
		return x.boundChain(t.NamedChild(0), portable)
	}
	return facts.Unknown
}

// genericChain is the chain of T<A, ..>: the wrapped value of a wrapper,
// the pointee of a pointer, else T.
func (x *extractor) genericChain(t *sitter.Node, portable bool) string {
	segs := x.pathSegs(t)
	if segs == nil {
		return facts.Unknown
	}
	name := segs[len(segs)-1]
	std := len(segs) == 1 && x.nameRoot(name, portable) == facts.NotRepo
	elem, collection := vocab().collections[name]
	switch {
	case vocab().wrappers[name]:
		return facts.Wrapped(x.typeChain(x.typeArg(t, 0), portable))
	case std && vocab().transparent[name]:
		return x.typeChain(x.typeArg(t, 0), portable)
	case std && collection:
		return facts.Wrapped(x.typeChain(x.typeArg(t, elem), portable))
	}
	return x.typeChain(x.g.Child(t, "type"), portable)
}

// typeArg is the i-th type argument of a generic type (lifetimes and
// associated type bindings do not count).
func (x *extractor) typeArg(t *sitter.Node, i int) *sitter.Node {
	args := x.g.Child(t, "type_arguments")
	if args == nil {
		return nil
	}
	for j := uint(0); j < args.NamedChildCount(); j++ {
		switch a := args.NamedChild(j); x.g.Kind(a) {
		case "lifetime", "type_binding", "line_comment", "block_comment":
		default:
			if i == 0 {
				return a
			}
			i--
		}
	}
	return nil
}

// boundChain is the chain of dyn Trait / impl Trait: the trait's.
func (x *extractor) boundChain(t *sitter.Node, portable bool) string {
	if t == nil {
		return facts.Unknown
	}
	if x.g.Kind(t) == "bounded_type" {
		return x.boundChain(t.NamedChild(0), portable)
	}
	return x.typeChain(t, portable)
}

// resultType is a function's Symbol.Type: the chain of what it returns
// (-> Self is the impl's type; no result is the unit value).
func (x *extractor) resultType(fn *sitter.Node) string {
	rt := x.g.Child(fn, "return_type")
	if rt == nil {
		return facts.NotRepo
	}
	return symType(x.typeChain(rt, true))
}

// symType is a chain as a Symbol.Type, where "" is unknown.
func symType(c string) string {
	if c == facts.Unknown {
		return ""
	}
	return c
}

// exprChain is the chain of the value of an expression, as far as the
// file tells.
func (x *extractor) exprChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	kind := x.g.Kind(n)
	switch kind {
	case "identifier":
		name := syntax.Text(n, x.src)
		if c, ok := x.local(name); ok {
			return c
		}
		if _, ok := x.uses[name]; ok || x.items[name] {
			return x.nameRoot(name, false)
		}
		return facts.Unknown
	case "self":
		return "self"
	case "field_expression":
		f := x.g.Child(n, "field")
		if x.g.Kind(f) != "field_identifier" {
			return facts.Unknown // a tuple field
		}
		return facts.Step(x.exprChain(x.g.Child(n, "value")), syntax.Text(f, x.src))
	case "call_expression":
		return x.callChain(n)
	case "try_expression":
		return facts.Step(x.exprChain(n.NamedChild(0)), facts.Unwrap)
	case "reference_expression":
		return x.exprChain(x.g.Child(n, "value"))
	case "unary_expression":
		if op := n.Child(0); op != nil && syntax.Text(op, x.src) == "*" {
			return x.exprChain(n.NamedChild(0))
		}
		return facts.Unknown
	case "parenthesized_expression":
		return x.exprChain(n.NamedChild(0))
	case "index_expression":
		return facts.Step(x.exprChain(n.NamedChild(0)), facts.Unwrap)
	case "struct_expression":
		return x.variantChain(x.g.Child(n, "name"), true)
	case "type_cast_expression":
		return x.typeChain(x.g.Child(n, "type"), false)
	case "scoped_identifier":
		return x.variantChain(n, false)
	case "macro_invocation":
		switch syntax.Text(x.g.Child(n, "macro"), x.src) {
		case "vec", "format", "concat", "stringify", "include_str", "include_bytes", "env", "matches", "line", "file", "column":
			return facts.NotRepo
		}
		return facts.Unknown
	}
	if vocab().literals[kind] {
		return facts.NotRepo
	}
	return facts.Unknown
}

// variantChain is the chain of a path used as a value: an enum variant
// (E::V, E::V { .. }) or associated constant (T::MAX) is taken for a value
// of its type; otherwise the item the path names. typed says the path is
// a type's name (a struct literal's).
func (x *extractor) variantChain(n *sitter.Node, typed bool) string {
	segs := x.pathSegs(n)
	switch {
	case segs == nil:
		return facts.Unknown
	case len(segs) >= 2 && upper(segs[len(segs)-2]) && upper(segs[len(segs)-1]):
		return x.pathChain(segs[:len(segs)-1], false)
	case typed:
		return x.typeChain(n, false)
	}
	return x.pathChain(segs, false)
}

// callChain is the chain of a call's result.
func (x *extractor) callChain(n *sitter.Node) string {
	fn := x.g.Child(n, "function")
	for fn != nil && x.g.Kind(fn) == "generic_function" {
		fn = x.g.Child(fn, "function")
	}
	if fn == nil {
		return facts.Unknown
	}
	switch x.g.Kind(fn) {
	case "identifier":
		name := syntax.Text(fn, x.src)
		if _, isLocal := x.local(name); isLocal {
			return facts.Unknown // a closure
		}
		switch name {
		case "Some", "Ok":
			if args := x.g.Child(n, "arguments"); args != nil && args.NamedChildCount() > 0 {
				return facts.Wrapped(x.exprChain(args.NamedChild(0)))
			}
			return facts.Unknown
		case "Err":
			return facts.Wrapped(facts.Unknown)
		}
		root := x.nameRoot(name, false)
		if root == facts.NotRepo || root == facts.Unknown {
			return root
		}
		return root + "()"
	case "scoped_identifier":
		segs := x.pathSegs(fn)
		if segs == nil {
			return facts.Unknown
		}
		if len(segs) == 2 && vocab().wrappers[segs[0]] && x.nameRoot(segs[0], false) == facts.NotRepo {
			return facts.NotRepo // Option::from(x), Result::ok(..)
		}
		last := segs[len(segs)-1]
		if len(segs) >= 2 && upper(segs[len(segs)-2]) && (vocab().selfMakers[last] || upper(last)) {
			// T::default(), T::from(x): a T, also when T derives the trait;
			// E::Variant(x): an E.
			return x.pathChain(segs[:len(segs)-1], false)
		}
		c := x.pathChain(segs, false)
		if c == facts.Unknown || c == facts.NotRepo {
			return c
		}
		return c + "()"
	case "field_expression":
		return x.methodChain(fn)
	}
	return facts.Unknown
}

// methodChain is the chain of recv.m(..)'s result. Standard methods that
// unwrap or copy a value keep its type without a repository step; those
// that give its values (iter, pop, get) keep it too, unless the
// receiver's type, which only the resolver knows, has its own method of
// that name (facts.Same).
func (x *extractor) methodChain(fn *sitter.Node) string {
	recv := x.exprChain(x.g.Child(fn, "value"))
	m := syntax.Text(x.g.Child(fn, "field"), x.src)
	switch {
	case m == "unwrap" || m == "expect" || m == "unwrap_or" || m == "unwrap_or_else" || m == "unwrap_or_default" || m == "unwrap_unchecked":
		return facts.Step(recv, facts.Unwrap)
	case m == "clone" || m == "to_owned":
		return recv
	case vocab().sameElements[m]:
		if !facts.MayBeRepo(recv) {
			return recv // an outside value's own method
		}
		return facts.Step(recv, facts.Same+m+"()")
	}
	return facts.Step(recv, m+"()")
}
