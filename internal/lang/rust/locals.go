package rust

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Local type inference for Rust: each block of a function keeps its
// variables with the type chain of their declaration or initializer, so
// that x.m() on a local can name x's type for the resolver, and a local
// is never taken for an item of the same name.

// locals is one block's variables, valid until end. A match
// expression's scope holds the chain of the value it matches, which its
// arms' patterns destructure.
type locals struct {
	end   uint
	vars  map[string]string
	match string
}

func (x *extractor) pushLocals(end uint) {
	x.locals = append(x.locals, locals{end: end})
}

// popLocals drops the scopes that end before a node starting at start.
func (x *extractor) popLocals(start uint) {
	for len(x.locals) > 0 && start >= x.locals[len(x.locals)-1].end {
		x.locals = x.locals[:len(x.locals)-1]
	}
}

func (x *extractor) declare(name, chain string) {
	if name == "" || name == "_" || len(x.locals) == 0 {
		return
	}
	if chain == "" {
		chain = facts.Unknown
	}
	top := &x.locals[len(x.locals)-1]
	if top.vars == nil {
		top.vars = map[string]string{}
	}
	top.vars[name] = chain
}

// local returns the chain of a local variable, innermost first.
func (x *extractor) local(name string) (string, bool) {
	for i := len(x.locals) - 1; i >= 0; i-- {
		if c, ok := x.locals[i].vars[name]; ok {
			return c, true
		}
	}
	return "", false
}

// enterBody keeps the scopes of a function body: blocks, closures, loops,
// conditions and match arms each open one. It reports whether n was one.
func (x *extractor) enterBody(n *sitter.Node, kind string) bool {
	switch kind {
	case "block", "if_expression", "while_expression":
		x.pushLocals(n.EndByte())
	case "function_item":
		x.typeParams(n) // a nested function: its generics stay until the outer one ends
		x.pushLocals(n.EndByte())
		x.declareParams(x.g.Child(n, "parameters"))
	case "function_signature_item", "mod_item":
		// declarations inside a function body are not the file's symbols
	case "closure_expression":
		x.pushLocals(n.EndByte())
		x.declareParams(x.g.Child(n, "parameters"))
		x.closureOver(n)
	case "for_expression":
		x.pushLocals(n.EndByte())
		x.declarePattern(x.g.Child(n, "pattern"), facts.Step(x.exprChain(x.g.Child(n, "value")), facts.Unwrap))
	case "match_expression":
		x.pushLocals(n.EndByte())
		x.locals[len(x.locals)-1].match = x.exprChain(x.g.Child(n, "value"))
	case "match_arm":
		matched := facts.Unknown
		for i := len(x.locals) - 1; i >= 0; i-- {
			if x.locals[i].match != "" {
				matched = x.locals[i].match
				break
			}
		}
		x.pushLocals(n.EndByte())
		if p := x.g.Child(n, "pattern"); p != nil && p.NamedChildCount() > 0 {
			x.declarePattern(p.NamedChild(0), matched)
		}
	default:
		return false
	}
	return true
}

// closureOver declares the untyped parameters of a closure passed to one
// of rustElementClosures with the values of the receiver: in
// `v.iter().map(|m| m.start())`, m is one of v's values.
func (x *extractor) closureOver(n *sitter.Node) {
	args := n.Parent()
	if args == nil || x.g.Kind(args) != "arguments" {
		return
	}
	call := args.Parent()
	fn := x.g.Child(call, "function")
	if call == nil || fn == nil || x.g.Kind(fn) != "field_expression" || !vocab().elementClosures[syntax.Text(x.g.Child(fn, "field"), x.src)] {
		return
	}
	elem := facts.Step(x.exprChain(x.g.Child(fn, "value")), facts.Unwrap)
	params := x.g.Child(n, "parameters")
	for i := uint(0); params != nil && i < params.NamedChildCount(); i++ {
		switch p := params.NamedChild(i); x.g.Kind(p) {
		case "identifier", "reference_pattern", "ref_pattern", "mut_pattern":
			x.declarePattern(p, elem)
		}
	}
}

// declareParams declares a parameter list's names with their types
// (self is the receiver, which the resolver knows as "self").
func (x *extractor) declareParams(list *sitter.Node) {
	if list == nil {
		return
	}
	for i := uint(0); i < list.NamedChildCount(); i++ {
		p := list.NamedChild(i)
		switch x.g.Kind(p) {
		case "parameter":
			chain := facts.Unknown
			if t := x.g.Child(p, "type"); t != nil {
				chain = x.typeChain(t, false)
			}
			x.declarePattern(x.g.Child(p, "pattern"), chain)
		case "self_parameter", "variadic_parameter", "attribute_item", "line_comment", "block_comment":
		default:
			x.declarePattern(p, facts.Unknown) // a closure's untyped pattern
		}
	}
}

// declarePattern binds the names of a pattern that destructures a value of
// the given chain: a plain name takes the chain, Some(x) / Ok(x) its
// wrapped value, any other destructuring an unknown type.
func (x *extractor) declarePattern(p *sitter.Node, chain string) {
	if p == nil {
		return
	}
	switch x.g.Kind(p) {
	case "identifier":
		x.declare(syntax.Text(p, x.src), chain)
		return
	case "mut_pattern", "ref_pattern", "reference_pattern":
		if p.NamedChildCount() > 0 {
			x.declarePattern(p.NamedChild(p.NamedChildCount()-1), chain)
		}
		return
	case "tuple_struct_pattern":
		switch syntax.Text(x.g.Child(p, "type"), x.src) {
		case "Some", "Ok":
			if p.NamedChildCount() == 2 {
				x.declarePattern(p.NamedChild(1), facts.Step(chain, facts.Unwrap))
				return
			}
		}
		if t := x.variantField(x.g.Child(p, "type")); t != nil && p.NamedChildCount() == 2 {
			x.declarePattern(p.NamedChild(1), x.typeChain(t, false))
			return
		}
	}
	x.bindUnknown(p)
}

