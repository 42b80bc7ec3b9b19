package js

import (
	"sort"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// scope is one enclosing definition. kind "" marks an anonymous class,
// whose members are not symbols; its qual is the enclosing one.
type scope struct{ qual, kind string }

type ref struct {
	pos uint
	ref facts.Ref
}

type extractor struct {
	t       *table
	src     []byte
	f       *facts.File
	scopes  []scope
	refs    []ref
	tparams []tparam // type parameters in scope (not emitted as refs)
	// genericParams are the type parameters of the generic alias whose Type
	// is being read, by position ("" for one with a constraint): each
	// stands for the type argument a use gives (facts.TypeParam).
	genericParams []string
	// boundDepth counts the type parameter constraints being followed.
	boundDepth int
	frames     []frame // local bindings of the enclosing functions
	skip       uintptr // id of a node its parent already handled
	// imps maps the local names the file's imports bind; top holds the
	// names its module level (and namespaces) declare.
	imps map[string]binding
	top  map[string]bool
	// bases holds each class's first base as written (Extends may hold
	// its imported chain instead), for super(...).
	bases map[string]string
	// defs maps each Qualified name to its first symbol's index, and
	// prototypes holds the names X.prototype.m assignments give methods
	// (see assigns.go).
	defs       map[string]int
	prototypes map[string]bool
}

// extractWith is the extractor of the grammar whose table is given.
func extractWith(table func() *table) func(root *sitter.Node, src []byte) *facts.File {
	return func(root *sitter.Node, src []byte) *facts.File { return extract(table(), root, src) }
}

func extract(t *table, root *sitter.Node, src []byte) *facts.File {
	x := &extractor{t: t, src: src, f: &facts.File{}, bases: map[string]string{}, defs: map[string]int{}}
	x.prescan(root)
	c := root.Walk()
	defer c.Close()
	x.walk(c, nil, jkOther, false)
	x.moduleExports(root) // after the walk, which binds the names require() imports
	x.sortImports()
	// Refs are emitted in pre-order; order them by the name's position so that
	// f().g() lists f before g.
	if !sort.SliceIsSorted(x.refs, func(i, j int) bool { return x.refs[i].pos < x.refs[j].pos }) {
		sort.SliceStable(x.refs, func(i, j int) bool { return x.refs[i].pos < x.refs[j].pos })
	}
	if len(x.refs) > 0 {
		x.f.Refs = make([]facts.Ref, len(x.refs))
		for i := range x.refs {
			x.f.Refs[i] = x.refs[i].ref
		}
	}
	return x.f
}

func (x *extractor) kind(n *sitter.Node) kind {
	if n == nil {
		return jkOther
	}
	if id := int(n.KindId()); id < len(x.t.kinds) {
		return x.t.kinds[id]
	}
	return jkOther
}

func (x *extractor) text(n *sitter.Node) string { return syntax.Text(n, x.src) }

// walk visits the cursor's node and its subtree. top says the node sits at
// module level (program, namespace body, or a declaration wrapper there).
func (x *extractor) walk(c *sitter.TreeCursor, parent *sitter.Node, pk kind, top bool) {
	n := c.Node()
	k, leaf := jkOther, false
	if id := int(n.KindId()); id < len(x.t.kinds) {
		k, leaf = x.t.kinds[id], x.t.leaf[id]
	}
	nScopes, nTP, nFrames := len(x.scopes), len(x.tparams), len(x.frames)
	descend, childTop, keepTP := true, false, false
	switch k {
	case jkFuncDecl, jkFuncExpr, jkMethod, jkFuncSig, jkMethodSig, jkTypeAlias:
		// The signature's types (symbol types, parameter types) see the
		// declaration's own type parameters.
		x.pushTypeParams(n)
	}
	switch k {
	case jkProgram:
		childTop = true
	case jkExport:
		childTop = top
		if src := n.ChildByFieldId(x.t.fSource); src != nil {
			x.reexport(n, src)
		} else {
			x.localExport(n)
		}
	case jkAmbient, jkExprStatement, jkLexical, jkVarDecl:
		childTop = top
	case jkStatementBlock:
		childTop = pk == jkNamespace || pk == jkAmbient
	case jkImport:
		if pk != jkProgram { // the prescan took the module-level ones
			x.importStmt(n)
		}
		descend = false
	case jkFuncDecl:
		if name := n.ChildByFieldId(x.t.fName); name != nil {
			x.add(x.text(name), facts.KindFunction, n, parent, pk, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
				x.signature(s, n)
			})
		}
	case jkFuncExpr:
		x.exportedFunction(n, parent)
	case jkClassDecl, jkClassExpr:
		x.class(n, parent, pk)
	case jkMethod:
		x.method(n, parent, pk)
	case jkField:
		x.field(n, pk)
	case jkDeclarator:
		x.declarator(n, parent, top)
	case jkAssign:
		x.assignment(n)
	case jkCall:
		x.call(n)
	case jkNew:
		if ctor := n.ChildByFieldId(x.t.fConstructor); ctor != nil {
			x.calleeRef(ctor, facts.RefCall)
		}
	case jkJSXOpen:
		if name := n.ChildByFieldId(x.t.fName); name != nil {
			switch x.kind(name) {
			case jkIdentifier:
				if s := x.text(name); s != "" && s[0] >= 'A' && s[0] <= 'Z' && !x.isLocal(s) {
					x.ref(name, s, "", facts.RefCall)
				}
			case jkMember:
				x.calleeRef(name, facts.RefCall)
			}
		}
	case jkDecorator:
		x.enterDecoratedClass(parent, pk)
		if e := n.NamedChild(0); e != nil && (x.kind(e) == jkIdentifier || x.kind(e) == jkMember) {
			x.calleeRef(e, facts.RefCall)
		}
	case jkClassHeritage:
		// JavaScript: class_heritage holds the extends expression directly.
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if e := n.NamedChild(i); x.kind(e) == jkIdentifier || x.kind(e) == jkMember {
				x.calleeRef(e, facts.RefReference)
			}
		}
	case jkExtendsClause:
		for i := uint(0); i < n.NamedChildCount(); i++ {
			if e := n.NamedChild(i); x.kind(e) == jkIdentifier || x.kind(e) == jkMember {
				x.calleeRef(e, facts.RefReference)
			}
		}
	default:
		descend = x.tsEnter(c, n, k, parent, pk)
		keepTP = k == jkTypeParams || k == jkMappedClause
	}
	if k == jkFuncDecl || k == jkFuncExpr || k == jkMethod {
		x.enterFunction(n)
	}
	if fr := x.narrowedBranch(n, parent); fr != nil {
		x.frames = append(x.frames, fr)
	}
	if descend && !leaf && c.GotoFirstChild() {
		for {
			x.walk(c, n, k, childTop)
			if fr := x.narrowedAfter(c.Node()); fr != nil {
				// Until the end of this node, popped with its frames below.
				x.frames = append(x.frames, fr)
			}
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	x.scopes = x.scopes[:nScopes]
	x.frames = x.frames[:nFrames]
	if !keepTP {
		x.tparams = x.tparams[:nTP]
	}
}

// enterDecoratedClass enters, for a decorator's subtree, the scope of the
// exported class it decorates: tree-sitter puts the decorators of
// "@Injectable() export class C" in the export statement, before the
// class, where the checker has them in C's declaration and counts their
// calls as C's.
func (x *extractor) enterDecoratedClass(parent *sitter.Node, pk kind) {
	if pk != jkExport || parent == nil {
		return
	}
	decl := parent.ChildByFieldId(x.t.fDeclaration)
	if x.kind(decl) != jkClassDecl {
		return
	}
	if name := decl.ChildByFieldId(x.t.fName); name != nil {
		x.push(x.qualify(x.text(name)), facts.KindClass)
	}
}

// requireSpec reports whether n is require("literal") and returns the path.
func (x *extractor) requireSpec(n *sitter.Node) (string, bool) {
	if x.kind(n) != jkCall {
		return "", false
	}
	fn := n.ChildByFieldId(x.t.fFunction)
	if x.kind(fn) != jkIdentifier || x.text(fn) != "require" {
		return "", false
	}
	return x.stringArg(n)
}

// stringArg returns the only argument of a call when it is a string literal.
func (x *extractor) stringArg(call *sitter.Node) (string, bool) {
	args := call.ChildByFieldId(x.t.fArguments)
	if args == nil || args.NamedChildCount() != 1 {
		return "", false
	}
	if a := args.NamedChild(0); x.kind(a) == jkString {
		return unquote(x.text(a)), true
	}
	return "", false
}

func (x *extractor) call(n *sitter.Node) {
	fn := x.callFunction(n)
	switch x.kind(fn) {
	case jkImportKw: // dynamic import("./x")
		if spec, ok := x.stringArg(n); ok {
			x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Line: syntax.Line(n)})
		}
		return
	case jkIdentifier:
		if n.Id() == x.skip { // require() already recorded by its declarator
			return
		}
		if spec, ok := x.requireSpec(n); ok {
			x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Line: syntax.Line(n)})
			return
		}
	case jkSuper: // super(...) calls the base class's constructor
		x.superRef(fn)
		return
	case jkCall:
		if x.requireCall(n, fn) {
			return
		}
	}
	x.calleeRef(fn, facts.RefCall)
}

