package js

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// returnedType is the type chain of a method's result when it declares
// none: the one chain rooted at this that every return statement of its
// body gives (getHttpAdapterRef() { return this.storage.httpAdapter; }),
// as the checker infers it; "" when a return gives anything else or the
// returns differ. Only chains rooted at this are read: the method's
// locals are not bound yet when its symbol is made, while this means the
// class's instance in all of its body.
func (x *extractor) returnedType(body *sitter.Node) string {
	if body == nil {
		return ""
	}
	chain, ok := "", true
	var visit func(n *sitter.Node)
	visit = func(n *sitter.Node) {
		for i := uint(0); i < n.NamedChildCount() && ok; i++ {
			c := n.NamedChild(i)
			switch x.kindName(c) {
			case "return_statement":
				if c.NamedChildCount() == 0 {
					continue // return; adds undefined, whose members no call reaches
				}
				got := x.thisChain(c.NamedChild(0))
				if got == "" || chain != "" && got != chain {
					ok = false
				}
				chain = got
			case "arrow_function", "function_expression", "function", "function_declaration",
				"generator_function", "generator_function_declaration", "class", "class_declaration":
				// their returns are not the method's
			default:
				visit(c)
			}
		}
	}
	visit(body)
	if !ok {
		return ""
	}
	return symbolType(chain)
}

// thisChain is the chain of an expression rooted at this (this.a.b,
// this.a.m(), await this.m()), or "".
func (x *extractor) thisChain(e *sitter.Node) string {
	if _, declared := x.local("this"); declared {
		return "" // a function's declared this, not the class's
	}
	root := e
	for {
		switch x.kindName(root) {
		case "member_expression":
			root = root.ChildByFieldId(x.t.fObject)
			continue
		case "call_expression":
			root = x.callFunction(root)
			continue
		case "non_null_expression", "parenthesized_expression", "await_expression":
			root = root.NamedChild(0)
			continue
		}
		break
	}
	if x.kind(root) != jkThis {
		return ""
	}
	if c := x.exprChain(e); c != facts.Unknown {
		return c
	}
	return ""
}
