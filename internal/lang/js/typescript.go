package js

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
)

func typescriptLanguage() *sitter.Language { return sitter.NewLanguage(tsts.LanguageTypescript()) }

func tsxLanguage() *sitter.Language { return sitter.NewLanguage(tsts.LanguageTSX()) }

// tsEnter handles the TypeScript-only nodes (and ignores the rest); it
// returns whether to walk the node's children.
func (x *extractor) tsEnter(c *sitter.TreeCursor, n *sitter.Node, k kind, parent *sitter.Node, pk kind) bool {
	switch k {
	case jkFuncSig: // overload, declare function, or function in a .d.ts
		nameN := n.ChildByFieldId(x.t.fName)
		if nameN == nil {
			return true
		}
		name, outer := x.text(nameN), n
		if pk == jkExport || pk == jkAmbient {
			outer = parent
		}
		if x.tsOverloaded(outer, name) {
			x.push(x.qualify(name), facts.KindFunction) // the implementation below is the symbol
		} else {
			x.add(name, facts.KindFunction, n, parent, pk, nil, func(s *facts.Symbol) { x.signature(s, n) })
		}
	case jkMethodSig: // interface method, abstract method, method overload
		if pk != jkClassBody && pk != jkInterfaceBody {
			return true
		}
		if ck := x.curKind(); ck != facts.KindClass && ck != facts.KindInterface {
			return true
		}
		name := x.memberName(n.ChildByFieldId(x.t.fName))
		if name == "" {
			return true
		}
		if x.tsOverloaded(n, name) {
			x.push(x.qualify(name), facts.KindMethod)
		} else {
			x.addAt(name, facts.KindMethod, n, n, n, n, nil, func(s *facts.Symbol) { x.signature(s, n) })
		}
	case jkPropSig: // interface member: a method when it holds a function (next: (v: T) => void), else a field
		if pk != jkInterfaceBody || x.curKind() != facts.KindInterface {
			return true
		}
		x.propertySignature(n)
	case jkInterface:
		if nameN := n.ChildByFieldId(x.t.fName); nameN != nil {
			var ext []string
			for i := uint(0); i < n.NamedChildCount(); i++ {
				if cl := n.NamedChild(i); x.kind(cl) == jkExtendsType {
					for j := uint(0); j < cl.NamedChildCount(); j++ {
						if s := x.typeName(cl.NamedChild(j)); s != "" {
							ext = append(ext, x.baseChain(s))
						}
					}
				}
			}
			x.add(x.text(nameN), facts.KindInterface, n, parent, pk, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
				s.Extends, s.Params = ext, x.callSignatures(n.ChildByFieldId(x.t.fBody))
			})
		}
	case jkTypeAlias: // its Type is the aliased type (a union's first member)
		if nameN := n.ChildByFieldId(x.t.fName); nameN != nil {
			x.add(x.text(nameN), facts.KindType, n, parent, pk, nil, func(s *facts.Symbol) {
				if s.Type = symbolType(x.aliasChain(n)); s.Type == s.Name {
					s.Type = ""
				}
				s.Union = x.typeUnion(n.ChildByFieldId(x.t.fValue))
				s.Params = x.aliasSignature(n)
			})
		}
	case jkEnum:
		if nameN := n.ChildByFieldId(x.t.fName); nameN != nil {
			x.add(x.text(nameN), facts.KindEnum, n, parent, pk, n.ChildByFieldId(x.t.fBody), nil)
		}
	case jkNamespace: // namespace N {}, module N {}, declare module "m" {}
		nameN := n.ChildByFieldId(x.t.fName)
		name, ok := x.chainText(nameN)
		if !ok && x.kind(nameN) == jkString {
			name = unquote(x.text(nameN))
		}
		if name != "" {
			x.add(name, facts.KindModule, n, parent, pk, n.ChildByFieldId(x.t.fBody), nil)
		}
	case jkTypeIdent:
		switch pk {
		case jkInterface, jkTypeAlias, jkClassDecl, jkClassExpr, jkTypeParam, jkMappedClause:
			if c.FieldId() == x.t.fName {
				return false // the name being defined
			}
		case jkInfer:
			return false
		}
		s := x.text(n)
		if x.isTypeParam(s) {
			return false
		}
		x.ref(n, s, "", facts.RefReference)
	case jkNestedTypeIdent: // ns.T
		nameN := n.ChildByFieldId(x.t.fName)
		if nameN == nil {
			return false
		}
		q, ok := x.chainText(n.ChildByFieldId(x.t.fModule))
		if !ok {
			q = "?"
		}
		x.ref(nameN, x.text(nameN), q, facts.RefReference)
		return false
	case jkTypeParams:
		for pos, tp := range x.typeParamList(n) {
			if pk == jkClassDecl || pk == jkClassExpr || pk == jkInterface {
				tp.owner = pos
			}
			x.pushTypeParam(tp)
		}
	case jkMappedClause: // [K in keyof T]
		if nameN := n.ChildByFieldId(x.t.fName); nameN != nil {
			x.pushTypeParam(tparam{name: x.text(nameN), owner: -1})
		}
	}
	return true
}

