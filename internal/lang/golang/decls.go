package golang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (e *extractor) funcDecl(n *sitter.Node) {
	nameNode := n.ChildByFieldId(e.g.fName)
	if nameNode == nil {
		return
	}
	name := syntax.Text(nameNode, e.src)
	sym := facts.Symbol{Name: name, Qualified: name, Kind: facts.KindFunction,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: syntax.Header(n, n.ChildByFieldId(e.g.fBody), e.src),
		Doc:       syntax.PrecedingComments(n, e.src, isComment)}
	e.tparams = e.tparams[:0]
	e.recv = ""
	e.collectTypeParams(n.ChildByFieldId(e.g.fTypeParams))
	sym.Type = e.resultChain(n.ChildByFieldId(e.g.fResult))
	if recv := n.ChildByFieldId(e.g.fReceiver); recv != nil {
		sym.Kind = facts.KindMethod
		if rt := e.receiverType(recv); rt != "" {
			sym.Parent = rt
			sym.Qualified = rt + "." + name
		}
	}
	e.f.Symbols = append(e.f.Symbols, sym)
	e.from, e.curEnd = sym.Qualified, n.EndByte()
}

// resultChain is the chain of a function's first result.
func (e *extractor) resultChain(res *sitter.Node) string {
	switch {
	case res == nil:
		return ""
	case e.g.Kind(res) == "parameter_list":
		for i := uint(0); i < res.NamedChildCount(); i++ {
			if p := res.NamedChild(i); e.g.Kind(p) == "parameter_declaration" {
				return e.typeChain(p.ChildByFieldId(e.g.fType))
			}
		}
		return ""
	}
	return e.typeChain(res)
}

// receiverType returns the receiver's type name with pointer and type
// arguments stripped, and records the receiver's type parameter names.
func (e *extractor) receiverType(recv *sitter.Node) string {
	var t *sitter.Node
	for i := uint(0); i < recv.NamedChildCount(); i++ {
		if c := recv.NamedChild(i); e.g.Kind(c) == "parameter_declaration" {
			t = c.ChildByFieldId(e.g.fType)
			if name := c.ChildByFieldId(e.g.fName); name != nil && syntax.Text(name, e.src) != "_" {
				e.recv = syntax.Text(name, e.src)
			}
			break
		}
	}
	for t != nil {
		switch e.g.Kind(t) {
		case "pointer_type", "parenthesized_type":
			t = t.NamedChild(0)
		case "generic_type":
			if args := t.ChildByFieldId(e.g.fTypeArgs); args != nil {
				syntax.Walk(args, func(c *sitter.Node) bool {
					if e.g.Kind(c) == "type_identifier" {
						e.tparams = append(e.tparams, syntax.Text(c, e.src))
					}
					return true
				})

			}
			t = t.ChildByFieldId(e.g.fType)
		case "type_identifier":
			return syntax.Text(t, e.src)
		default:
			return ""
		}
	}
	return ""
}

// collectTypeParams records the names declared in a type_parameter_list.
func (e *extractor) collectTypeParams(list *sitter.Node) {
	if list == nil {
		return
	}
	for i := uint(0); i < list.NamedChildCount(); i++ {
		d := list.NamedChild(i)
		if e.g.Kind(d) != "type_parameter_declaration" {
			continue
		}
		for j := uint(0); j < d.NamedChildCount(); j++ {
			if c := d.NamedChild(j); e.g.Kind(c) == "identifier" {
				e.tparams = append(e.tparams, syntax.Text(c, e.src))
			}
		}
	}
}

func (e *extractor) typeSpec(n *sitter.Node) {
	nameNode := n.ChildByFieldId(e.g.fName)
	if nameNode == nil {
		return
	}
	name := syntax.Text(nameNode, e.src)
	e.skipID = nameNode.Id()
	e.tparams = e.tparams[:0]
	e.collectTypeParams(n.ChildByFieldId(e.g.fTypeParams))
	sym := facts.Symbol{Name: name, Qualified: name, Kind: facts.KindType,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n), Doc: e.specDoc(n)}
	var body *sitter.Node
	if t := n.ChildByFieldId(e.g.fType); t != nil && e.g.Kind(n) == "type_spec" {
		switch e.g.Kind(t) {
		case "struct_type":
			sym.Kind = facts.KindStruct
			for i := uint(0); i < t.NamedChildCount(); i++ {
				if c := t.NamedChild(i); e.g.Kind(c) == "field_declaration_list" {
					body = c
					sym.Extends = e.embedded(c, "field_declaration")
				}
			}
		case "interface_type":
			sym.Kind = facts.KindInterface
			for i := uint(0); i < t.ChildCount(); i++ {
				if c := t.Child(i); !c.IsNamed() && syntax.Text(c, e.src) == "{" {
					body = c
					break
				}
			}
			sym.Extends = e.embedded(t, "type_elem")
		}
	}
	sym.Signature = "type " + syntax.Header(n, body, e.src)
	if sym.Kind == facts.KindType {
		if t := n.ChildByFieldId(e.g.fType); t != nil {
			sym.Type = e.typeChain(t) // type T U: T's value is a U
			if sym.Type == name {
				sym.Type = ""
			}
		}
	}
	e.f.Symbols = append(e.f.Symbols, sym)
	switch {
	case sym.Kind == facts.KindStruct && body != nil:
		e.fields(name, body)
	case sym.Kind == facts.KindInterface:
		e.interfaceMethods(name, n.ChildByFieldId(e.g.fType))
	}
	e.from, e.curEnd = name, n.EndByte()
}

