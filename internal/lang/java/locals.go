package java

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// infer is what the walk of one file knows about types.
type infer struct {
	imports   map[string]string // simple name -> chain, from single-type imports
	statics   map[string]string // statically imported member -> its class's chain
	staticAll []string          // chains of classes whose static members are all imported
	declared  map[string]string // simple name -> qualified name of a type the file declares
	locals    []map[string]typedVar
	types     []*typeBody
}

// typeBody is a type body being walked: a named (member or top-level) type,
// or an anonymous or local class, whose members have no symbols.
type typeBody struct {
	named   bool
	self    string // chain of this: "this" for a named type, the base of an anonymous one
	simple  string // simple name (named types)
	bases   bool   // declares a superclass or interfaces
	fields  map[string]typedVar
	methods map[string]bool
	results map[string][]overload // method -> its overloads' parameter and result types
}

// overload is one overload's parameter types (as facts.Symbol.Params) and
// simple result type.
type overload struct{ params, result string }

func (x *extractor) innermost() *typeBody {
	if len(x.in.types) == 0 {
		return nil
	}
	return x.in.types[len(x.in.types)-1]
}

// lookup finds a local, then a field of an enclosing type of the file.
func (x *extractor) lookup(name string) (typedVar, bool) {
	for i := len(x.in.locals) - 1; i >= 0; i-- {
		if v, ok := x.in.locals[i][name]; ok {
			return v, true
		}
	}
	for i := len(x.in.types) - 1; i >= 0; i-- {
		if v, ok := x.in.types[i].fields[name]; ok {
			return v, true
		}
	}
	return typedVar{}, false
}

func (x *extractor) declare(name string, v typedVar) {
	if name == "" || len(x.in.locals) == 0 {
		return
	}
	if v.chain == "" {
		v.chain = facts.Unknown
	}
	if v.typ == "" {
		v.typ = "?"
	}
	x.in.locals[len(x.in.locals)-1][name] = v
}

// declareTypes maps the simple names of the types a file declares (nested
// ones too) to their qualified names; the first of a name wins.
func (x *extractor) declareTypes(n *sitter.Node, prefix string) {
	it := syntax.KidsOf(n)
	defer it.Close()
	for c := it.Next(); c != nil; c = it.Next() {
		switch c.KindId() {
		case x.k.classDecl, x.k.recordDecl, x.k.interfaceDecl, x.k.enumDecl, x.k.annotationDecl:
			name := syntax.Text(c.ChildByFieldId(x.k.fName), x.src)
			if name == "" {
				continue
			}
			qual := prefix + name
			if _, seen := x.in.declared[name]; !seen {
				x.in.declared[name] = qual
			}
			if body := c.ChildByFieldId(x.k.fBody); body != nil {
				x.declareTypes(body, qual+".")
			}
		case x.tk.enumBodyDecls:
			x.declareTypes(c, prefix)
		}
	}
}

// importInfo records what an import binds for type inference.
func (x *extractor) importInfo(imp facts.Import, wildcard bool) {
	switch {
	case imp.Kind == "static" && wildcard:
		x.in.staticAll = append(x.in.staticAll, importChain(imp.Path))
	case imp.Kind == "static":
		if i := strings.LastIndexByte(imp.Path, '.'); i > 0 {
			x.in.statics[imp.Path[i+1:]] = importChain(imp.Path[:i])
		}
	case imp.Kind == "" && (strings.HasPrefix(imp.Path, "java.") || strings.HasPrefix(imp.Path, "javax.")):
		last, _ := syntax.SplitLast(imp.Path, ".")
		x.in.imports[last] = facts.NotRepo // the JDK's
	case imp.Kind == "":
		last, _ := syntax.SplitLast(imp.Path, ".")
		x.in.imports[last] = importChain(imp.Path)
	}
}

