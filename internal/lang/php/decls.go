package php

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// decl emits a function, method or type and opens its scope.
func (x *extractor) decl(n *sitter.Node, kind string) bool {
	k := x.k
	if kind != facts.KindMethod && len(x.scopes) > 0 {
		return false // class declared inside a function: local
	}
	s := facts.Symbol{Name: syntax.Text(n.ChildByFieldId(k.fName), x.src), Kind: kind}
	if s.Name == "" {
		return false // MISSING or broken by a syntax error
	}
	s.Signature = strings.TrimRight(syntax.Header(n, n.ChildByFieldId(k.fBody), x.src), "; ")
	isType := kind != facts.KindFunction && kind != facts.KindMethod
	if isType {
		var uses []string
		for i := uint(0); i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			switch ch.KindId() {
			case k.baseClause:
				s.Extends = x.names(ch)
			case k.interfaceClause:
				s.Implements = x.names(ch)
			}
		}
		// Traits used in the body count as implemented.
		if body := n.ChildByFieldId(k.fBody); body != nil {
			for i := uint(0); i < body.NamedChildCount(); i++ {
				if ch := body.NamedChild(i); ch.KindId() == k.traitUse {
					uses = append(uses, x.names(ch)...)
				}
			}
		}
		s.Implements = append(s.Implements, uses...)
	}
	if !isType {
		s.Type = x.typeChain(n.ChildByFieldId(tK().fReturnType))
		if s.Type == facts.Unknown {
			s.Type = ""
		}
	}
	x.sym(s, n)
	last := x.f.Symbols[len(x.f.Symbols)-1]
	x.scopes = append(x.scopes, syntax.Scope{Qual: last.Qualified, Name: last.Name, IsType: isType})
	return true
}

// names lists the name / qualified_name children of a clause, without a
// leading backslash.
func (x *extractor) names(n *sitter.Node) []string {
	var out []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if id := ch.KindId(); id == x.k.name || id == x.k.qualifiedName {
			out = append(out, name(syntax.Text(ch, x.src)))
		}
	}
	return out
}

// members emits class constants, top-level const and properties, and opens
// the scope of the first one (refs in types and values come from it).
func (x *extractor) members(n *sitter.Node) bool {
	k := x.k
	isConst := n.KindId() == k.constDecl
	if !(x.inTypeBody() || (isConst && len(x.scopes) == 0)) {
		return false
	}
	doc := x.doc(n)
	head, first := "", ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		el := n.NamedChild(i)
		var name string
		switch {
		case isConst && el.KindId() == k.constElement:
			for j := uint(0); j < el.NamedChildCount(); j++ {
				if nm := el.NamedChild(j); nm.KindId() == k.name {
					name = syntax.Text(nm, x.src)
					break
				}
			}
		case !isConst && el.KindId() == k.propertyElement:
			name = strings.TrimPrefix(syntax.Text(el.ChildByFieldId(k.fName), x.src), "$")
		default:
			continue
		}
		if name == "" {
			continue
		}
		if first == "" {
			head = syntax.OneLine(string(x.src[n.StartByte():el.StartByte()]))
		}
		kind, sig, typ := facts.KindConst, syntax.CapSignature(head+" "+name), ""
		if !isConst {
			kind, sig = facts.KindField, syntax.CapSignature(head+" $"+name)
			if typ = x.typeChain(n.ChildByFieldId(tK().fType)); typ == facts.Unknown {
				typ = ""
			}
		}
		x.sym(facts.Symbol{Name: name, Kind: kind, Signature: sig, Doc: doc, Type: typ}, n)
		if !isConst {
			x.props[x.f.Symbols[len(x.f.Symbols)-1].Qualified] = len(x.f.Symbols) - 1
		}
		if first == "" {
			first = x.f.Symbols[len(x.f.Symbols)-1].Qualified
		}
	}
	if first == "" {
		return false
	}
	x.scopes = append(x.scopes, syntax.Scope{Qual: first})
	return true
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

// name strips whitespace and a leading backslash from a PHP name.
func name(s string) string {
	return strings.TrimPrefix(syntax.NoSpace(s), `\`)
}