// fields adds a struct's fields as symbols with their types; an embedded
// field is named by its type, as Go names it.
func (e *extractor) fields(owner string, list *sitter.Node) {
	for i := uint(0); i < list.NamedChildCount(); i++ {
		c := list.NamedChild(i)
		if e.g.Kind(c) != "field_declaration" {
			continue
		}
		t := c.ChildByFieldId(e.g.fType)
		chain, params := e.valueChain(t)
		var names []string
		for j := uint(0); j < c.NamedChildCount(); j++ {
			if f := c.NamedChild(j); e.g.Kind(f) == "field_identifier" {
				names = append(names, syntax.Text(f, e.src))
			}
		}
		if len(names) == 0 {
			if tn := e.typeName(t); tn != "" {
				_, last, _ := strings.Cut(tn, ".")
				if last == "" {
					last = tn
				}
				names = append(names, last)
			}
		}
		for _, f := range names {
			e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: f, Qualified: owner + "." + f, Kind: facts.KindField, Parent: owner,
				Line: syntax.Line(c), EndLine: syntax.EndLine(c), Signature: syntax.OneLine(syntax.Text(c, e.src)), Doc: syntax.PrecedingComments(c, e.src, isComment), Type: chain, Params: params})
		}
	}
}

// interfaceMethods adds an interface's methods as symbols, so that a call
// through a value of the interface type resolves to the method it names.
func (e *extractor) interfaceMethods(owner string, t *sitter.Node) {
	if t == nil {
		return
	}
	for i := uint(0); i < t.NamedChildCount(); i++ {
		m := t.NamedChild(i)
		if e.g.Kind(m) != "method_elem" {
			continue
		}
		nameNode := m.ChildByFieldId(e.g.fName)
		if nameNode == nil {
			continue
		}
		name := syntax.Text(nameNode, e.src)
		e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: owner + "." + name, Kind: facts.KindMethod, Parent: owner,
			Line: syntax.Line(m), EndLine: syntax.EndLine(m), Signature: syntax.OneLine(syntax.Text(m, e.src)), Doc: syntax.PrecedingComments(m, e.src, isComment),
			Type: e.resultChain(m.ChildByFieldId(e.g.fResult))})
	}
}

// embedded returns the embedded type names of a struct field list
// (childKind field_declaration) or an interface (childKind type_elem).
func (e *extractor) embedded(list *sitter.Node, childKind string) []string {
	var out []string
	for i := uint(0); i < list.NamedChildCount(); i++ {
		c := list.NamedChild(i)
		if e.g.Kind(c) != childKind {
			continue
		}
		var t *sitter.Node
		if childKind == "field_declaration" {
			if c.ChildByFieldId(e.g.fName) != nil {
				continue
			}
			t = c.ChildByFieldId(e.g.fType)
		} else if c.NamedChildCount() == 1 {
			t = c.NamedChild(0)
		}
		if s := e.typeName(t); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// typeName returns "T" or "pkg.T" for a (pointer to a, generic) named type.
func (e *extractor) typeName(t *sitter.Node) string {
	for t != nil {
		switch e.g.Kind(t) {
		case "pointer_type", "parenthesized_type":
			t = t.NamedChild(0)
		case "generic_type":
			t = t.ChildByFieldId(e.g.fType)
		case "type_identifier", "qualified_type":
			return syntax.NoSpace(syntax.Text(t, e.src))
		default:
			return ""
		}
	}
	return ""
}

// specDoc is the comment above a spec, or above its declaration when the
// declaration is not a parenthesized group.
func (e *extractor) specDoc(n *sitter.Node) string {
	if d := syntax.PrecedingComments(n, e.src, isComment); d != "" {
		return d
	}
	if prev := n.PrevSibling(); prev != nil && !prev.IsNamed() && syntax.Text(prev, e.src) != "(" {
		if parent := n.Parent(); parent != nil {
			return syntax.PrecedingComments(parent, e.src, isComment)
		}
	}
	return ""
}

func (e *extractor) valueSpec(n *sitter.Node) {
	kind, kw := facts.KindVar, "var "
	if e.g.Kind(n) == "const_spec" {
		kind, kw = facts.KindConst, "const "
	}
	sig := kw + syntax.Header(n, n.ChildByFieldId(e.g.fValue), e.src)
	doc := e.specDoc(n)
	declared := ""
	params := ""
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		declared, params = e.valueChain(t)
	}
	var values []*sitter.Node
	if v := n.ChildByFieldId(e.g.fValue); v != nil {
		values = syntax.NamedChildren(v)
	}
	first := ""
	var names []*sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); e.g.Kind(c) == "identifier" {
			names = append(names, c)
		}
	}
	for i, c := range names {
		name := syntax.Text(c, e.src)
		if name == "_" {
			continue
		}
		if first == "" {
			first = name
		}
		typ := declared
		if typ == "" && len(values) == len(names) {
			if typ = e.exprChain(values[i]); typ == facts.Unknown {
				typ = ""
			}
		}
		e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: kind,
			Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: sig, Doc: doc, Type: typ, Params: params})
	}
	e.from, e.curEnd = first, n.EndByte()
	e.tparams = e.tparams[:0]
}