// enter updates the inference state on entering node n (after its symbol,
// if any, was emitted) and returns how many local scopes and types to pop.
func (x *extractor) enter(n *sitter.Node, id, parentKind uint16, symbol bool) (locals int, types int) {
	k, tk := x.k, x.tk
	switch id {
	case k.classDecl, k.recordDecl, k.interfaceDecl, k.enumDecl, k.annotationDecl:
		x.enterType(n, id, symbol)
		return 0, 1
	case tk.classBody:
		if parentKind == k.objectCreation || parentKind == k.enumConstant {
			x.enterAnonymous(n, parentKind)
			return 0, 1
		}
	case k.methodDecl, k.ctorDecl, k.compactCtorDecl:
		x.pushLocals()
		x.declareParams(n.ChildByFieldId(tk.fParameters))
		return 1, 0
	case tk.lambda:
		x.pushLocals()
		x.lambdaParams(n.ChildByFieldId(tk.fParameters))
		return 1, 0
	case tk.block, tk.ctorBody, tk.forStmt, tk.catchClause, tk.tryResources, tk.switchBlock:
		x.pushLocals()
		if id == tk.catchClause {
			x.catchParam(n)
		}
		return 1, 0
	case tk.enhancedFor:
		x.pushLocals()
		x.forEach(n)
		return 1, 0
	case tk.localVarDecl, tk.resource:
		x.localDecl(n, id)
	case tk.instanceOf:
		if name := n.ChildByFieldId(k.fName); name != nil {
			x.declare(syntax.Text(name, x.src), x.typeInfo(n.ChildByFieldId(tk.fRight)))
		}
	}
	return 0, 0
}

func (x *extractor) pushLocals() { x.in.locals = append(x.in.locals, map[string]typedVar{}) }

func (x *extractor) leave(locals, types int) {
	x.in.locals = x.in.locals[:len(x.in.locals)-locals]
	x.in.types = x.in.types[:len(x.in.types)-types]
}

// enterType starts a named type's (or a local class's) body: its fields
// and methods are known before the walk reaches them.
func (x *extractor) enterType(n *sitter.Node, id uint16, named bool) {
	name := syntax.Text(n.ChildByFieldId(x.k.fName), x.src)
	t := &typeBody{named: named, self: "this", simple: name, fields: map[string]typedVar{}, methods: map[string]bool{}, results: map[string][]overload{}}
	sc := n.ChildByFieldId(x.k.fSuperclass)
	t.bases = sc != nil || n.ChildByFieldId(x.k.fInterfaces) != nil
	if !named {
		// A local class: its own members have no symbols; inherited ones
		// are its superclass's.
		t.self = facts.NotRepo
		if sc != nil && sc.NamedChildCount() > 0 {
			t.self = x.typeInfo(sc.NamedChild(0)).chain
		}
	}
	if id == x.k.recordDecl {
		x.recordFields(n.ChildByFieldId(x.tk.fParameters), t)
	}
	x.bodyInfo(n.ChildByFieldId(x.k.fBody), t, x.in.declared[name])
	x.in.types = append(x.in.types, t)
}

// enterAnonymous starts an anonymous class body: new T() {...} or an enum
// constant's body. this is the base type there.
func (x *extractor) enterAnonymous(body *sitter.Node, parentKind uint16) {
	t := &typeBody{fields: map[string]typedVar{}, methods: map[string]bool{}, results: map[string][]overload{}}
	if parentKind == x.k.objectCreation {
		t.self = x.typeInfo(x.createdType(body.Parent())).chain
	} else if len(x.Scopes) >= 2 {
		t.self = x.Scopes[len(x.Scopes)-2].Qual // the enum
	}
	if t.self == "" {
		t.self = facts.Unknown
	}
	x.bodyInfo(body, t, "")
	x.in.types = append(x.in.types, t)
}

// bodyInfo reads the fields and methods a type body declares. qual is the
// type's qualified name, for its enum constants.
func (x *extractor) bodyInfo(body *sitter.Node, t *typeBody, qual string) {
	if body == nil {
		return
	}
	k := x.k
	it := syntax.KidsOf(body)
	defer it.Close()
	for m := it.Next(); m != nil; m = it.Next() {
		switch m.KindId() {
		case k.methodDecl:
			name := syntax.Text(m.ChildByFieldId(k.fName), x.src)
			t.methods[name] = true
			sc := syntax.Scope{}
			sc.TypeParams, sc.Bounds = x.typeParams(m)
			x.Scopes = append(x.Scopes, sc) // the method's type variables
			t.results[name] = append(t.results[name], overload{
				params: x.paramList(m.ChildByFieldId(x.tk.fParameters)),
				result: x.typeInfo(m.ChildByFieldId(k.fType)).typ,
			})
			x.Scopes = x.Scopes[:len(x.Scopes)-1]
		case k.fieldDecl, k.constantDecl:
			v := x.typeInfo(m.ChildByFieldId(k.fType))
			for i := uint(0); i < m.NamedChildCount(); i++ {
				if d := m.NamedChild(i); d.KindId() == k.variableDeclarator {
					t.fields[syntax.Text(d.ChildByFieldId(k.fName), x.src)] = v
				}
			}
		case k.enumConstant:
			if qual != "" {
				t.fields[syntax.Text(m.ChildByFieldId(k.fName), x.src)] = typedVar{chain: qual, typ: t.simple}
			}
		case x.tk.enumBodyDecls:
			x.bodyInfo(m, t, qual)
		}
	}
}

