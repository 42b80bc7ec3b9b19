package js

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// cur is the Qualified name of the innermost enclosing symbol.
func (x *extractor) cur() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].qual
}

func (x *extractor) curKind() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].kind
}

func (x *extractor) push(qual, kind string) { x.scopes = append(x.scopes, scope{qual, kind}) }

// qualify joins name onto the enclosing symbol.
func (x *extractor) qualify(name string) string {
	if p := x.cur(); p != "" {
		return p + "." + name
	}
	return name
}

// add records a symbol defined by node n and enters its scope. When n is
// wrapped in an export/declare statement (pk), the doc comment and signature
// start at the wrapper. body ends the signature (nil: the whole node).
func (x *extractor) add(name, kind string, n, parent *sitter.Node, pk kind, body *sitter.Node, mod func(*facts.Symbol)) {
	outer := n
	if parent != nil && (pk == jkExport || pk == jkAmbient || pk == jkExprStatement) {
		outer = parent
	}
	x.addAt(name, kind, n, n, outer, outer, body, mod)
}

// addAt is add with explicit nodes: n spans the symbol, sigFrom starts the
// signature, docAt is the node the doc comment sits above (nil: none).
func (x *extractor) addAt(name, kind string, n, lineAt, sigFrom, docAt, body *sitter.Node, mod func(*facts.Symbol)) {
	parentQual := x.cur()
	s := facts.Symbol{
		Name: name, Qualified: x.qualify(name), Kind: kind, Parent: parentQual,
		Line: syntax.Line(x.skipDecorators(lineAt)), EndLine: syntax.EndLine(n),
		Signature: x.header(x.skipDecorators(sigFrom), n, body),
	}
	if docAt != nil {
		s.Doc = syntax.PrecedingComments(docAt, x.src, isComment)
	}
	if mod != nil {
		mod(&s)
	}
	if s.Kind == facts.KindFunction && x.prototypes[s.Qualified] {
		s.Kind = facts.KindClass // its methods were assigned above it (see prototypeOwner)
	}
	if _, dup := x.defs[s.Qualified]; !dup {
		x.defs[s.Qualified] = len(x.f.Symbols)
	}
	x.f.Symbols = append(x.f.Symbols, s)
	x.push(s.Qualified, kind)
}

func isComment(kind string) bool { return kind == "comment" }

// skipDecorators returns the first child of n that is not a decorator, or n.
func (x *extractor) skipDecorators(n *sitter.Node) *sitter.Node {
	first := n.Child(0)
	if first == nil || x.kind(first) != jkDecorator {
		return n
	}
	for i := uint(1); i < n.ChildCount(); i++ {
		if c := n.Child(i); x.kind(c) != jkDecorator && x.kind(c) != jkComment {
			return c
		}
	}
	return n
}

// header is lang.Header with the start taken from another node: the text from
// start up to body (or the end of n) on one line.
func (x *extractor) header(start, n, body *sitter.Node) string {
	end := n.EndByte()
	if body != nil && body.StartByte() > start.StartByte() {
		end = body.StartByte()
	}
	if start.StartByte() >= end {
		return ""
	}
	s := syntax.OneLine(syntax.WithoutComments(n, start.StartByte(), end, x.src))
	const max = 400
	if len(s) > max {
		s = s[:max]
	}
	return strings.TrimRight(s, " {:=;,")
}

func (x *extractor) class(n, parent *sitter.Node, pk kind) {
	if n.Id() == x.skip { // named by its variable declarator
		return
	}
	name := n.ChildByFieldId(x.t.fName)
	if name == nil {
		x.push(x.cur(), "")
		return
	}
	ext, impl := x.heritage(n, x.qualify(x.text(name)))
	x.add(x.text(name), facts.KindClass, n, parent, pk, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
		s.Extends, s.Implements = ext, impl
		s.Type = x.mapBase(n)
	})
}

// mapBase is, for a class that extends a standard map (class Modules
// extends Map<string, Module>), the map's chain (see mapChain), which
// the class's get(k) unwraps as a map's does; else "".
func (x *extractor) mapBase(class *sitter.Node) string {
	for i := uint(0); i < class.NamedChildCount(); i++ {
		h := class.NamedChild(i)
		if x.kind(h) != jkClassHeritage {
			continue
		}
		for j := uint(0); j < h.NamedChildCount(); j++ {
			c := h.NamedChild(j)
			if x.kind(c) != jkExtendsClause || c.NamedChildCount() != 2 || !x.standardMap(c.NamedChild(0)) {
				continue
			}
			if args := c.NamedChild(1); x.kindName(args) == "type_arguments" {
				if chain := x.mapChain(args); wrapped(chain) {
					return chain
				}
			}
		}
	}
	return ""
}

