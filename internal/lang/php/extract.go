package php

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// phpModuleKeys: the fully qualified name of every top-level class,
// interface, trait and enum (for use), then the file path (for require).
// A file with several namespaces qualifies all of them with the first.
func moduleKeys(p string, f *facts.File, _ *lang.Project) []string {
	var keys []string
	if f != nil {
		for _, s := range f.Symbols {
			if s.Parent != "" {
				continue
			}
			switch s.Kind {
			case facts.KindClass, facts.KindInterface, facts.KindTrait, facts.KindEnum:
				if f.Package != "" {
					keys = append(keys, f.Package+`\`+s.Name)
				} else {
					keys = append(keys, s.Name)
				}
			}
		}
	}
	return append(keys, p)
}

// phpImportCandidates: a use names a class; a require names a file, relative
// to the including file's directory first and to the repository root second.
func importCandidates(imp facts.Import, from string, _ *lang.Project) []string {
	if imp.Path == "" {
		return nil
	}
	if imp.Kind != "require" {
		return []string{imp.Path}
	}
	var out []string
	add := func(p string) {
		p = strings.TrimLeft(strings.TrimPrefix(p, "./"), "/")
		if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "../") {
			return
		}
		for _, o := range out {
			if o == p {
				return
			}
		}
		out = append(out, p)
	}
	add(path.Clean(path.Join(path.Dir(from), imp.Path)))
	add(path.Clean(imp.Path))
	return out
}

type kinds struct {
	namespaceDef, useDecl, useClause, useGroup, namespaceName, qualifiedName, name uint16
	functionDef, classDecl, interfaceDecl, traitDecl, enumDecl, methodDecl         uint16
	constDecl, constElement, propertyDecl, propertyElement, enumCase, traitUse     uint16
	baseClause, interfaceClause, attribute, comment, namedType, variableName       uint16
	functionCall, memberCall, nullsafeMemberCall, scopedCall, objectCreation       uint16
	classConstAccess, memberAccess, nullsafeMemberAccess, scopedPropertyAccess     uint16
	relativeScope, binary, instanceof, require, requireOnce, include, includeOnce  uint16
	parenthesized, str, encapsedStr, strContent, arguments, argument               uint16

	fName, fBody, fFunction, fObject, fScope, fAlias, fLeft, fRight, fOperator, fArguments uint16
}

var kindTable = sync.OnceValue(func() *kinds {
	l := syntax.NewTable(phpGrammar())
	id, fid := l.ID, l.Field
	return &kinds{
		namespaceDef: id("namespace_definition"), useDecl: id("namespace_use_declaration"),
		useClause: id("namespace_use_clause"), useGroup: id("namespace_use_group"),
		namespaceName: id("namespace_name"), qualifiedName: id("qualified_name"), name: id("name"),
		functionDef: id("function_definition"), classDecl: id("class_declaration"),
		interfaceDecl: id("interface_declaration"), traitDecl: id("trait_declaration"),
		enumDecl: id("enum_declaration"), methodDecl: id("method_declaration"),
		constDecl: id("const_declaration"), constElement: id("const_element"),
		propertyDecl: id("property_declaration"), propertyElement: id("property_element"),
		enumCase: id("enum_case"), traitUse: id("use_declaration"),
		baseClause: id("base_clause"), interfaceClause: id("class_interface_clause"),
		attribute: id("attribute"), comment: id("comment"), namedType: id("named_type"),
		variableName: id("variable_name"), functionCall: id("function_call_expression"),
		memberCall: id("member_call_expression"), nullsafeMemberCall: id("nullsafe_member_call_expression"),
		scopedCall: id("scoped_call_expression"), objectCreation: id("object_creation_expression"),
		classConstAccess: id("class_constant_access_expression"), memberAccess: id("member_access_expression"),
		nullsafeMemberAccess: id("nullsafe_member_access_expression"),
		scopedPropertyAccess: id("scoped_property_access_expression"), relativeScope: id("relative_scope"),
		binary: id("binary_expression"), instanceof: l.Token("instanceof"),
		require: id("require_expression"), requireOnce: id("require_once_expression"),
		include: id("include_expression"), includeOnce: id("include_once_expression"),
		parenthesized: id("parenthesized_expression"), str: id("string"),
		encapsedStr: id("encapsed_string"), strContent: id("string_content"),
		arguments: id("arguments"), argument: id("argument"),
		fName: fid("name"), fBody: fid("body"), fFunction: fid("function"), fObject: fid("object"),
		fScope: fid("scope"), fAlias: fid("alias"), fLeft: fid("left"), fRight: fid("right"),
		fOperator: fid("operator"), fArguments: fid("arguments"),
	}
})

type extractor struct {
	k      *kinds
	src    []byte
	f      *facts.File
	refPos []uint
	scopes []syntax.Scope // qual, name, isType
	// prevComment is the comment right before the node being entered.
	prevComment *sitter.Node
	// ns is the current namespace; uses maps the names use statements
	// bind to the classes they import.
	ns   string
	uses map[string]string
	// locals are the variables of the open functions with their type
	// chains, innermost last; props maps a property's Qualified name to
	// its index in Symbols.
	locals syntax.Locals
	props  map[string]int
}

func extract(root *sitter.Node, src []byte) *facts.File {
	x := &extractor{k: kindTable(), src: src, f: &facts.File{}, uses: map[string]string{}, props: map[string]int{}}
	x.walk(root)
	syntax.SortRefs(x.f.Refs, x.refPos)
	return x.f
}

func (x *extractor) from() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].Qual
}

func (x *extractor) inTypeBody() bool {
	return len(x.scopes) > 0 && x.scopes[len(x.scopes)-1].IsType
}

func (x *extractor) ref(name, qual, kind string, at *sitter.Node) {
	x.refRecv(name, qual, "", kind, at)
}

func (x *extractor) refRecv(name, qual, recv, kind string, at *sitter.Node) {
	if name == "" {
		return
	}
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: x.from(), Line: syntax.Line(at), Recv: recv})
	x.refPos = append(x.refPos, at.StartByte())
}

func (x *extractor) sym(s facts.Symbol, n *sitter.Node) {
	if len(x.scopes) > 0 {
		s.Parent = x.scopes[len(x.scopes)-1].Qual
		s.Qualified = s.Parent + "." + s.Name
	} else {
		s.Qualified = s.Name
	}
	s.Line, s.EndLine = syntax.Line(n), syntax.EndLine(n)
	if s.Doc == "" {
		s.Doc = x.doc(n)
	}
	x.f.Symbols = append(x.f.Symbols, s)
}

// walk visits n and returns its kind.
func (x *extractor) walk(n *sitter.Node) uint16 {
	k := x.k
	id := n.KindId()
	pushed := false
	descend := true
	switch id {
	case k.namespaceDef:
		x.ns = name(syntax.Text(n.ChildByFieldId(k.fName), x.src))
		if x.f.Package == "" {
			x.f.Package = x.ns
		}
	case k.useDecl:
		x.useDecl(n)
		descend = false
	case k.functionDef:
		if len(x.scopes) == 0 {
			pushed = x.decl(n, facts.KindFunction)
		}
	case k.classDecl:
		pushed = x.decl(n, facts.KindClass)
	case k.interfaceDecl:
		pushed = x.decl(n, facts.KindInterface)
	case k.traitDecl:
		pushed = x.decl(n, facts.KindTrait)
	case k.enumDecl:
		pushed = x.decl(n, facts.KindEnum)
	case k.methodDecl:
		if x.inTypeBody() {
			pushed = x.decl(n, facts.KindMethod)
			if pushed && strings.EqualFold(syntax.Text(n.ChildByFieldId(k.fName), x.src), "__construct") {
				x.promoted(n)
			}
		}
	case k.constDecl, k.propertyDecl:
		pushed = x.members(n)
	case k.enumCase:
		if name := syntax.Text(n.ChildByFieldId(k.fName), x.src); name != "" && x.inTypeBody() {
			x.sym(facts.Symbol{Name: name, Kind: facts.KindConst, Signature: "case " + name}, n)
		}
	case k.requireOnce, k.require, k.include, k.includeOnce:
		x.require(n)
	case k.functionCall:
		x.functionCall(n)
	case k.memberCall, k.nullsafeMemberCall:
		if nm := n.ChildByFieldId(k.fName); nm != nil && nm.KindId() == k.name {
			obj := n.ChildByFieldId(k.fObject)
			x.refRecv(syntax.Text(nm, x.src), x.qualifier(obj), x.recvChain(obj), facts.RefCall, nm)
		}
	case k.scopedCall:
		if nm := n.ChildByFieldId(k.fName); nm != nil && nm.KindId() == k.name {
			scope := n.ChildByFieldId(k.fScope)
			x.refRecv(syntax.Text(nm, x.src), x.qualifier(scope), x.staticRecv(scope), facts.RefCall, nm)
		}
	case k.objectCreation:
		if t := n.NamedChild(0); t != nil {
			x.nameRef(t, facts.RefCall)
		}
	case k.namedType, k.baseClause, k.interfaceClause, k.traitUse, k.attribute:
		for i := uint(0); i < n.NamedChildCount(); i++ {
			x.nameRef(n.NamedChild(i), facts.RefReference)
		}
	case k.classConstAccess:
		x.classConst(n)
	case k.binary:
		if op := n.ChildByFieldId(k.fOperator); op != nil && op.KindId() == k.instanceof {
			if r := n.ChildByFieldId(k.fRight); r != nil {
				x.nameRef(r, facts.RefReference)
			}
		}
	}
	function := id == k.functionDef || id == k.methodDecl || id == tK().anonFunc || id == tK().arrowFunc
	if function {
		x.enterFunction(n)
	}
	if id == tK().assignment && len(x.locals) > 0 {
		x.assign(n)
	}
	if descend {
		it := syntax.KidsOf(n)
		var prev *sitter.Node
		for ch := it.Next(); ch != nil; ch = it.Next() {
			x.prevComment = prev
			prev = nil
			if cid := x.walk(ch); cid == k.comment {
				prev = ch
			}
		}
		it.Close()
	}
	if function {
		x.locals.Pop()
	}
	if pushed {
		x.scopes = x.scopes[:len(x.scopes)-1]
	}
	return id
}
