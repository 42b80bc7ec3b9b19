package js

import (
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Class and interface members, with their types: methods (result type),
// fields holding functions (methods), other fields and constructor
// parameter properties (fields with their declared or initial type).

func (x *extractor) method(n, parent *sitter.Node, pk kind) {
	if pk != jkClassBody || x.curKind() != facts.KindClass {
		return // object literal method or member of an anonymous class
	}
	name := x.memberName(n.ChildByFieldId(x.t.fName))
	if name == "" {
		return
	}
	class := x.cur()
	kind := facts.KindMethod
	if x.accessor(n) {
		kind = facts.KindField // c.req is the getter's result, never the getter
	}
	x.add(name, kind, n, parent, pk, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
		if name != "constructor" {
			s.Type, s.Union = x.resultType(n), x.resultUnion(n)
		}
		if s.Type == "" && name != "constructor" {
			s.Type = x.returnedType(n.ChildByFieldId(x.t.fBody))
		}
		s.Params = x.paramTypes(n)
	})
	if name == "constructor" {
		x.paramProperties(n, class)
	}
}

// accessor reports whether a method definition is a getter or setter
// (get req() {...}): reading the member calls it, so the member's value
// is the getter's result, as for a field of that type.
func (x *extractor) accessor(n *sitter.Node) bool { return x.hasKeyword(n, "get", "set") }

// hasKeyword reports whether one of n's unnamed children (its keywords
// and punctuation) is one of words.
func (x *extractor) hasKeyword(n *sitter.Node, words ...string) bool {
	for i := uint(0); i < n.ChildCount(); i++ {
		if c := n.Child(i); !c.IsNamed() && slices.Contains(words, x.kindName(c)) {
			return true
		}
	}
	return false
}

// field makes a class field that holds a function a method: one
// initialised with a function (handle = () => {}) or declared with a
// function type (onClose: (e: Event) => void); other fields are field
// symbols typed by their annotation or initializer. A field is no scope:
// calls in its initializer belong to the class.
func (x *extractor) field(n *sitter.Node, pk kind) {
	if pk != jkClassBody || x.curKind() != facts.KindClass {
		return
	}
	nameN := n.ChildByFieldId(x.t.fName)
	if nameN == nil {
		nameN = n.ChildByFieldId(x.t.fProperty)
	}
	name := x.memberName(nameN)
	if name == "" {
		return
	}
	v, ann := n.ChildByFieldId(x.t.fValue), n.ChildByFieldId(x.t.fType)
	switch {
	case x.kind(v) == jkFuncExpr:
		x.addAt(name, facts.KindMethod, n, n, n, n, v.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
			x.signature(s, v)
			if x.tsFunctionType(ann) {
				x.declaredSignature(s, x.innerType(ann))
			}
		})
	case x.tsFunctionType(ann):
		x.addAt(name, facts.KindMethod, n, n, n, n, nil, func(s *facts.Symbol) { x.signature(s, x.innerType(ann)) })
	default:
		x.addField(name, x.cur(), n, ann, x.declaredChain(ann, v))
	}
}

// resultUnion is the Union of a function-like node's result: the members
// of the inline union (or intersection) its declared result type is.
func (x *extractor) resultUnion(fn *sitter.Node) []string {
	if fn == nil {
		return nil
	}
	if rt := fn.ChildByFieldId(x.t.fReturnType); rt != nil {
		return x.typeUnion(x.innerType(rt))
	}
	return nil
}

// propertySignature is an interface member that is not a method
// signature: a method when its type is a function type, else a field.
func (x *extractor) propertySignature(n *sitter.Node) {
	name := x.memberName(n.ChildByFieldId(x.t.fName))
	if name == "" {
		return
	}
	ann := n.ChildByFieldId(x.t.fType)
	if x.tsFunctionType(ann) {
		x.addAt(name, facts.KindMethod, n, n, n, n, nil, func(s *facts.Symbol) { x.signature(s, x.innerType(ann)) })
		return
	}
	x.addField(name, x.cur(), n, ann, x.typeChain(ann))
}