// requireCall records require('./boot')(app), fastify's
// require('..')(opts): a call of the module's default export, bound by an
// import to the name the code calls it by, the require() itself (no
// identifier can be written so).
func (x *extractor) requireCall(n, fn *sitter.Node) bool {
	spec, ok := x.requireSpec(fn)
	if !ok {
		return false
	}
	local := syntax.NoSpace(x.text(fn))
	x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Names: []string{defaultName}, As: []string{local}, Line: syntax.Line(n)})
	x.skip = fn.Id() // its require() is the import above
	x.ref(fn, local, "", facts.RefCall)
	return true
}

// callFunction is the expression a call calls. tree-sitter parses
// "await f<T>(a)" as a call of "await f" with type arguments; no call
// of an await is written so without parentheses, so the function is what
// the await holds, and the await is the whole call's.
func (x *extractor) callFunction(call *sitter.Node) *sitter.Node {
	fn := call.ChildByFieldId(x.t.fFunction)
	if x.kindName(fn) == "await_expression" {
		return fn.NamedChild(0)
	}
	return fn
}

// superRef records super(...) as a call of the enclosing class's base
// class, as new Base(...) would be.
func (x *extractor) superRef(at *sitter.Node) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if x.scopes[i].kind != facts.KindClass {
			continue
		}
		if name := x.bases[x.scopes[i].qual]; name != "" {
			q := ""
			if k := strings.LastIndexByte(name, '.'); k >= 0 {
				q, name = name[:k], name[k+1:]
			}
			x.ref(at, name, q, facts.RefCall)
		}
		return
	}
}

