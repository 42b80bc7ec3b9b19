package java

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type inference for Java: declared types of fields, parameters and
// locals (var takes its initializer's), result types of methods, and the
// simple type names of call arguments, so that the resolver can follow a
// receiver to its type and choose among overloads (facts.Ref.Args).

// typedVar is what the extractor knows of a variable's type.
type typedVar struct {
	chain string // type chain (facts.Unknown when unknown)
	typ   string // simple type name with "[]" per dimension, "?" when unknown
	// elem is the chain and simple name of an element when the value is
	// iterated (arrays, one-argument generics such as List<Foo>).
	elem, elemTyp string
}

var unknownVar = typedVar{chain: facts.Unknown, typ: "?"}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// typeKinds holds the node kinds type inference reads.
type typeKinds struct {
	integralType, floatingType, booleanType, voidType, arrayType, annotatedType, typeArguments, wildcard   uint16
	dimensions, dimensionsExpr, localVarDecl, formalParameters, formalParameter, spreadParameter           uint16
	inferredParameters, lambda, block, ctorBody, forStmt, enhancedFor, catchClause, catchParam, catchType  uint16
	tryResources, resource, switchBlock, classBody, interfaceBody, enumBody, enumBodyDecls, instanceOf     uint16
	castExpr, parenExpr, arrayAccess, ternary, assignment, binaryExpr, unaryExpr, updateExpr, stringLit    uint16
	charLit, nullLit, trueLit, falseLit, classLit, arrayCreation, methodRef, objectCreation, argumentList  uint16
	decInt, hexInt, octInt, binInt, decFloat, hexFloat, recordDecl, annotationBody, lineComment, typeBound uint16

	fArguments, fValue, fElement, fDimensions, fParameters, fOperator, fOperand, fLeft, fRight uint16
	fConsequence, fAlternative, fArray, fResources                                             uint16
}

var typeKindTable = sync.OnceValue(func() *typeKinds {
	l := syntax.NewTable(javaGrammar())
	id, fid := l.ID, l.Field
	return &typeKinds{
		integralType: id("integral_type"), floatingType: id("floating_point_type"), booleanType: id("boolean_type"),
		voidType: id("void_type"), arrayType: id("array_type"), annotatedType: id("annotated_type"),
		typeArguments: id("type_arguments"), wildcard: id("wildcard"), dimensions: id("dimensions"),
		dimensionsExpr: id("dimensions_expr"), localVarDecl: id("local_variable_declaration"),
		formalParameters: id("formal_parameters"), formalParameter: id("formal_parameter"),
		spreadParameter: id("spread_parameter"), inferredParameters: id("inferred_parameters"),
		lambda: id("lambda_expression"), block: id("block"), ctorBody: id("constructor_body"),
		forStmt: id("for_statement"), enhancedFor: id("enhanced_for_statement"), catchClause: id("catch_clause"),
		catchParam: id("catch_formal_parameter"), catchType: id("catch_type"),
		tryResources: id("try_with_resources_statement"), resource: id("resource"), switchBlock: id("switch_block"),
		classBody: id("class_body"), interfaceBody: id("interface_body"), enumBody: id("enum_body"),
		enumBodyDecls: id("enum_body_declarations"), instanceOf: id("instanceof_expression"),
		castExpr: id("cast_expression"), parenExpr: id("parenthesized_expression"), arrayAccess: id("array_access"),
		ternary: id("ternary_expression"), assignment: id("assignment_expression"), binaryExpr: id("binary_expression"),
		unaryExpr: id("unary_expression"), updateExpr: id("update_expression"), stringLit: id("string_literal"),
		charLit: id("character_literal"), nullLit: id("null_literal"), trueLit: id("true"), falseLit: id("false"),
		classLit: id("class_literal"), arrayCreation: id("array_creation_expression"), methodRef: id("method_reference"),
		objectCreation: id("object_creation_expression"), argumentList: id("argument_list"),
		decInt: id("decimal_integer_literal"), hexInt: id("hex_integer_literal"), octInt: id("octal_integer_literal"),
		binInt: id("binary_integer_literal"), decFloat: id("decimal_floating_point_literal"),
		hexFloat: id("hex_floating_point_literal"), recordDecl: id("record_declaration"),
		annotationBody: id("annotation_type_body"), lineComment: id("line_comment"), typeBound: id("type_bound"),
		fArguments: fid("arguments"), fValue: fid("value"), fElement: fid("element"), fDimensions: fid("dimensions"),
		fParameters: fid("parameters"), fOperator: fid("operator"), fOperand: fid("operand"), fLeft: fid("left"),
		fRight: fid("right"), fConsequence: fid("consequence"), fAlternative: fid("alternative"), fArray: fid("array"),
		fResources: fid("resources"),
	}
})