// heritage returns the extends and implements names of a class node
// (imported ones as chains) and records its first base as written.
func (x *extractor) heritage(n *sitter.Node, qual string) (ext, impl []string) {
	defer func() {
		for i, e := range ext {
			if i == 0 {
				x.bases[qual] = e
			}
			ext[i] = x.baseChain(e)
		}
		for i, e := range impl {
			impl[i] = x.baseChain(e)
		}
	}()
	for i := uint(0); i < n.NamedChildCount(); i++ {
		h := n.NamedChild(i)
		if x.kind(h) != jkClassHeritage {
			continue
		}
		for j := uint(0); j < h.NamedChildCount(); j++ {
			c := h.NamedChild(j)
			switch x.kind(c) {
			case jkExtendsClause:
				for m := uint(0); m < c.NamedChildCount(); m++ {
					if s, ok := x.chainText(c.NamedChild(m)); ok {
						ext = append(ext, s)
					}
				}
			case jkImplementsClause:
				for m := uint(0); m < c.NamedChildCount(); m++ {
					if s := x.typeName(c.NamedChild(m)); s != "" {
						impl = append(impl, s)
					}
				}
			default:
				if s, ok := x.chainText(c); ok {
					ext = append(ext, s)
				}
			}
		}
	}
	return ext, impl
}

// memberName is the name of a class member: identifiers and private names as
// written, string keys unquoted; computed names give "".
func (x *extractor) memberName(n *sitter.Node) string {
	switch x.kind(n) {
	case jkPropertyIdent, jkIdentifier, jkNumber:
		return x.text(n)
	case jkString:
		return unquote(x.text(n))
	}
	return ""
}

// localSymbols reports whether a function or class bound to a name in a
// function body whose enclosing symbol has kind scopeKind is a symbol: in
// a function or method, and in a function literal at module level (a
// test's callback, describe(() => { const render = () => ... })), whose
// consts have no enclosing symbol to be named after; there they are named
// as module-level ones (render, render~2 for a second callback's).
func (x *extractor) localSymbols(scopeKind string) bool {
	return scopeKind == facts.KindFunction || scopeKind == facts.KindMethod || scopeKind == "" && len(x.frames) > 0
}

// declarator handles `x = value` in a const/let/var: a require() import, a
// module-level const/var, or a function/class bound to a name.
func (x *extractor) declarator(n, decl *sitter.Node, top bool) {
	nameN := n.ChildByFieldId(x.t.fName)
	value := n.ChildByFieldId(x.t.fValue)
	if spec, ok := x.requireSpec(value); ok {
		x.skip = value.Id()
		imp := facts.Import{Path: spec, Line: syntax.Line(value)}
		switch x.kind(nameN) {
		case jkIdentifier:
			x.requireDefault(&imp, x.text(nameN))
		case jkObjectPattern:
			imp.Names, imp.As = x.patternNames(nameN)
			x.bindNames(imp)
		}
		x.f.Imports = append(x.f.Imports, imp)
		return
	}
	if x.kind(nameN) != jkIdentifier {
		return
	}
	if spec, name, ok := x.requireMember(value); ok {
		// var normalizeType = require('./utils').normalizeType: an import
		// of that name, as const { normalizeType } = require(...) is.
		x.skip = value.ChildByFieldId(x.t.fObject).Id()
		imp := facts.Import{Path: spec, Names: []string{name}, Line: syntax.Line(value)}
		if local := x.text(nameN); local != name {
			imp.As = []string{local}
		}
		x.bindNames(imp)
		x.f.Imports = append(x.f.Imports, imp)
		return
	}
	var kind string
	var body *sitter.Node
	var mod func(*facts.Symbol)
	switch vk := x.kind(value); {
	case vk == jkFuncExpr || vk == jkClassExpr:
		if !top && !x.localSymbols(x.curKind()) {
			return
		}
		body = value.ChildByFieldId(x.t.fBody)
		kind = facts.KindFunction
		mod = func(s *facts.Symbol) { x.signature(s, value) }
		if vk == jkClassExpr {
			kind = facts.KindClass
			x.skip = value.Id()
			ext, impl := x.heritage(value, x.qualify(x.text(nameN)))
			mod = func(s *facts.Symbol) { s.Extends, s.Implements = ext, impl }
		}
	case top:
		body = value
		kind = facts.KindVar
		if x.kind(decl) == jkLexical && x.text(decl.ChildByFieldId(x.t.fKind)) == "const" {
			kind = facts.KindConst
		}
		ann := n.ChildByFieldId(x.t.fType)
		typ := symbolType(x.declaredChain(ann, value))
		if x.tsCallableType(ann) {
			// const map: <A, B>(f: (a: A) => B) => ... = dual(...): a function
			// whose type is declared rather than inferred from a literal.
			kind = facts.KindFunction
			typ = x.callableResult(ann)
		}
		params := ""
		if x.tsFunctionType(ann) {
			params = x.paramTypes(x.innerType(ann))
		}
		mod = func(s *facts.Symbol) { s.Type, s.Params = typ, params }
	default:
		return
	}
	// The first declarator's signature starts at the statement (with its
	// export/declare keyword), and the doc comment sits above that.
	sigFrom, docAt := n, (*sitter.Node)(nil)
	if first := x.firstDeclarator(decl); first != nil && first.Id() == n.Id() {
		sigFrom, docAt = decl, decl
		if p := decl.Parent(); p != nil && (x.kind(p) == jkExport || x.kind(p) == jkAmbient) {
			sigFrom, docAt = p, p
		}
	}
	x.addAt(x.text(nameN), kind, n, n, sigFrom, docAt, body, mod)
}