func (x *extractor) recordFields(params *sitter.Node, t *typeBody) {
	if params == nil {
		return
	}
	for i := uint(0); i < params.NamedChildCount(); i++ {
		if p := params.NamedChild(i); p.KindId() == x.tk.formalParameter {
			t.fields[syntax.Text(p.ChildByFieldId(x.k.fName), x.src)] = x.typeInfo(p.ChildByFieldId(x.k.fType))
		}
	}
}

// declareParams declares a method's or lambda's formal parameters.
func (x *extractor) declareParams(params *sitter.Node) {
	if params == nil {
		return
	}
	for i := uint(0); i < params.NamedChildCount(); i++ {
		p := params.NamedChild(i)
		switch p.KindId() {
		case x.tk.formalParameter:
			x.declare(syntax.Text(p.ChildByFieldId(x.k.fName), x.src), x.typeInfo(p.ChildByFieldId(x.k.fType)))
		case x.tk.spreadParameter:
			el := x.spreadType(p)
			for j := uint(0); j < p.NamedChildCount(); j++ {
				if d := p.NamedChild(j); d.KindId() == x.k.variableDeclarator {
					x.declare(syntax.Text(d.ChildByFieldId(x.k.fName), x.src), typedVar{chain: facts.NotRepo, typ: el.typ + "[]", elem: el.chain, elemTyp: el.typ})
				}
			}
		}
	}
}

// lambdaParams declares a lambda's parameters: typed ones with their
// types, inferred ones as unknown.
func (x *extractor) lambdaParams(params *sitter.Node) {
	switch {
	case params == nil:
	case params.KindId() == x.k.identifier:
		x.declare(syntax.Text(params, x.src), unknownVar)
	case params.KindId() == x.tk.formalParameters:
		x.declareParams(params)
	default:
		for i := uint(0); i < params.NamedChildCount(); i++ {
			if p := params.NamedChild(i); p.KindId() == x.k.identifier {
				x.declare(syntax.Text(p, x.src), unknownVar)
			}
		}
	}
}

func (x *extractor) catchParam(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		p := n.NamedChild(i)
		if p.KindId() != x.tk.catchParam {
			continue
		}
		v := unknownVar
		for j := uint(0); j < p.NamedChildCount(); j++ {
			if ct := p.NamedChild(j); ct.KindId() == x.tk.catchType && ct.NamedChildCount() == 1 {
				v = x.typeInfo(ct.NamedChild(0))
			}
		}
		x.declare(syntax.Text(p.ChildByFieldId(x.k.fName), x.src), v)
	}
}

// forEach declares an enhanced for's variable: its declared type, or for
// var the element type of the iterated local.
func (x *extractor) forEach(n *sitter.Node) {
	v := x.typeInfo(n.ChildByFieldId(x.k.fType))
	if v.chain == facts.Unknown {
		if it := n.ChildByFieldId(x.tk.fValue); it != nil && it.KindId() == x.k.identifier {
			if src, ok := x.lookup(syntax.Text(it, x.src)); ok && src.elem != "" {
				v = typedVar{chain: src.elem, typ: src.elemTyp}
			}
		}
	}
	x.declare(syntax.Text(n.ChildByFieldId(x.k.fName), x.src), v)
}

// localDecl declares a local variable declaration's names (or a
// try-with-resources resource); var takes its initializer's type.
func (x *extractor) localDecl(n *sitter.Node, id uint16) {
	declared := x.typeInfo(n.ChildByFieldId(x.k.fType))
	isVar := syntax.Text(n.ChildByFieldId(x.k.fType), x.src) == "var"
	one := func(name, value *sitter.Node) {
		v := declared
		if isVar && value != nil {
			v = typedVar{chain: x.exprChain(value), typ: x.argType(value)}
		}
		x.declare(syntax.Text(name, x.src), v)
	}
	if id == x.tk.resource {
		if name := n.ChildByFieldId(x.k.fName); name != nil {
			one(name, n.ChildByFieldId(x.tk.fValue))
		}
		return
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if d := n.NamedChild(i); d.KindId() == x.k.variableDeclarator {
			one(d.ChildByFieldId(x.k.fName), d.ChildByFieldId(x.tk.fValue))
		}
	}
}
