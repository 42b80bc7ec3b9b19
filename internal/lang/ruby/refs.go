package ruby

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// call handles one call node and reports whether to visit its children.
func (x *extractor) call(n *sitter.Node) bool {
	m := x.g.Child(n, "method")
	name := syntax.Text(m, x.src)
	recv := x.g.Child(n, "receiver")
	args := x.g.Child(n, "arguments")
	if m != nil && x.g.Kind(m) == "super" {
		x.superCall(n)
		x.walkExcept(n, m)
		return false
	}
	if recv == nil {
		switch name {
		case "require", "require_relative":
			if spec, ok := stringArg(args, x.src); ok {
				k := "require"
				if name == "require_relative" {
					k = "relative"
				}
				x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Kind: k, Line: syntax.Line(n)})
				return false
			}
		case "include", "extend":
			if args != nil && len(x.scopes) > 0 {
				s := x.scopes[len(x.scopes)-1]
				if s.sym >= 0 && (s.kind == 'c' || s.kind == 'm') {
					sym := &x.f.Symbols[s.sym]
					for i := uint(0); i < args.NamedChildCount(); i++ {
						if a := args.NamedChild(i); isConst(a) {
							sym.Implements = append(sym.Implements, syntax.NoSpace(syntax.Text(a, x.src)))
						}
					}
					return true
				}
			}
		}
		// A bare name is a call only with arguments, parens or a block.
		if args != nil || x.g.Child(n, "block") != nil {
			x.ref(name, "", facts.RefCall, syntax.Line(n))
		}
		if m != nil && x.g.Kind(m) == "constant" { // Integer("3"): not also a reference
			x.walkExcept(n, m)
			return false
		}
		return true
	}
	if name == "new" && isConst(recv) {
		// Foo.new: a call of the class Foo (its initialize).
		q, cname := "", syntax.Text(recv, x.src)
		if x.g.Kind(recv) == "scope_resolution" {
			cname = syntax.Text(x.g.Child(recv, "name"), x.src)
			if sc := x.g.Child(recv, "scope"); sc != nil {
				q = syntax.NoSpace(syntax.Text(sc, x.src))
			}
		}
		recvChain := ""
		if q != "" {
			recvChain = constChain(q)
		}
		x.refRecv(cname, q, recvChain, facts.RefCall, syntax.Line(n))
		x.walkExcept(n, recv)
		return false
	}
	if name == "class" && x.g.Kind(recv) == "self" {
		return false // self.class names self's class, it calls nothing
	}
	q, ok := chain(recv, x.src)
	if !ok {
		q = "?"
	}
	x.refRecv(name, q, x.recvChain(recv, name), facts.RefCall, syntax.Line(n))
	return true
}

// superCall records super (or super(args)) as a call of the enclosing
// method's name on the base class.
func (x *extractor) superCall(n *sitter.Node) {
	if m := x.methodName(); m != "" {
		x.ref(m, "super", facts.RefCall, syntax.Line(n))
	}
}

// chain returns the receiver text when it is a name chain (x, self,
// @x, Foo::Bar, x.y without arguments).
func chain(n *sitter.Node, src []byte) (string, bool) {
	switch table().Kind(n) {
	case "identifier", "constant", "self", "instance_variable", "class_variable", "global_variable", "scope_resolution":
		return syntax.NoSpace(syntax.Text(n, src)), true
	case "call":
		if table().Child(n, "arguments") != nil || table().Child(n, "block") != nil {
			return "", false
		}
		r := table().Child(n, "receiver")
		if r == nil {
			return syntax.Text(table().Child(n, "method"), src), true
		}
		q, ok := chain(r, src)
		return q + "." + syntax.Text(table().Child(n, "method"), src), ok
	}
	return "", false
}

func isConst(n *sitter.Node) bool {
	k := table().Kind(n)
	return k == "constant" || k == "scope_resolution"
}

// stringArg returns the only argument when it is a plain string literal.
func stringArg(args *sitter.Node, src []byte) (string, bool) {
	if args == nil || args.NamedChildCount() != 1 {
		return "", false
	}
	s := args.NamedChild(0)
	if table().Kind(s) != "string" {
		return "", false
	}
	for i := uint(0); i < s.NamedChildCount(); i++ {
		if table().Kind(s.NamedChild(i)) != "string_content" {
			return "", false
		}
	}
	t := syntax.Text(s, src)
	if len(t) < 2 {
		return "", false
	}
	return t[1 : len(t)-1], true
}