// requireMember reports whether n is require("literal").name and returns
// the path and the name.
func (x *extractor) requireMember(n *sitter.Node) (spec, name string, ok bool) {
	if x.kind(n) != jkMember {
		return "", "", false
	}
	prop := n.ChildByFieldId(x.t.fProperty)
	if x.kind(prop) != jkPropertyIdent {
		return "", "", false
	}
	spec, ok = x.requireSpec(n.ChildByFieldId(x.t.fObject))
	return spec, x.text(prop), ok
}

func (x *extractor) firstDeclarator(decl *sitter.Node) *sitter.Node {
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		if c := decl.NamedChild(i); x.kind(c) == jkDeclarator {
			return c
		}
	}
	return nil
}

// patternNames lists the property names a destructuring pattern takes,
// and (parallel, nil when none is renamed) the local names they bind.
func (x *extractor) patternNames(p *sitter.Node) (names, as []string) {
	renamed := false
	for i := uint(0); i < p.NamedChildCount(); i++ {
		c := p.NamedChild(i)
		switch x.kind(c) {
		case jkShorthandPattern:
			names, as = append(names, x.text(c)), append(as, "")
		case jkPairPattern:
			k := x.memberName(c.ChildByFieldId(x.t.fKey))
			if k == "" {
				continue
			}
			local := ""
			if v := c.ChildByFieldId(x.t.fValue); x.kind(v) == jkIdentifier && x.text(v) != k {
				local, renamed = x.text(v), true
			}
			names, as = append(names, k), append(as, local)
		case jkAssignPattern:
			if l := c.ChildByFieldId(x.t.fLeft); l != nil {
				names, as = append(names, x.text(l)), append(as, "")
			}
		}
	}
	if !renamed {
		as = nil
	}
	return names, as
}

// baseChain is a base type name as a chain: an imported name (or a
// member of a namespace import) as @path|Name, others as written.
func (x *extractor) baseChain(name string) string {
	head, rest, dotted := strings.Cut(name, ".")
	imp, ok := x.imps[head]
	switch {
	case !ok:
		return name
	case imp.ns && dotted:
		return facts.Imported(imp.path, rest)
	case !imp.ns && imp.name != "" && dotted:
		return facts.Imported(imp.path, imp.name) + "." + rest
	case !imp.ns && imp.name != "":
		return facts.Imported(imp.path, imp.name)
	}
	return name
}

// callableResult is the result type of a declared callable type: a
// function type's, or an object type's first call signature's.
func (x *extractor) callableResult(ann *sitter.Node) string {
	t := x.innerType(ann)
	if x.kind(t) == jkObjectType {
		for i := uint(0); i < t.NamedChildCount(); i++ {
			if c := t.NamedChild(i); x.kind(c) == jkCallSig {
				return x.resultType(c)
			}
		}
		return ""
	}
	return x.resultType(t)
}
