package lang

import sitter "github.com/tree-sitter/go-tree-sitter"

// Local bindings. A bare call f() inside a function where f is a parameter
// or a local variable calls that value, never a module-level definition
// of the same name elsewhere, so the extractor emits no reference for it
// (the resolver would otherwise match the name across the project). Local
// functions that are symbols themselves (function declarations, functions
// bound to a const in a function or method) stay references.
//
// Scoping is per function, not per block: a name bound anywhere in a
// function's body (outside nested functions) is local in all of it.

// jsFrame is the set of names a function binds that are not symbols.
type jsFrame map[string]bool

// enterFunction pushes the frame of a function-like node (declaration,
// expression, arrow, method): its parameters and the variables its body
// declares.
func (x *jsExtractor) enterFunction(n *sitter.Node) {
	fr := jsFrame{}
	if x.kind(n) == jkFuncExpr {
		// A named function expression binds its own name in its body; the
		// symbol, if any, is named after the variable it is assigned to.
		if name := n.ChildByFieldId(x.t.fName); x.kind(name) == jkIdentifier {
			fr[x.text(name)] = true
		}
	}
	if ps := n.ChildByFieldId(x.t.fParameters); ps != nil {
		for i := uint(0); i < ps.NamedChildCount(); i++ {
			x.bindPattern(ps.NamedChild(i), fr)
		}
	}
	if p := n.ChildByFieldId(x.t.fParameter); p != nil { // x => ...
		x.bindPattern(p, fr)
	}
	if body := n.ChildByFieldId(x.t.fBody); x.kind(body) == jkStatementBlock {
		x.bindStatements(body, fr, x.curKind())
	}
	x.frames = append(x.frames, fr)
}

// isLocal reports whether a bare name is bound locally by an enclosing
// function.
func (x *jsExtractor) isLocal(name string) bool {
	for i := len(x.frames) - 1; i >= 0; i-- {
		if x.frames[i][name] {
			return true
		}
	}
	return false
}

// bindStatements adds the variables declared in the statements under n,
// not looking into nested functions or classes. scopeKind is the kind of
// the symbol the statements belong to: under a function or method a
// function-valued declarator is a symbol (see declarator), not a local.
func (x *jsExtractor) bindStatements(n *sitter.Node, fr jsFrame, scopeKind string) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkLexical, jkVarDecl:
			for j := uint(0); j < c.NamedChildCount(); j++ {
				d := c.NamedChild(j)
				if x.kind(d) != jkDeclarator {
					continue
				}
				vk := x.kind(d.ChildByFieldId(x.t.fValue))
				symbol := (vk == jkFuncExpr || vk == jkClassExpr) && (scopeKind == "function" || scopeKind == "method")
				if name := d.ChildByFieldId(x.t.fName); !symbol || x.kind(name) != jkIdentifier {
					x.bindPattern(name, fr)
				}
			}
		case jkForIn:
			if c.ChildByFieldId(x.t.fKind) != nil {
				x.bindPattern(c.ChildByFieldId(x.t.fLeft), fr)
			}
			x.bindStatements(c, fr, scopeKind)
		case jkCatch:
			x.bindPattern(c.ChildByFieldId(x.t.fParameter), fr)
			x.bindStatements(c, fr, scopeKind)
		case jkStatementBlock, jkStmtContainer:
			x.bindStatements(c, fr, scopeKind)
		}
	}
}

// bindPattern adds the names a binding pattern binds: identifiers,
// destructured properties and elements, rest and defaulted names (not the
// defaults, keys or type annotations).
func (x *jsExtractor) bindPattern(p *sitter.Node, fr jsFrame) {
	switch x.kind(p) {
	case jkIdentifier, jkShorthandPattern:
		fr[x.text(p)] = true
	case jkObjectPattern, jkArrayPattern, jkRestPattern:
		for i := uint(0); i < p.NamedChildCount(); i++ {
			x.bindPattern(p.NamedChild(i), fr)
		}
	case jkPairPattern:
		x.bindPattern(p.ChildByFieldId(x.t.fValue), fr)
	case jkAssignPattern, jkAssignmentPattern:
		x.bindPattern(p.ChildByFieldId(x.t.fLeft), fr)
	case jkParameter:
		x.bindPattern(p.ChildByFieldId(x.t.fPattern), fr)
	}
}
