package ruby

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains for Ruby (facts.Chain): locals assigned from Foo.new,
// instance variables as fields of their class, so that x.m and @x.m can
// name the receiver's class.

// declareParams declares the names of method or block parameters.
func (x *extractor) declareParams(ps *sitter.Node) {
	if ps == nil {
		return
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		if x.g.Kind(p) == "identifier" {
			x.locals.Declare(syntax.Text(p, x.src), facts.Unknown)
			continue
		}
		if nm := x.g.Child(p, "name"); nm != nil {
			x.locals.Declare(syntax.Text(nm, x.src), facts.Unknown)
		}
		for j := uint(0); j < p.NamedChildCount(); j++ { // |(a, b)| destructuring
			if c := p.NamedChild(j); x.g.Kind(c) == "identifier" {
				x.locals.Declare(syntax.Text(c, x.src), facts.Unknown)
			}
		}
	}
}

// inClass reports whether a class or module encloses the current method,
// so that a bare name in it is a method of self.
func (x *extractor) inClass() bool {
	for _, s := range x.scopes {
		if s.kind == 'c' || s.kind == 'm' {
			return true
		}
	}
	return false
}

// methodName is the name of the innermost method being walked.
func (x *extractor) methodName() string {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if s := x.scopes[i]; s.kind == 'f' && s.sym >= 0 {
			return x.f.Symbols[s.sym].Name
		}
	}
	return ""
}

// classScope returns the innermost class or module scope.
func (x *extractor) classScope() (scope, bool) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if s := x.scopes[i]; s.kind == 'c' || s.kind == 'm' {
			return s, s.sym >= 0
		}
	}
	return scope{}, false
}

// assign declares a local, or records an instance variable as a field of
// the class (with the type of what initialize or a memoizing reader assigns).
func (x *extractor) assign(n, left, right *sitter.Node) {
	switch x.g.Kind(left) {
	case "identifier":
		chain := facts.Unknown
		if x.g.Kind(n) == "assignment" {
			chain = x.exprChain(right)
		}
		if _, known := x.locals.Lookup(syntax.Text(left, x.src)); !known || x.g.Kind(n) == "assignment" {
			x.locals.Declare(syntax.Text(left, x.src), chain)
		}
	case "instance_variable":
		if x.fnDepth > 0 {
			x.field(n, strings.TrimPrefix(syntax.Text(left, x.src), "@"), x.exprChain(right))
		}
	case "left_assignment_list":
		for i := uint(0); i < left.NamedChildCount(); i++ {
			if c := left.NamedChild(i); x.g.Kind(c) == "identifier" {
				x.locals.Declare(syntax.Text(c, x.src), facts.Unknown)
			}
		}
	}
}

// field records @name as a field of the enclosing class, once; a later
// assignment of a known type gives a field without one its type.
func (x *extractor) field(n *sitter.Node, name, chain string) {
	cs, ok := x.classScope()
	if !ok || name == "" {
		return
	}
	if chain == facts.Unknown {
		chain = ""
	}
	qual := cs.qual + "." + name
	if i, seen := x.fields[qual]; seen {
		if x.f.Symbols[i].Type == "" {
			x.f.Symbols[i].Type = chain
		}
		return
	}
	x.fields[qual] = len(x.f.Symbols)
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: facts.KindField, Parent: cs.qual,
		Line: syntax.Line(n), EndLine: syntax.Line(n), Signature: "@" + name, Type: chain,
	})
}

