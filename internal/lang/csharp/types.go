package csharp

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains for C#: the extractor writes the declared type of fields,
// properties and method results (facts.Symbol.Type) and, for a call on a
// local, parameter or expression, the receiver's chain (facts.Ref.Recv).
// Generic arguments are dropped, Foo? is Foo, Task<T> is T (awaiting it is
// what callers do), arrays and predefined types are not repository types.

// typeKinds are the node kinds the type inference reads.
type typeKinds struct {
	implicitType, parameter, implicitParameter, bracketedParams, parameterList   uint16
	declarationExpr, declarationPattern, recursivePattern, varPattern            uint16
	tuplePattern, parenDesignation, foreachStmt, catchDecl, fromClause           uint16
	letClause, joinClause, localFunction, lambda, anonymousMethod, accessorDecl  uint16
	operatorDecl, conversionDecl, indexerDecl, block, forStmt, usingStmt         uint16
	catchClause, switchSection, fixedStmt, castExpr, asExpr, awaitExpr           uint16
	parenExpr, typeofExpr, defaultExpr, arrayCreation, implicitArrayCreation     uint16
	implicitObjectCreation, conditionalExpr, binaryExpr, withExpr, nullLiteral   uint16
	isPatternExpr, isExpr, interpolated, stringLit, verbatimLit, rawLit, charLit uint16
	intLit, realLit, boolLit, lambdaExpr, fieldDecl, eventFieldDecl, stackalloc  uint16

	fParameters, fLeft, fRight, fConsequence, fAlternative, fOperator, fArguments uint16
}

var typeKindTable = sync.OnceValue(func() *typeKinds {
	l := syntax.NewTable(csharpGrammar())
	id, fid := l.ID, l.Field
	return &typeKinds{
		implicitType: id("implicit_type"), parameter: id("parameter"), implicitParameter: id("implicit_parameter"),
		bracketedParams: id("bracketed_parameter_list"), parameterList: id("parameter_list"),
		declarationExpr: id("declaration_expression"), declarationPattern: id("declaration_pattern"),
		recursivePattern: id("recursive_pattern"), varPattern: id("var_pattern"), tuplePattern: id("tuple_pattern"),
		parenDesignation: id("parenthesized_variable_designation"), foreachStmt: id("foreach_statement"),
		catchDecl: id("catch_declaration"), fromClause: id("from_clause"), letClause: id("let_clause"),
		joinClause: id("join_clause"), localFunction: id("local_function_statement"), lambda: id("lambda_expression"),
		anonymousMethod: id("anonymous_method_expression"), accessorDecl: id("accessor_declaration"),
		operatorDecl: id("operator_declaration"), conversionDecl: id("conversion_operator_declaration"),
		indexerDecl: id("indexer_declaration"), block: id("block"), forStmt: id("for_statement"),
		usingStmt: id("using_statement"), catchClause: id("catch_clause"), switchSection: id("switch_section"),
		fixedStmt: id("fixed_statement"), castExpr: id("cast_expression"), asExpr: id("as_expression"),
		awaitExpr: id("await_expression"), parenExpr: id("parenthesized_expression"), typeofExpr: id("typeof_expression"),
		defaultExpr: id("default_expression"), arrayCreation: id("array_creation_expression"),
		implicitArrayCreation:  id("implicit_array_creation_expression"),
		implicitObjectCreation: id("implicit_object_creation_expression"), conditionalExpr: id("conditional_expression"),
		binaryExpr: id("binary_expression"), withExpr: id("with_expression"), nullLiteral: id("null_literal"),
		isPatternExpr: id("is_pattern_expression"), isExpr: id("is_expression"),
		interpolated: id("interpolated_string_expression"), stringLit: id("string_literal"),
		verbatimLit: id("verbatim_string_literal"), rawLit: id("raw_string_literal"), charLit: id("character_literal"),
		intLit: id("integer_literal"), realLit: id("real_literal"), boolLit: id("boolean_literal"),
		lambdaExpr: id("lambda_expression"), fieldDecl: id("field_declaration"), eventFieldDecl: id("event_field_declaration"),
		stackalloc:  id("stackalloc_expression"),
		fParameters: fid("parameters"), fLeft: fid("left"), fRight: fid("right"),
		fConsequence: fid("consequence"), fAlternative: fid("alternative"), fOperator: fid("operator"),
		fArguments: fid("arguments"),
	}
})

// typeChain is the chain of a type node.
func (x *extractor) typeChain(t *sitter.Node) string {
	if t == nil {
		return facts.Unknown
	}
	k := x.k
	switch t.KindId() {
	case k.identifier:
		return x.typeNameChain(syntax.Text(t, x.src))
	case k.genericName:
		return x.typeNameChain(syntax.Text(t.NamedChild(0), x.src))
	case k.qualifiedName, k.aliasQualifiedName:
		return x.qualifiedTypeChain(syntax.StripGenerics(syntax.Text(t, x.src)))
	case k.nullableType, k.refType, k.scopedType:
		return x.typeChain(t.ChildByFieldId(k.fType))
	case k.predefinedType, k.arrayType, k.tupleType, k.pointerType:
		return facts.NotRepo
	}
	return facts.Unknown
}

// typeNameChain is the chain of a simple type name: a type variable is
// unknown, an alias names what it aliases, var and dynamic say nothing.
func (x *extractor) typeNameChain(name string) string {
	switch {
	case name == "" || name == "var" || name == "dynamic" || x.IsTypeParam(name):
		return facts.Unknown
	case x.aliases[name] != "":
		return x.aliases[name]
	}
	return name
}

// qualifiedTypeChain is the chain of A.B.C: the name C in namespace A.B
// when A is a namespace the file knows of, else the nested type A.B.C.
func (x *extractor) qualifiedTypeChain(s string) string {
	s = strings.TrimPrefix(s, "global::")
	s = strings.ReplaceAll(s, "::", ".")
	head, _, _ := strings.Cut(s, ".")
	if a := x.aliases[head]; a != "" && head != s {
		return a + s[len(head):]
	}
	if i := strings.LastIndexByte(s, '.'); i > 0 && x.nsRoots[head] {
		return facts.Imported(s[:i], s[i+1:])
	}
	return s
}

// resultChain is the chain of a method's result: Task<T> and ValueTask<T>
// are T; a Task without a result, like void, is nothing of the repository.
func (x *extractor) resultChain(t *sitter.Node) string {
	if t == nil {
		return ""
	}
	if t.KindId() == x.k.genericName {
		switch syntax.Text(t.NamedChild(0), x.src) {
		case "Task", "ValueTask":
			if args := t.NamedChild(1); args != nil && args.NamedChildCount() == 1 {
				return x.typeChain(args.NamedChild(0))
			}
		}
	}
	if t.KindId() == x.k.identifier {
		switch syntax.Text(t, x.src) {
		case "Task", "ValueTask":
			return facts.NotRepo
		}
	}
	return x.typeChain(t)
}

// step appends a member step to a chain that names something.
func step(chain, member string) string {
	if chain == "" || chain == facts.Unknown || chain == facts.NotRepo {
		return chain
	}
	return chain + "." + member
}

// memberName is the name of a member access or binding, without type
// arguments ("Get" for Get<T>).
func (x *extractor) memberName(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if n.KindId() == x.k.genericName {
		n = n.NamedChild(0)
	}
	return syntax.Text(n, x.src)
}