// importChain is the chain root of a single-type import: the class
// file is the module, a nested type a step ("a.b.Outer.Inner" ->
// "@a.b.Outer|Outer.Inner"), by Java's naming convention that packages are
// lower case and types capitalized.
func importChain(path string) string {
	segs := strings.Split(path, ".")
	for k, s := range segs {
		if s != "" && syntax.IsUpper(s[0]) {
			return facts.Imported(strings.Join(segs[:k+1], "."), strings.Join(segs[k:], "."))
		}
	}
	return facts.Imported(path, segs[len(segs)-1])
}

// isConstantName reports an ALL_CAPS name: a constant, not a type.
func isConstantName(s string) bool {
	return strings.ToUpper(s) == s && syntax.IsUpper(s[0])
}

// typeRoot is the chain of a simple type name written in this file.
func (x *extractor) typeRoot(name string) string {
	switch {
	case x.IsTypeParam(name):
		return facts.Unknown
	case x.in.declared[name] != "":
		return x.in.declared[name]
	case x.in.imports[name] != "":
		return x.in.imports[name]
	case vocab().langTypes[name]:
		return facts.NotRepo
	}
	return name
}

// dottedType is the chain of a dotted type name: a package-qualified type
// ("java.util.Map.Entry") or a nested one ("Outer.Inner").
func (x *extractor) dottedType(text string) string {
	segs := strings.Split(text, ".")
	if syntax.IsUpper(segs[0][0]) {
		root := x.typeRoot(segs[0])
		if root == facts.Unknown || root == facts.NotRepo {
			return root
		}
		return root + "." + strings.Join(segs[1:], ".")
	}
	if segs[0] == "java" || segs[0] == "javax" {
		return facts.NotRepo
	}
	return importChain(text)
}

// typeInfo reads a type node.
func (x *extractor) typeInfo(t *sitter.Node) typedVar {
	k, tk := x.k, x.tk
	if t == nil {
		return unknownVar
	}
	switch t.KindId() {
	case tk.integralType, tk.floatingType, tk.booleanType, tk.voidType:
		return typedVar{chain: facts.NotRepo, typ: syntax.Text(t, x.src)}
	case k.typeIdentifier:
		name := syntax.Text(t, x.src)
		if name == "var" {
			return unknownVar
		}
		if bound, ok := x.typeParamBound(name); ok {
			return x.boundInfo(bound)
		}
		chain := x.typeRoot(name)
		if chain == facts.Unknown {
			return unknownVar
		}
		return typedVar{chain: chain, typ: libMark(chain, name)}
	case k.scopedTypeIdentifier:
		text := syntax.StripGenerics(syntax.Text(t, x.src))
		last, _ := syntax.SplitLast(text, ".")
		chain := x.dottedType(text)
		return typedVar{chain: chain, typ: libMark(chain, last)}
	case k.generic:
		if t.NamedChildCount() == 0 {
			return unknownVar
		}
		v := x.typeInfo(t.NamedChild(0))
		if args := t.NamedChild(t.NamedChildCount() - 1); args.KindId() == tk.typeArguments && args.NamedChildCount() == 1 {
			arg := args.NamedChild(0)
			if arg.KindId() == tk.wildcard && arg.NamedChildCount() > 0 {
				arg = arg.NamedChild(arg.NamedChildCount() - 1)
			}
			e := x.typeInfo(arg)
			v.elem, v.elemTyp = e.chain, e.typ
		}
		return v
	case tk.arrayType:
		el := x.typeInfo(t.ChildByFieldId(tk.fElement))
		dims := strings.Count(syntax.Text(t.ChildByFieldId(tk.fDimensions), x.src), "[")
		if dims == 0 {
			dims = 1
		}
		v := typedVar{chain: facts.NotRepo, typ: el.typ + strings.Repeat("[]", dims), elem: el.chain, elemTyp: el.typ}
		if dims > 1 {
			v.elem, v.elemTyp = facts.NotRepo, el.typ+strings.Repeat("[]", dims-1)
		}
		return v
	case tk.annotatedType:
		if n := t.NamedChildCount(); n > 0 {
			return x.typeInfo(t.NamedChild(n - 1))
		}
	}
	return unknownVar
}

