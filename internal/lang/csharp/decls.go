package csharp

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
	var typeParams []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case k.baseList:
			if id != k.enumDecl {
				s.Extends, s.Implements = x.bases(ch, id)
			}
		case k.typeParameterList:
			typeParams = x.typeParams(ch)
		}
	}
	switch id {
	case k.classDecl:
		s.Kind = facts.KindClass
	case k.structDecl:
		s.Kind = facts.KindStruct
	case k.interfaceDecl:
		s.Kind = facts.KindInterface
	case k.enumDecl:
		s.Kind = facts.KindEnum
	case k.delegateDecl:
		s.Kind = facts.KindType
	case k.recordDecl:
		s.Kind = facts.KindClass
		for i := uint(0); i < n.ChildCount(); i++ {
			if ch := n.Child(i); !ch.IsNamed() && ch.Kind() == "struct" {
				s.Kind = facts.KindStruct
				break
			}
		}
	}
	x.File.Symbols = append(x.File.Symbols, s)
	sc := syntax.Scope{Qual: qual, Name: name, IsType: id != k.delegateDecl, TypeParams: typeParams}
	if len(s.Extends) > 0 {
		sc.Extends, _ = syntax.SplitLast(s.Extends[0], ".")
	}
	x.Scopes = append(x.Scopes, sc)
	x.collectMembers(qual, body)
	if id == k.recordDecl {
		x.recordProperties(n)
	}
	return true
}

// recordProperties reports the positional parameters of a record as its
// properties: record P(string Name) has a property Name.
func (x *extractor) recordProperties(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		list := n.NamedChild(i)
		if list.KindId() != x.t.parameterList {
			continue
		}
		for j := uint(0); j < list.NamedChildCount(); j++ {
			p := list.NamedChild(j)
			name := syntax.Text(p.ChildByFieldId(x.k.fName), x.src)
			if p.KindId() != x.t.parameter || name == "" {
				continue
			}
			qual, parent := x.Qualify(name)
			x.File.Symbols = append(x.File.Symbols, facts.Symbol{
				Name: name, Qualified: qual, Parent: parent, Kind: facts.KindField, Line: syntax.Line(p), EndLine: syntax.EndLine(p),
				Signature: syntax.OneLine(syntax.Text(p, x.src)), Type: x.typeChain(p.ChildByFieldId(x.k.fType)),
			})
		}
		return
	}
}

// bases splits a base_list. C# does not mark which entry is the base class,
// so this is a heuristic: names like IFoo are interfaces; the first entry of
// a class or record is otherwise its base class. An interface's bases are
// Extends (as in Java); a struct has only interfaces.
func (x *extractor) bases(n *sitter.Node, declID uint16) (ext, impl []string) {
	first := true
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if ch.KindId() == x.k.primaryCtorBase {
			ch = ch.ChildByFieldId(x.k.fType)
		}
		if ch == nil || !isTypeNode(x.k, ch.KindId()) {
			continue // argument_list of a primary constructor base, comments
		}
		name := strings.TrimPrefix(syntax.StripGenerics(syntax.Text(ch, x.src)), "global::")
		switch {
		case declID == x.k.interfaceDecl:
			ext = append(ext, name)
		case first && declID != x.k.structDecl && !looksLikeInterface(name):
			ext = append(ext, name)
		default:
			impl = append(impl, name)
		}
		first = false
	}
	return ext, impl
}

func isTypeNode(k *kinds, id uint16) bool {
	switch id {
	case k.identifier, k.genericName, k.qualifiedName, k.aliasQualifiedName:
		return true
	}
	return false
}

// csharpLooksLikeInterface: the .NET naming convention I + upper-case letter.
func looksLikeInterface(name string) bool {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return len(name) >= 2 && name[0] == 'I' && name[1] >= 'A' && name[1] <= 'Z'
}

func (x *extractor) typeParams(n *sitter.Node) []string {
	var out []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if p := n.NamedChild(i); p.KindId() == x.k.typeParameter {
			out = append(out, syntax.Text(p.ChildByFieldId(x.k.fName), x.src))
		}
	}
	return out
}