// paramProperties adds the fields a constructor declares through its
// parameters (constructor(private readonly x: Foo)).
func (x *extractor) paramProperties(ctor *sitter.Node, class string) {
	ps := ctor.ChildByFieldId(x.t.fParameters)
	if ps == nil {
		return
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		if x.kind(p) != jkParameter || !x.isParamProperty(p) {
			continue
		}
		pat := p.ChildByFieldId(x.t.fPattern)
		if x.kind(pat) != jkIdentifier {
			continue
		}
		ann := p.ChildByFieldId(x.t.fType)
		x.addField(x.text(pat), class, p, ann, x.declaredChain(ann, p.ChildByFieldId(x.t.fValue)))
	}
}

// isParamProperty reports an accessibility or readonly modifier on a
// parameter.
func (x *extractor) isParamProperty(p *sitter.Node) bool {
	for i := uint(0); i < p.ChildCount(); i++ {
		c := p.Child(i)
		switch x.kindName(c) {
		case "accessibility_modifier", "readonly", "override_modifier":
			return true
		}
	}
	return false
}

// addField records a field symbol under parent without entering it, of
// type typ; ann, its annotation if any, gives its Union when it is an
// inline union of repository types (type: Literal | Union: a method called
// on it may be any member's) or an intersection of them. One declared
// with a function type (a parameter property readonly f: () => AST) is a
// method of that signature, as a class field of one is: a call of it
// gives its result.
func (x *extractor) addField(name, parent string, n, ann *sitter.Node, typ string) {
	q := name
	if parent != "" {
		q = parent + "." + name
	}
	s := facts.Symbol{
		Name: name, Qualified: q, Kind: facts.KindField, Parent: parent,
		Line: syntax.Line(x.skipDecorators(n)), EndLine: syntax.EndLine(n),
		Signature: x.header(x.skipDecorators(n), n, nil),
		Doc:       syntax.PrecedingComments(n, x.src, isComment),
	}
	switch {
	case x.tsFunctionType(ann):
		s.Kind = facts.KindMethod
		x.signature(&s, x.innerType(ann))
	case ann != nil:
		s.Type, s.Union = symbolType(typ), x.typeUnion(x.innerType(ann))
	default:
		s.Type = symbolType(typ)
	}
	x.f.Symbols = append(x.f.Symbols, s)
}

// signature sets a callable symbol's declared result (Type, and Union when
// it is a union), and its parameters' types, from the function-like fn.
func (x *extractor) signature(s *facts.Symbol, fn *sitter.Node) {
	s.Type, s.Params, s.Union = x.resultType(fn), x.paramTypes(fn), x.resultUnion(fn)
}

// declaredSignature fills what a function's own signature leaves out from
// the function type it is declared with (make: () => A | B = () => new
// A()): its result, with the result's union, and its parameters' types.
func (x *extractor) declaredSignature(s *facts.Symbol, ft *sitter.Node) {
	if s.Type == "" {
		s.Type, s.Union = x.resultType(ft), x.resultUnion(ft)
	}
	if s.Params == "" {
		s.Params = x.paramTypes(ft)
	}
}

// resultType is the Symbol.Type of a function-like node: its declared
// result type (a promise's value for async code), "" when not declared.
func (x *extractor) resultType(fn *sitter.Node) string {
	if fn == nil {
		return ""
	}
	rt := fn.ChildByFieldId(x.t.fReturnType)
	if rt == nil {
		return ""
	}
	switch x.kindName(rt) {
	case "type_predicate_annotation", "asserts_annotation", "type_predicate", "asserts":
		return facts.NotRepo
	}
	return symbolType(x.typeChain(rt))
}

// innerType unwraps a type annotation and parentheses.
func (x *extractor) innerType(ann *sitter.Node) *sitter.Node {
	t := ann
	if x.kind(t) == jkTypeAnnotation {
		t = t.NamedChild(0)
	}
	for x.kind(t) == jkParenType {
		t = t.NamedChild(0)
	}
	return t
}

// symbolType is a chain as a Symbol.Type: unknown is "".
func symbolType(chain string) string {
	if chain == facts.Unknown {
		return ""
	}
	return chain
}
