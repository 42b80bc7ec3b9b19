package lang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (x *javaX) typeDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.inTypeBody() {
		return false
	}
	name := syntax.Text(n.ChildByFieldId(k.fName), x.src)
	if name == "" {
		return false // MISSING or broken by a syntax error
	}
	qual, parent := x.qualify(name)
	body := n.ChildByFieldId(k.fBody)
	s := facts.Symbol{
		Name: name, Qualified: qual, Parent: parent, Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: javaSig(n, body, x.src), Doc: x.doc(n),
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
	x.f.Symbols = append(x.f.Symbols, s)
	sc := javaScope{qual: qual, name: name, isType: true}
	sc.typeParams, sc.bounds = x.typeParams(n)
	if len(s.Extends) > 0 && id == k.classDecl {
		sc.extends, _ = syntax.SplitLast(s.Extends[0], ".")
	}
	x.scopes = append(x.scopes, sc)
	return true
}

// typeList returns the generics-stripped names of a super_interfaces or
// extends_interfaces clause.
func (x *javaX) typeList(n *sitter.Node) []string {
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
func (x *javaX) typeParams(n *sitter.Node) (names []string, bounds []*sitter.Node) {
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

func (x *javaX) methodDecl(n *sitter.Node, id uint16) bool {
	if !x.inTypeBody() {
		return false
	}
	name := syntax.Text(n.ChildByFieldId(x.k.fName), x.src)
	if name == "" {
		return false
	}
	qual, parent := x.qualify(name)
	body := n.ChildByFieldId(x.k.fBody)
	// The method's scope first: its type parameters are no repository types.
	sc := javaScope{qual: qual, name: name}
	sc.typeParams, sc.bounds = x.typeParams(n)
	x.scopes = append(x.scopes, sc)
	s := facts.Symbol{
		Name: name, Qualified: qual, Kind: facts.KindMethod, Parent: parent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: javaSig(n, body, x.src), Doc: x.doc(n),
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
	x.f.Symbols = append(x.f.Symbols, s)
	return true
}

// fieldDecl emits one symbol per declarator: static final fields and
// interface constants are KindConst, other fields KindField.
func (x *javaX) fieldDecl(n *sitter.Node, id uint16) bool {
	if !x.inTypeBody() {
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
	first := len(x.f.Symbols)
	pushed := x.declarators(x.src, n, n, declIDs{k.fType, k.fName, k.variableDeclarator}, kind, x.doc(n))
	chain := symbolChain(x.typeInfo(n.ChildByFieldId(k.fType)))
	for i := first; i < len(x.f.Symbols); i++ {
		x.f.Symbols[i].Type = chain
	}
	return pushed
}

// declIDs are the grammar ids a field declaration is read with.
type declIDs struct{ typeField, nameField, declarator uint16 }

// declarators emits one symbol per variable declarator of decl (a field
// declaration n, or its variable_declaration child in C#), each signed
// with the declaration's modifiers and type, and scopes what follows to
// the first: refs in the type and initializers come from that field.
func (x *scopeWalk) declarators(src []byte, n, decl *sitter.Node, ids declIDs, kind, doc string) bool {
	head := ""
	if t := decl.ChildByFieldId(ids.typeField); t != nil {
		head = syntax.OneLine(string(src[n.StartByte():t.EndByte()]))
	}
	first := ""
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		d := decl.NamedChild(i)
		if d.KindId() != ids.declarator {
			continue
		}
		name := syntax.Text(d.ChildByFieldId(ids.nameField), src)
		if name == "" {
			continue
		}
		qual, parent := x.qualify(name)
		if first == "" {
			first = qual
		}
		x.f.Symbols = append(x.f.Symbols, facts.Symbol{
			Name: name, Qualified: qual, Kind: kind, Parent: parent,
			Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: syntax.CapSignature(head + " " + name), Doc: doc,
		})
	}
	if first == "" {
		return false
	}
	x.scopes = append(x.scopes, javaScope{qual: first})
	return true
}

// doc returns the /** */ comment directly above n, the node being entered.
func (x *javaX) doc(n *sitter.Node) string {
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

func javaSig(n, body *sitter.Node, src []byte) string {
	return strings.TrimRight(syntax.Header(n, body, src), "; ")
}