// typeParamBound finds a type variable in scope and its bound (nil when
// unbounded).
func (x *extractor) typeParamBound(name string) (*sitter.Node, bool) {
	for i := len(x.Scopes) - 1; i >= 0; i-- {
		for j, t := range x.Scopes[i].TypeParams {
			if t == name {
				if j < len(x.Scopes[i].Bounds) {
					return x.Scopes[i].Bounds[j], true
				}
				return nil, true
			}
		}
	}
	return nil, false
}

// boundInfo is a type variable's type: its bound's members (the chain),
// but an unknown simple type (a value of type T extends CharSequence may
// be a String) except for parameter lists, where the bound is what a
// caller's argument must fit.
func (x *extractor) boundInfo(bound *sitter.Node) typedVar {
	switch {
	case bound == nil && x.forParams, x.boundDepth > 1:
		return unknownVar
	case bound == nil:
		// A value of an unbounded type variable is an Object to the
		// compiler: its methods are Object's, and it is passed only where
		// an Object is taken (never to a primitive or array parameter).
		return typedVar{chain: facts.NotRepo, typ: "-Object"}
	}
	x.boundDepth++
	v := x.typeInfo(bound)
	x.boundDepth--
	v.elem, v.elemTyp = "", ""
	return v
}

// libMark marks the simple name of a library type with "-" (see
// facts.Ref.Args); plainType removes the mark.
func libMark(chain, name string) string {
	if chain == facts.NotRepo {
		return "-" + name
	}
	return name
}

func plainType(t string) string { return strings.TrimPrefix(t, "-") }

// symbolChain is a chain as Symbol.Type keeps it: "" when unknown.
func symbolChain(v typedVar) string {
	if v.chain == facts.Unknown {
		return ""
	}
	return v.chain
}

// paramList is a method's Params: its parameters' simple type names.
func (x *extractor) paramList(params *sitter.Node) string {
	if params == nil {
		return ""
	}
	var out []string
	x.forParams = true
	defer func() { x.forParams = false }()
	it := syntax.KidsOf(params)
	defer it.Close()
	for p := it.Next(); p != nil; p = it.Next() {
		switch p.KindId() {
		case x.tk.formalParameter:
			out = append(out, plainType(x.typeInfo(p.ChildByFieldId(x.k.fType)).typ))
		case x.tk.spreadParameter:
			out = append(out, plainType(x.spreadType(p).typ)+"...")
		}
	}
	return "(" + strings.Join(out, ",") + ")"
}

// spreadType is the element type of a variadic parameter (T... xs).
func (x *extractor) spreadType(p *sitter.Node) typedVar {
	for i := uint(0); i < p.NamedChildCount(); i++ {
		if c := p.NamedChild(i); c.KindId() != x.k.modifiers && c.KindId() != x.k.variableDeclarator {
			return x.typeInfo(c)
		}
	}
	return unknownVar
}

// argsOf is a call's Args: its arguments' simple type names.
func (x *extractor) argsOf(list *sitter.Node) string {
	if list == nil {
		return ""
	}
	var out []string
	it := syntax.KidsOf(list)
	defer it.Close()
	for a := it.Next(); a != nil; a = it.Next() {
		if a.KindId() == x.k.blockComment || a.KindId() == x.tk.lineComment {
			continue
		}
		out = append(out, x.argType(a))
	}
	return "(" + strings.Join(out, ",") + ")"
}