func (x *extractor) memberDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.InTypeBody() {
		return false
	}
	name := syntax.Text(n.ChildByFieldId(k.fName), x.src)
	if name == "" {
		return false // MISSING or broken by a syntax error
	}
	qual, parent := x.Qualify(name)
	s := facts.Symbol{Name: name, Qualified: qual, Parent: parent, Line: syntax.Line(n), EndLine: syntax.EndLine(n), Doc: x.doc(n)}
	var typeParams []string
	switch id {
	case k.methodDecl, k.ctorDecl:
		s.Kind = facts.KindMethod
		s.Signature = sig(n, n.ChildByFieldId(k.fBody), x.src)
		if tp := n.ChildByFieldId(k.fTypeParameters); tp != nil {
			typeParams = x.typeParams(tp)
		}
	case k.propertyDecl, k.eventDecl:
		s.Kind = facts.KindField
		body := n.ChildByFieldId(k.fAccessors)
		if body == nil {
			body = n.ChildByFieldId(k.fValue)
		}
		s.Signature = sig(n, body, x.src)
	case k.enumMember:
		s.Kind = facts.KindConst
		s.Signature = sig(n, nil, x.src)
	}
	x.Scopes = append(x.Scopes, syntax.Scope{Qual: qual, Name: name, TypeParams: typeParams})
	// The type is read once the member's own type parameters are in scope.
	switch id {
	case k.methodDecl:
		s.Type = x.resultChain(n.ChildByFieldId(k.fReturns))
		if !x.explicitImpl(n) {
			s.Params = genericArity(len(typeParams)) + x.paramList(n.ChildByFieldId(x.t.fParameters))
		}
	case k.ctorDecl:
		s.Params = x.paramList(n.ChildByFieldId(x.t.fParameters))
	case k.propertyDecl, k.eventDecl:
		s.Type = x.typeChain(n.ChildByFieldId(k.fType))
	}
	x.File.Symbols = append(x.File.Symbols, s)
	return true
}

// explicitImpl reports an explicit interface implementation (void
// IList.Add(object v)): no call by name reaches it, so it gets no
// parameter types and is no overload of the type's Add.
func (x *extractor) explicitImpl(n *sitter.Node) bool {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if n.NamedChild(i).KindId() == x.k.explicitIface {
			return true
		}
	}
	return false
}

// fieldDecl emits one symbol per declarator: const fields are KindConst,
// other fields and events KindField.
func (x *extractor) fieldDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.InTypeBody() {
		return false
	}
	kind := facts.KindField
	var decl *sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case k.modifier:
			if syntax.Text(ch, x.src) == "const" {
				kind = facts.KindConst
			}
		case k.variableDeclaration:
			decl = ch
		}
	}
	if decl == nil {
		return false
	}
	first := len(x.File.Symbols)
	pushed := x.Declarators(x.src, n, decl, syntax.DeclIDs{TypeField: k.fType, NameField: k.fName, Declarator: k.variableDeclarator}, kind, x.doc(n))
	chain := x.typeChain(decl.ChildByFieldId(k.fType))
	for i := first; i < len(x.File.Symbols); i++ {
		x.File.Symbols[i].Type = chain
	}
	return pushed
}

// doc returns the /// comment lines directly above n (the node being
// entered), without XML
// <summary> wrappers.
func (x *extractor) doc(n *sitter.Node) string {
	var lines []string
	next := int(n.StartPosition().Row)
	for i := len(x.prevComments) - 1; i >= 0; i-- {
		p := x.prevComments[i]
		t := syntax.Text(p, x.src)
		if !strings.HasPrefix(t, "///") || int(p.EndPosition().Row) < next-1 {
			break
		}
		lines = append(lines, syntax.StripComment(t))
		next = int(p.StartPosition().Row)
	}
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(summaryTags.Replace(lines[i]))
		if l == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

var summaryTags = strings.NewReplacer("<summary>", "", "</summary>", "")

func sig(n, body *sitter.Node, src []byte) string {
	s := syntax.Header(n, body, src)
	s = strings.TrimSuffix(s, "=>")
	return strings.TrimRight(s, "; ")
}

// adoptOrphan puts a member declared outside any type back into the type
// before it. C# has no such members: they come from a body that the parser
// closed early (tree-sitter cannot follow an else branch split by #if),
// and the type they follow is the one they were written in.
func (x *extractor) adoptOrphan() bool {
	if len(x.Scopes) > 0 || x.lastType == nil {
		return false
	}
	x.Scopes = append(x.Scopes, *x.lastType)
	return true
}