// calleeRef records a reference to an identifier or member expression
// (f!() and o.m!() as f() and o.m()). A bare name bound locally is no
// reference to a definition.
func (x *extractor) calleeRef(fn *sitter.Node, kind string) {
	for x.kind(fn) == jkNonNull {
		fn = fn.NamedChild(0)
	}
	switch x.kind(fn) {
	case jkIdentifier:
		if name := x.text(fn); !x.isLocal(name) {
			x.ref(fn, name, "", kind)
		}
	case jkMember:
		prop := fn.ChildByFieldId(x.t.fProperty)
		if x.kind(prop) != jkPropertyIdent {
			return
		}
		obj := fn.ChildByFieldId(x.t.fObject)
		q, ok := x.chainText(obj)
		if !ok {
			q = "?"
		}
		x.refRecv(prop, x.text(prop), q, kind, x.recvChain(obj))
		local := obj
		for x.kind(local) == jkNonNull {
			local = local.NamedChild(0)
		}
		if x.kind(local) == jkIdentifier {
			// x: Literal | Union: x.m() (or x!.m()) may be any member's
			// m, as the checker answers; one reference for each.
			for _, alt := range x.unionAlternatives(x.text(local)) {
				x.refRecv(prop, x.text(prop), q, kind, alt)
			}
		}
	}
}

func (x *extractor) ref(at *sitter.Node, name, qual, kind string) {
	x.refRecv(at, name, qual, kind, "")
}

func (x *extractor) refRecv(at *sitter.Node, name, qual, kind, recv string) {
	x.refs = append(x.refs, ref{pos: at.StartByte(), ref: facts.Ref{
		Name: name, Qualifier: qual, Kind: kind, From: x.cur(), Line: syntax.Line(at), Recv: recv,
	}})
}

// chainText returns the text of an identifier chain (a, this.a, a.b.c, a?.b,
// a!.b) without whitespace; ok is false for anything else.
func (x *extractor) chainText(n *sitter.Node) (string, bool) {
	switch x.kind(n) {
	case jkIdentifier, jkThis, jkSuper, jkPropertyIdent, jkTypeIdent:
		return x.text(n), true
	case jkNonNull:
		return x.chainText(n.NamedChild(0))
	case jkMember, jkNestedIdent:
		prop := n.ChildByFieldId(x.t.fProperty)
		if x.kind(prop) != jkPropertyIdent && x.kind(prop) != jkIdentifier {
			return "", false
		}
		obj, ok := x.chainText(n.ChildByFieldId(x.t.fObject))
		if !ok {
			return "", false
		}
		return obj + "." + x.text(prop), true
	}
	return "", false
}

func (x *extractor) lastIdent(n *sitter.Node) string {
	s := ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); x.kind(c) == jkIdentifier {
			s = x.text(c)
		}
	}
	return s
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'' || s[0] == '`') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
