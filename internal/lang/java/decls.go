package java

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (x *extractor) typeDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.InTypeBody() {
		return false
	}
	name := syntax.Text(n.ChildByFieldId(k.fName), x.src)
	if name == "" {
		return false // MISSING or broken by a syntax error
	}
	qual, parent := x.Qualify(name)
	body := n.ChildByFieldId(k.fBody)
	s := facts.Symbol{
		Name: name, Qualified: qual, Parent: parent, Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: sig(n, body, x.src), Doc: x.doc(n),
	}
	switch id {
	case k.classDecl, k.recordDecl:
		s.Kind = facts.KindClass
	case k.enumDecl:
		s.Kind = facts.KindEnum
	default:
		s.Kind = facts.KindInterface
	}
	if sc := n.ChildByFieldId(k.fSuperclass); sc != nil && sc.NamedChildCount() > 0 {
		s.Extends = append(s.Extends, syntax.StripGenerics(syntax.Text(sc.NamedChild(0), x.src)))
	}
	if si := n.ChildByFieldId(k.fInterfaces); si != nil {
		s.Implements = x.typeList(si)
	}
	if id == k.interfaceDecl {
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if ch := n.NamedChild(i); ch.KindId() == k.extendsInterfaces {
				s.Extends = x.typeList(ch)
			}
		}
	}
	x.File.Symbols = append(x.File.Symbols, s)
	sc := syntax.Scope{Qual: qual, Name: name, IsType: true}
	sc.TypeParams, sc.Bounds = x.typeParams(n)
	if len(s.Extends) > 0 && id == k.classDecl {
		sc.Extends, _ = syntax.SplitLast(s.Extends[0], ".")
	}
	x.Scopes = append(x.Scopes, sc)
	return true
}

// typeList returns the generics-stripped names of a super_interfaces or
// extends_interfaces clause.
func (x *extractor) typeList(n *sitter.Node) []string {
	var out []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		tl := n.NamedChild(i)
		if tl.KindId() != x.k.typeList {
			continue
		}
		for j := uint(0); j < tl.NamedChildCount(); j++ {
			out = append(out, syntax.StripGenerics(syntax.Text(tl.NamedChild(j), x.src)))
		}
	}
	return out
}

// typeParams returns the type variables a declaration introduces and,
// parallel to them, the first bound of each (nil when unbounded).
func (x *extractor) typeParams(n *sitter.Node) (names []string, bounds []*sitter.Node) {
	tp := n.ChildByFieldId(x.k.fTypeParameters)
	if tp == nil {
		return nil, nil
	}
	for i := uint(0); i < tp.NamedChildCount(); i++ {
		p := tp.NamedChild(i)
		if p.KindId() != x.k.typeParameter {
			continue
		}
		name := ""
		var bound *sitter.Node
		for j := uint(0); j < p.NamedChildCount(); j++ {
			switch t := p.NamedChild(j); {
			case t.KindId() == x.k.typeIdentifier && name == "":
				name = syntax.Text(t, x.src)
			case t.KindId() == x.tk.typeBound && t.NamedChildCount() > 0:
				bound = t.NamedChild(0)
			}
		}
		if name != "" {
			names, bounds = append(names, name), append(bounds, bound)
		}
	}
	return names, bounds
}

func (x *extractor) methodDecl(n *sitter.Node, id uint16) bool {
	if !x.InTypeBody() {
		return false
	}
	name := syntax.Text(n.ChildByFieldId(x.k.fName), x.src)
	if name == "" {
		return false
	}
	qual, parent := x.Qualify(name)
	body := n.ChildByFieldId(x.k.fBody)
	// The method's scope first: its type parameters are no repository types.
	sc := syntax.Scope{Qual: qual, Name: name}
	sc.TypeParams, sc.Bounds = x.typeParams(n)
	x.Scopes = append(x.Scopes, sc)
	s := facts.Symbol{
		Name: name, Qualified: qual, Kind: facts.KindMethod, Parent: parent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: sig(n, body, x.src), Doc: x.doc(n),
	}
	switch id {
	case x.k.methodDecl:
		s.Type = symbolChain(x.typeInfo(n.ChildByFieldId(x.k.fType)))
		s.Params = x.paramList(n.ChildByFieldId(x.tk.fParameters))
	case x.k.ctorDecl:
		s.Params = x.paramList(n.ChildByFieldId(x.tk.fParameters))
	case x.k.compactCtorDecl:
		// The canonical constructor takes the record's components.
		if rec := n.Parent(); rec != nil && rec.Parent() != nil {
			s.Params = x.paramList(rec.Parent().ChildByFieldId(x.tk.fParameters))
		}
	case x.k.annotationElemDecl:
		s.Type = symbolChain(x.typeInfo(n.ChildByFieldId(x.k.fType)))
		s.Params = "()"
	}
	x.File.Symbols = append(x.File.Symbols, s)
	return true
}

// fieldDecl emits one symbol per declarator: static final fields and
// interface constants are KindConst, other fields KindField.
func (x *extractor) fieldDecl(n *sitter.Node, id uint16) bool {
	if !x.InTypeBody() {
		return false
	}
	k := x.k
	kind := facts.KindConst
	if id == k.fieldDecl {
		kind = facts.KindField
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if m := n.NamedChild(i); m.KindId() == k.modifiers {
				mods := " " + syntax.OneLine(syntax.Text(m, x.src)) + " "
				if strings.Contains(mods, " static ") && strings.Contains(mods, " final ") {
					kind = facts.KindConst
				}
				break
			}
		}
	}
	first := len(x.File.Symbols)
	pushed := x.Declarators(x.src, n, n, syntax.DeclIDs{TypeField: k.fType, NameField: k.fName, Declarator: k.variableDeclarator}, kind, x.doc(n))
	chain := symbolChain(x.typeInfo(n.ChildByFieldId(k.fType)))
	for i := first; i < len(x.File.Symbols); i++ {
		x.File.Symbols[i].Type = chain
	}
	return pushed
}

// doc returns the /** */ comment directly above n, the node being entered.
func (x *extractor) doc(n *sitter.Node) string {
	p := x.prevComment
	if p == nil || int(p.EndPosition().Row)+1 < int(n.StartPosition().Row) {
		return ""
	}
	t := syntax.Text(p, x.src)
	if !strings.HasPrefix(t, "/**") || t == "/**/" {
		return ""
	}
	return syntax.StripComment(t)
}

func sig(n, body *sitter.Node, src []byte) string {
	return strings.TrimRight(syntax.Header(n, body, src), "; ")
}