// bindUnknown declares every name a pattern binds with an unknown type.
func (x *extractor) bindUnknown(p *sitter.Node) {
	syntax.Walk(p, func(n *sitter.Node) bool {
		switch x.g.Kind(n) {
		case "identifier", "shorthand_field_identifier":
			x.declare(syntax.Text(n, x.src), facts.Unknown)
		case "scoped_identifier", "generic_type", "scoped_type_identifier", "type_identifier":
			return false
		case "tuple_struct_pattern", "struct_pattern":
			for i := uint(0); i < n.NamedChildCount(); i++ {
				if ch := n.NamedChild(i); n.FieldNameForNamedChild(uint32(i)) != "type" {
					x.bindUnknown(ch)
				}
			}
			return false
		}
		return true
	})

}

// typeParams puts an item's generic parameters in scope with the chain of
// their bounds, including those of its where clause.
func (x *extractor) typeParams(n *sitter.Node) {
	if tp := x.g.Child(n, "type_parameters"); tp != nil {
		for i := uint(0); i < tp.NamedChildCount(); i++ {
			if ch := tp.NamedChild(i); x.g.Kind(ch) == "type_parameter" {
				x.tparams = append(x.tparams, tParam{syntax.Text(x.g.Child(ch, "name"), x.src), x.boundsChain(x.g.Child(ch, "bounds"))})
			}
		}
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		wc := n.NamedChild(i)
		if x.g.Kind(wc) != "where_clause" {
			continue
		}
		for j := uint(0); j < wc.NamedChildCount(); j++ {
			pred := wc.NamedChild(j)
			left := syntax.Text(x.g.Child(pred, "left"), x.src)
			for k := len(x.tparams) - 1; k >= 0; k-- {
				if x.tparams[k].name == left && x.tparams[k].chain == facts.Unknown {
					x.tparams[k].chain = x.boundsChain(x.g.Child(pred, "bounds"))
					break
				}
			}
		}
	}
}

// boundsChain is the chain of a value bounded by traits: the first bound
// that may be a repository trait, NotRepo when every bound is a standard
// trait (its methods are standard ones), Unknown without bounds.
func (x *extractor) boundsChain(b *sitter.Node) string {
	if b == nil {
		return facts.Unknown
	}
	out := facts.Unknown
	for i := uint(0); i < b.NamedChildCount(); i++ {
		ch := b.NamedChild(i)
		if k := x.g.Kind(ch); k == "lifetime" || k == "higher_ranked_trait_bound" {
			continue
		}
		switch c := x.typeChain(ch, true); c {
		case facts.NotRepo:
			out = facts.NotRepo
		case facts.Unknown:
		default:
			return c
		}
	}
	return out
}

func (x *extractor) isTypeParam(name string) bool {
	_, ok := x.typeParam(name)
	return ok
}

func (x *extractor) typeParam(name string) (string, bool) {
	for i := len(x.tparams) - 1; i >= 0; i-- {
		if x.tparams[i].name == name {
			return x.tparams[i].chain, true
		}
	}
	return "", false
}

// enumVariants records the field type of each of an enum's tuple
// variants that hold one value (Class::Unicode(ClassUnicode)), so that a
// pattern of that variant in this file gives its binding a type.
func (x *extractor) enumVariants(n *sitter.Node) {
	enum := syntax.Text(x.g.Child(n, "name"), x.src)
	body := x.g.Child(n, "body")
	for i := uint(0); body != nil && i < body.NamedChildCount(); i++ {
		v := body.NamedChild(i)
		fields := x.g.Child(v, "body")
		if x.g.Kind(v) != "enum_variant" || fields == nil || x.g.Kind(fields) != "ordered_field_declaration_list" {
			continue
		}
		var types []*sitter.Node
		for j := uint(0); j < fields.NamedChildCount(); j++ {
			if fields.FieldNameForNamedChild(uint32(j)) == "type" {
				types = append(types, fields.NamedChild(j))
			}
		}
		if len(types) == 1 {
			x.variants[enum+"::"+syntax.Text(x.g.Child(v, "name"), x.src)] = types[0]
		}
	}
}

// variantField is the field type of the one-value tuple variant a
// pattern's path names (E::V, Self::V, m::E::V) when this file declares
// the enum; nil otherwise.
func (x *extractor) variantField(path *sitter.Node) *sitter.Node {
	if path == nil || len(x.variants) == 0 {
		return nil
	}
	segs := strings.Split(syntax.NoSpace(syntax.Text(path, x.src)), "::")
	if len(segs) < 2 {
		return nil
	}
	enum := segs[len(segs)-2]
	if enum == "Self" {
		enum = x.implSelf()
	}
	return x.variants[enum+"::"+segs[len(segs)-1]]
}

// implSelf is the simple name of the type of the impl block around the
// current node, or "".
func (x *extractor) implSelf() string {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if x.scopes[i].kind == 'i' {
			q := x.scopes[i].qual
			return q[strings.LastIndexByte(q, '.')+1:]
		}
	}
	return ""
}
