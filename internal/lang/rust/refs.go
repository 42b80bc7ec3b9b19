package rust

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (x *extractor) ref(name, qual, kind string, line int) {
	x.refRecv(name, qual, "", kind, line)
}

func (x *extractor) refRecv(name, qual, recv, kind string, line int) {
	if name == "" {
		return
	}
	from, _ := x.scope()
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: from, Line: line, Recv: recv})
}

// call records the callee of a call_expression.
func (x *extractor) call(fn *sitter.Node, line int) {
	for fn != nil {
		switch x.g.Kind(fn) {
		case "identifier":
			if name := syntax.Text(fn, x.src); !x.isLocal(name) {
				x.ref(name, "", facts.RefCall, line)
			}
		case "scoped_identifier":
			name := syntax.Text(x.g.Child(fn, "name"), x.src)
			segs := x.pathSegs(fn)
			if len(segs) < 2 {
				x.ref(name, facts.Unknown, facts.RefCall, line) // <T as Trait>::f
				return
			}
			x.pathRef(segs[:len(segs)-1], name, facts.RefCall, line)
		case "field_expression":
			x.methodCall(fn, line)
		case "generic_function":
			fn = x.g.Child(fn, "function")
			continue
		}
		return
	}
}

func (x *extractor) isLocal(name string) bool {
	_, ok := x.local(name)
	return ok
}

// methodCall records recv.m(): the receiver's chain, unless it is the
// method's own receiver or a field of it (the resolver reads "self.f").
func (x *extractor) methodCall(fn *sitter.Node, line int) {
	f := x.g.Child(fn, "field")
	if x.g.Kind(f) != "field_identifier" {
		return
	}
	v := x.g.Child(fn, "value")
	qual, ok := chain(v, x.src)
	if !ok {
		qual = facts.Unknown
	}
	recv := x.exprChain(v)
	if recv == qual && (recv == "self" || strings.HasPrefix(recv, "self.")) {
		recv = ""
	}
	x.refRecv(syntax.Text(f, x.src), qual, recv, facts.RefCall, line)
}

// typePathRef records a type written with a path (a::B). An associated
// type (Self::Item, T::Err) is no definition of the repository's.
func (x *extractor) typePathRef(n *sitter.Node) {
	name := syntax.Text(x.g.Child(n, "name"), x.src)
	segs := x.pathSegs(n)
	if len(segs) < 2 {
		x.ref(name, facts.Unknown, facts.RefReference, syntax.Line(n))
		return
	}
	mod := segs[:len(segs)-1]
	if upper(mod[len(mod)-1]) || x.isTypeParam(mod[len(mod)-1]) {
		return
	}
	x.pathRef(mod, name, facts.RefReference, syntax.Line(n))
}

// pathRef records a reference to name qualified by a path: a type's
// associated function (Type::f, a::Type::f) through the type's chain, a
// module's item (a::b::f) through the module the path names.
func (x *extractor) pathRef(mod []string, name, kind string, line int) {
	qual := strings.Join(mod, "::")
	typed := false
	for _, seg := range mod {
		typed = typed || upper(seg) || x.isTypeParam(seg)
	}
	head := mod[0]
	switch {
	case qual == "Self":
		x.ref(name, qual, kind, line)
	case typed:
		x.refRecv(name, qual, x.pathChain(mod, false), kind, line)
	case x.inlineModule(head):
		x.refRecv(name, qual, strings.Join(mod, "."), kind, line)
	case len(mod) == 1 && x.uses[head] != "":
		x.ref(name, head, kind, line) // the resolver binds the import
	default:
		p := x.expandModule(mod)
		if vocab().stdCrates[pathHead(p)] {
			x.refRecv(name, qual, facts.NotRepo, kind, line)
			return
		}
		if !x.paths[p] {
			x.paths[p] = true
			x.f.Imports = append(x.f.Imports, facts.Import{Path: p, Alias: p, Kind: "path", Line: line})
		}
		x.ref(name, p, kind, line)
	}
}

// chain returns the text of an identifier chain (a, a::b, a.b, self,
// Vec::<T> -> Vec) and whether n is one.
func chain(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch table().Kind(n) {
	case "identifier", "self", "super", "crate", "type_identifier", "field_identifier", "metavariable":
		return syntax.Text(n, src), true
	case "scoped_identifier", "scoped_type_identifier":
		name := syntax.Text(table().Child(n, "name"), src)
		p := table().Child(n, "path")
		if p == nil {
			return name, true
		}
		q, ok := chain(p, src)
		return q + "::" + name, ok
	case "generic_type":
		return chain(table().Child(n, "type"), src)
	case "field_expression":
		q, ok := chain(table().Child(n, "value"), src)
		return q + "." + syntax.Text(table().Child(n, "field"), src), ok
	}
	return "", false
}