// tsOverloaded reports whether the next declaration after outer declares the
// same function or method name: outer is then an overload signature and the
// last declaration is the one that becomes a symbol. Comments and
// decorators between them are skipped: in a class body a decorator of the
// implementation (@Wrap error(...) {}) is the signature's next sibling.
func (x *extractor) tsOverloaded(outer *sitter.Node, name string) bool {
	sib := outer.NextNamedSibling()
	for sib != nil && (x.kind(sib) == jkComment || x.kind(sib) == jkDecorator) {
		sib = sib.NextNamedSibling()
	}
	for sib != nil {
		switch x.kind(sib) {
		case jkExport:
			sib = sib.ChildByFieldId(x.t.fDeclaration)
			continue
		case jkAmbient:
			sib = sib.NamedChild(0)
			continue
		case jkFuncSig, jkFuncDecl, jkMethodSig, jkMethod:
			nameN := sib.ChildByFieldId(x.t.fName)
			return nameN != nil && x.memberName(nameN) == name
		}
		return false
	}
	return false
}

// typeName is the name of a type as written with generics stripped:
// "Base", "ns.Base" for Base<T> / ns.Base<T>; "" for other types.
func (x *extractor) typeName(n *sitter.Node) string {
	switch x.kind(n) {
	case jkTypeIdent, jkIdentifier:
		return x.text(n)
	case jkNestedTypeIdent:
		q, ok := x.chainText(n.ChildByFieldId(x.t.fModule))
		if name := n.ChildByFieldId(x.t.fName); ok && name != nil {
			return q + "." + x.text(name)
		}
	case jkGenericType:
		return x.typeName(n.ChildByFieldId(x.t.fName))
	}
	return ""
}

// tsFunctionType reports whether a type annotation is a function type,
// possibly parenthesized: ": (a: A) => B".
func (x *extractor) tsFunctionType(ann *sitter.Node) bool {
	if x.kind(ann) != jkTypeAnnotation {
		return false
	}
	t := ann.NamedChild(0)
	for x.kind(t) == jkParenType {
		t = t.NamedChild(0)
	}
	return x.kind(t) == jkFuncType
}

// tsCallableType reports whether a type annotation declares a function: a
// function type, or an object type of call signatures only (overloads).
func (x *extractor) tsCallableType(ann *sitter.Node) bool {
	if x.tsFunctionType(ann) {
		return true
	}
	if x.kind(ann) != jkTypeAnnotation {
		return false
	}
	t := ann.NamedChild(0)
	if x.kind(t) != jkObjectType {
		return false
	}
	calls := 0
	for i := uint(0); i < t.NamedChildCount(); i++ {
		switch x.kind(t.NamedChild(i)) {
		case jkCallSig:
			calls++
		case jkComment:
		default:
			return false
		}
	}
	return calls > 0
}
