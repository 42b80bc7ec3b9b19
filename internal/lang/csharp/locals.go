package csharp

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Local variables and parameters of C#, with their type chains, so that a
// call on one names its receiver's type (facts.Ref.Recv). A scope opens at
// each member, lambda, block and statement that declares variables; a
// variable declared in an expression (out var, a pattern) belongs to the
// enclosing one, as in C#.

// declare binds a local to its type chain and to its simple type name
// (argType), "?" when unknown.
func (x *extractor) declare(name, chain, typ string) {
	if name != "_" {
		x.locals.Declare(name, chain)
		x.argTypes.Declare(name, typ)
	}
}

// pushLocals opens a scope of locals; the walk closes it (popLocals).
func (x *extractor) pushLocals() {
	x.locals.Push()
	x.argTypes.Push()
}

func (x *extractor) popLocals() {
	x.locals.Pop()
	x.argTypes.Pop()
}

// openLocals declares what n declares and reports whether it opened a
// scope (which the walk closes after n's children).
func (x *extractor) openLocals(n *sitter.Node, id, parentKind uint16) bool {
	k, t := x.k, x.t
	switch id {
	case k.methodDecl, k.ctorDecl, t.localFunction, t.operatorDecl, t.conversionDecl, t.lambda, t.anonymousMethod:
		x.pushLocals()
		x.declareParams(n.ChildByFieldId(t.fParameters))
		return true
	case k.classDecl, k.structDecl, k.recordDecl:
		// A primary constructor's parameters are in scope in the whole body.
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if ch := n.NamedChild(i); ch.KindId() == t.parameterList {
				x.pushLocals()
				x.declareParams(ch)
				return true
			}
		}
		return false
	case k.propertyDecl, k.eventDecl, t.indexerDecl:
		// value, in a setter, is the property's own type.
		x.pushLocals()
		x.declare("value", x.typeChain(n.ChildByFieldId(k.fType)), x.simpleType(n.ChildByFieldId(k.fType)))
		x.declareParams(n.ChildByFieldId(t.fParameters))
		return true
	case t.foreachStmt:
		x.pushLocals()
		x.declareTyped(n.ChildByFieldId(t.fLeft), n.ChildByFieldId(k.fType))
		return true
	case t.block, t.forStmt, t.usingStmt, t.catchClause, t.switchSection, t.fixedStmt:
		x.pushLocals()
		return true
	}
	x.declareIn(n, id, parentKind)
	return false
}

// declareIn declares the variables of a declaration that opens no scope.
func (x *extractor) declareIn(n *sitter.Node, id, parentKind uint16) {
	k, t := x.k, x.t
	switch id {
	case k.variableDeclaration:
		if parentKind != t.fieldDecl && parentKind != t.eventFieldDecl {
			x.declareVariables(n)
		}
	case t.declarationExpr, t.declarationPattern, t.recursivePattern, t.catchDecl, t.fromClause:
		x.declareTyped(n.ChildByFieldId(k.fName), n.ChildByFieldId(k.fType))
	case t.varPattern, t.parenDesignation, t.tuplePattern, t.letClause, t.joinClause:
		x.declareUnknown(n)
	}
}

// declareTyped declares name (an identifier, or a tuple of them) as a
// variable of type t; var, or no type, says nothing.
func (x *extractor) declareTyped(name, t *sitter.Node) {
	if name == nil {
		return
	}
	if name.KindId() != x.k.identifier {
		x.declareUnknown(name)
		return
	}
	chain, typ := facts.Unknown, "?"
	if t != nil && t.KindId() != x.t.implicitType {
		chain, typ = x.typeChain(t), x.simpleType(t)
	}
	x.declare(syntax.Text(name, x.src), chain, typ)
}

// declareUnknown declares the identifiers directly under n with no type.
func (x *extractor) declareUnknown(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if ch := n.NamedChild(i); ch.KindId() == x.k.identifier {
			x.declare(syntax.Text(ch, x.src), facts.Unknown, "?")
		}
	}
}

// declareVariables declares T a = ..., b; and var a = expr;.
func (x *extractor) declareVariables(decl *sitter.Node) {
	t := decl.ChildByFieldId(x.k.fType)
	implicit := t == nil || t.KindId() == x.t.implicitType
	declared, declaredType := facts.Unknown, "?"
	if !implicit {
		declared, declaredType = x.typeChain(t), x.simpleType(t)
	}
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		d := decl.NamedChild(i)
		if d.KindId() != x.k.variableDeclarator {
			continue
		}
		name := d.ChildByFieldId(x.k.fName)
		if name == nil {
			for j := uint(0); j < d.NamedChildCount(); j++ {
				if p := d.NamedChild(j); p.KindId() == x.t.tuplePattern {
					x.declareUnknown(p)
				}
			}
			continue
		}
		chain, typ := declared, declaredType
		if implicit {
			init := x.initializer(d, name)
			chain, typ = x.exprChain(init), x.varType(init)
		}
		x.declare(syntax.Text(name, x.src), chain, typ)
	}
}

// initializer is the value of a variable declarator: its last named child
// after the name, unless that is an array rank.
func (x *extractor) initializer(d, name *sitter.Node) *sitter.Node {
	cnt := d.NamedChildCount()
	if cnt == 0 {
		return nil
	}
	v := d.NamedChild(cnt - 1)
	if v.Id() == name.Id() || v.Kind() == "bracketed_argument_list" {
		return nil
	}
	return v
}

// declareParams declares a parameter list (or a lambda's single implicit
// parameter).
func (x *extractor) declareParams(list *sitter.Node) {
	if list == nil {
		return
	}
	if list.KindId() == x.t.implicitParameter {
		x.declare(syntax.Text(list, x.src), facts.Unknown, "?")
		return
	}
	for i := uint(0); i < list.NamedChildCount(); i++ {
		if p := list.NamedChild(i); p.KindId() == x.t.parameter {
			x.declareTyped(p.ChildByFieldId(x.k.fName), p.ChildByFieldId(x.k.fType))
		}
	}
	// params T[] xs is written in the list itself, not as a parameter.
	if nm, t := list.ChildByFieldId(x.k.fName), list.ChildByFieldId(x.k.fType); nm != nil && t != nil {
		x.declareTyped(nm, t)
	}
}

// localFunction reports a function declared in a method body as a symbol
// inside that method: calls to it from there resolve to it, not to a
// member of the same name.
func (x *extractor) localFunction(n *sitter.Node) bool {
	name := syntax.Text(n.ChildByFieldId(x.k.fName), x.src)
	if name == "" || len(x.Scopes) == 0 || statementWords[name] {
		return false // "else if (c) {}" split by #if parses as a function "if"
	}
	qual, parent := x.Qualify(name)
	var typeParams []string
	if tp := n.ChildByFieldId(x.k.fTypeParameters); tp != nil {
		typeParams = x.typeParams(tp)
	}
	x.Scopes = append(x.Scopes, syntax.Scope{Qual: qual, Name: name, TypeParams: typeParams})
	x.File.Symbols = append(x.File.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Parent: parent, Kind: facts.KindFunction, Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: sig(n, n.ChildByFieldId(x.k.fBody), x.src), Type: x.resultChain(n.ChildByFieldId(x.k.fType)),
	})
	return true
}

var statementWords = map[string]bool{"if": true, "while": true, "for": true, "foreach": true, "switch": true, "using": true, "lock": true, "fixed": true, "catch": true}