// exprChain is the chain of the value of an expression, as far as the
// file tells.
func (x *extractor) exprChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	switch x.g.Kind(n) {
	case "identifier":
		if c, ok := x.locals.Lookup(syntax.Text(n, x.src)); ok {
			return c
		}
		if x.inClass() {
			return "self." + syntax.Text(n, x.src) // a method of self (attr_reader)
		}
	case "self":
		return "self"
	case "instance_variable":
		return "self." + strings.TrimPrefix(syntax.Text(n, x.src), "@")
	case "constant", "scope_resolution":
		return constChain(syntax.Text(n, x.src))
	case "call":
		return x.callChain(n)
	case "parenthesized_statements":
		if n.NamedChildCount() == 1 {
			return x.exprChain(n.NamedChild(0))
		}
	case "string", "string_array", "symbol_array", "simple_symbol", "delimited_symbol", "integer", "float",
		"array", "hash", "regex", "true", "false", "nil", "heredoc_beginning", "range", "rational", "complex":
		return facts.NotRepo
	}
	return facts.Unknown
}

// callChain is the chain of a call's result: Foo.new is an instance of
// Foo, self.class is self's class, x.m is m's result on x.
func (x *extractor) callChain(n *sitter.Node) string {
	recv, m := x.g.Child(n, "receiver"), x.g.Child(n, "method")
	name := syntax.Text(m, x.src)
	if recv == nil {
		if _, isLocal := x.locals.Lookup(name); isLocal || x.g.Kind(m) != "identifier" {
			return facts.Unknown
		}
		if x.inClass() {
			return "self." + name + "()"
		}
		return facts.Unknown
	}
	rc := x.exprChain(recv)
	switch {
	case rc == facts.Unknown || rc == facts.NotRepo:
		return rc
	case name == "new" && isConst(recv):
		return rc + "()"
	case name == "class" && rc == "self":
		return "self"
	}
	return rc + "." + name + "()"
}

// recvChain is the Recv of a call on recv named name: "" when the
// resolver reads the qualifier as written (self), NotRepo for a core
// method on a value the file cannot type.
func (x *extractor) recvChain(recv *sitter.Node, name string) string {
	if x.g.Kind(recv) == "self" {
		return ""
	}
	c := x.exprChain(recv)
	if vocab().coreMethods[name] && !x.typed(c) {
		return facts.NotRepo
	}
	return c
}

// typed reports whether a chain names a class the file can tell: self, a
// constant or an instance of it (Foo, A.B, Foo()), or a field of self
// assigned a known type; a method's result is not one.
func (x *extractor) typed(chain string) bool {
	rest := strings.TrimSuffix(chain, "()")
	switch {
	case chain == facts.Unknown || chain == facts.NotRepo || strings.Contains(rest, "("):
		return false
	case chain == "self":
		return true
	case strings.HasPrefix(chain, "self."):
		field := strings.TrimPrefix(chain, "self.")
		cs, ok := x.classScope()
		if !ok || strings.Contains(field, ".") {
			return false
		}
		i, seen := x.fields[cs.qual+"."+field]
		return seen && x.f.Symbols[i].Type != ""
	}
	return startsUpper(rest)
}

func startsUpper(s string) bool { return s != "" && syntax.IsUpper(s[0]) }

// constChain turns A::B (or ::A::B) into the chain A.B.
func constChain(written string) string {
	return strings.ReplaceAll(strings.TrimPrefix(syntax.NoSpace(written), "::"), "::", ".")
}

// identifier handles a bare identifier: a rescue or for variable declares
// a local; any other that is no local variable calls a method of self
// (Ruby reads "total" with no local total as total()).
func (x *extractor) identifier(n *sitter.Node, field string) {
	if field == "method" || field == "name" {
		return
	}
	name := syntax.Text(n, x.src)
	parent := n.Parent()
	pk := ""
	if parent != nil {
		pk = x.g.Kind(parent)
		for _, f := range []string{"method", "name"} {
			if ch := x.g.Child(parent, f); ch != nil && ch.Id() == n.Id() {
				return // walked from a subtree, where the cursor lost the field
			}
		}
	}
	switch {
	case pk == "exception_variable" || pk == "for" && field == "pattern":
		x.locals.Declare(name, facts.Unknown)
		return
	case vocab().notCalls[pk]:
		return
	}
	if _, isLocal := x.locals.Lookup(name); isLocal {
		return
	}
	x.ref(name, "", facts.RefCall, syntax.Line(n))
}
