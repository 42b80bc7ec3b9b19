package js

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Narrowing by instanceof. Where the checker knows a local is an instance
// of a class because an if tested it (if (e instanceof HttpException)
// {...}, or if (!(e instanceof HttpException)) return; before the rest
// of a block), the local takes the class for a type there: framework code
// receives values typed any or by a type parameter (an exception filter's
// catch(exception: T)) and calls the class's methods after the test.
// Only locals and parameters are narrowed, and only by a class the file
// names (defined or imported, or a standard global, which says the value
// is no repository type).

// narrowedBranch is the frame of an if's consequence: the locals its
// condition proves instances of a class. nil when n is no consequence or
// proves nothing.
func (x *extractor) narrowedBranch(n, parent *sitter.Node) frame {
	if x.kindName(parent) != "if_statement" || !sameNode(parent.ChildByFieldId(x.t.fConsequence), n) {
		return nil
	}
	fr := frame{}
	x.instanceTests(parent.ChildByFieldId(x.t.fCondition), fr)
	if len(fr) == 0 {
		return nil
	}
	return fr
}

// narrowedAfter is the frame of the statements after a guard that
// leaves the block unless a local is an instance of a class: if (!(x
// instanceof C)) return ...; (or throw), with no else. nil for any other
// statement.
func (x *extractor) narrowedAfter(stmt *sitter.Node) frame {
	if x.kindName(stmt) != "if_statement" || stmt.ChildByFieldId(x.t.fAlternative) != nil || !x.exits(stmt.ChildByFieldId(x.t.fConsequence)) {
		return nil
	}
	cond := x.unparen(stmt.ChildByFieldId(x.t.fCondition))
	if x.kindName(cond) != "unary_expression" || x.text(cond.ChildByFieldId(x.t.fOperator)) != "!" {
		return nil
	}
	fr := frame{}
	x.instanceTest(x.unparen(cond.ChildByFieldId(x.t.fArgument)), fr)
	if len(fr) == 0 {
		return nil
	}
	return fr
}

// instanceTests binds the locals a condition proves instances of a
// class: x instanceof C, or several such tests joined by &&.
func (x *extractor) instanceTests(cond *sitter.Node, fr frame) {
	cond = x.unparen(cond)
	if x.kindName(cond) == "binary_expression" && x.text(cond.ChildByFieldId(x.t.fOperator)) == "&&" {
		x.instanceTests(cond.ChildByFieldId(x.t.fLeft), fr)
		x.instanceTests(cond.ChildByFieldId(x.t.fRight), fr)
		return
	}
	x.instanceTest(cond, fr)
}

// instanceTest binds the local of one test "x instanceof C" to C.
func (x *extractor) instanceTest(test *sitter.Node, fr frame) {
	if x.kindName(test) != "binary_expression" || x.text(test.ChildByFieldId(x.t.fOperator)) != "instanceof" {
		return
	}
	left, right := x.unparen(test.ChildByFieldId(x.t.fLeft)), test.ChildByFieldId(x.t.fRight)
	name, ok := x.narrowable(left)
	if !ok {
		return
	}
	if x.kind(right) == jkIdentifier && x.isLocal(x.text(right)) {
		return // a class held in a variable: its type is not the class
	}
	if c := x.exprChain(right); c != facts.Unknown {
		fr[name] = c
	}
}

// narrowable is the frame key of what an instanceof test may narrow: a
// local, or a property of a local (context.error instanceof
// HTTPException), bound as "context.error" as a typed property is (see
// localMember).
func (x *extractor) narrowable(left *sitter.Node) (string, bool) {
	switch x.kind(left) {
	case jkIdentifier:
		return x.text(left), x.isLocal(x.text(left))
	case jkMember:
		obj, prop := left.ChildByFieldId(x.t.fObject), left.ChildByFieldId(x.t.fProperty)
		if x.kind(obj) == jkIdentifier && x.kind(prop) == jkPropertyIdent && x.isLocal(x.text(obj)) {
			return x.text(obj) + "." + x.text(prop), true
		}
	}
	return "", false
}

// exits reports whether a statement always leaves the enclosing block:
// a return or throw, or a block that ends with one.
func (x *extractor) exits(stmt *sitter.Node) bool {
	switch x.kindName(stmt) {
	case "return_statement", "throw_statement":
		return true
	case "statement_block":
		for i := int(stmt.NamedChildCount()) - 1; i >= 0; i-- {
			if c := stmt.NamedChild(uint(i)); x.kind(c) != jkComment {
				return x.exits(c)
			}
		}
	}
	return false
}

// unparen takes the parentheses off an expression.
func (x *extractor) unparen(n *sitter.Node) *sitter.Node {
	for x.kindName(n) == "parenthesized_expression" && n.NamedChildCount() > 0 {
		n = n.NamedChild(0)
	}
	return n
}
