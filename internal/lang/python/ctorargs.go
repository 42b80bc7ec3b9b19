package python

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// constructedWith is the chain of what the module-level code of the file
// passes to an unannotated parameter of a top-level class's __init__ (at
// position pos after self, or by its name): db in ThingsResource.__init__
// (self, db) where the module runs db = StorageEngine() and then
// things = ThingsResource(db), as jedi types it from the caller. Every such
// call the module makes at its top level must pass a value of one known
// chain; calls elsewhere are not looked at. Unknown otherwise.
func (e *extractor) constructedWith(def *sitter.Node, pos int, name string) string {
	if len(e.locals) > 0 || len(e.stack) != 2 || !e.stack[0].class || pos < 0 {
		return facts.Unknown
	}
	if n := def.ChildByFieldId(e.g.fName); n == nil || syntax.Text(n, e.src) != "__init__" {
		return facts.Unknown
	}
	class := e.stack[0].qual
	out := facts.Unknown
	for _, stmt := range syntax.NamedChildren(e.root) {
		call := e.topLevelCall(stmt)
		if call == nil || syntax.Text(call.ChildByFieldId(e.g.fFunc), e.src) != class {
			continue
		}
		arg := e.argument(call, pos, name)
		if arg == nil {
			continue
		}
		c := e.exprChain(arg, pyType, 1)
		switch {
		case c == facts.Unknown || c == facts.NotRepo || out != facts.Unknown && out != c:
			return facts.Unknown
		default:
			out = c
		}
	}
	return out
}

// topLevelCall is the call a module-level statement makes (f(...) or
// x = f(...)), nil for other statements.
func (e *extractor) topLevelCall(stmt *sitter.Node) *sitter.Node {
	if e.g.Kind(stmt) != "expression_statement" || stmt.NamedChildCount() != 1 {
		return nil
	}
	x := stmt.NamedChild(0)
	for x != nil && e.g.Kind(x) == "assignment" {
		x = x.ChildByFieldId(e.g.fRight)
	}
	if x == nil || e.g.Kind(x) != "call" || x.ChildByFieldId(e.g.fFunc) == nil || e.g.Kind(x.ChildByFieldId(e.g.fFunc)) != "identifier" {
		return nil
	}
	return x
}

// argument is a call's pos-th positional argument, else its keyword
// argument name=; nil if it passes neither (or unpacks *args, **kwargs).
func (e *extractor) argument(call *sitter.Node, pos int, name string) *sitter.Node {
	args := call.ChildByFieldId(e.g.fArguments)
	if args == nil {
		return nil
	}
	k := 0
	for _, a := range syntax.NamedChildren(args) {
		switch e.g.Kind(a) {
		case "list_splat", "dictionary_splat":
			return nil
		case "keyword_argument":
			if syntax.Text(a.ChildByFieldId(e.g.fName), e.src) == name {
				return a.ChildByFieldId(e.g.fValue)
			}
		case "comment":
		default:
			if k == pos {
				return a
			}
			k++
		}
	}
	return nil
}
