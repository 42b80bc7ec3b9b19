package lang

import (
	"path"
	"sort"
	"strings"
	"sync"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

// javascriptSpec is JavaScript (with JSX). The extraction code is shared with
// TypeScript/TSX (typescript.go): both grammars use the same node names for
// the JavaScript subset, and the TypeScript-only nodes simply never occur here.
func javascriptSpec() *Spec {
	return &Spec{
		Name: "javascript", Family: "js", Extensions: []string{".js", ".jsx", ".mjs", ".cjs"}, Interpreters: []string{"node"},
		Grammar:          func() *sitter.Language { return sitter.NewLanguage(tsjs.Language()) },
		Extract:          jsExtract,
		ModuleKeys:       jsModuleKeys,
		ImportCandidates: jsImportCandidates,
	}
}

// jsKind is a node kind the extractor cares about. Kinds are looked up by the
// grammar's numeric symbol through a per-language table, so walking a tree
// does not convert every node's kind to a Go string.
type jsKind uint8

const (
	jkOther jsKind = iota
	jkProgram
	jkExport
	jkAmbient
	jkStatementBlock
	jkExprStatement
	jkImport
	jkImportClause
	jkNamespaceImport
	jkNamedImports
	jkImportRequire
	jkExportClause
	jkNamespaceExport
	jkString
	jkFuncDecl
	jkFuncSig
	jkFuncExpr
	jkClassDecl
	jkClassExpr
	jkClassBody
	jkClassHeritage
	jkExtendsClause
	jkImplementsClause
	jkMethod
	jkMethodSig
	jkField
	jkInterface
	jkInterfaceBody
	jkExtendsType
	jkTypeAlias
	jkEnum
	jkNamespace
	jkLexical
	jkVarDecl
	jkDeclarator
	jkObjectPattern
	jkShorthandPattern
	jkPairPattern
	jkAssignPattern
	jkCall
	jkNew
	jkMember
	jkIdentifier
	jkThis
	jkSuper
	jkPropertyIdent
	jkNumber
	jkNonNull
	jkNestedIdent
	jkImportKw
	jkDecorator
	jkJSXOpen
	jkTypeIdent
	jkNestedTypeIdent
	jkGenericType
	jkTypeParams
	jkTypeParam
	jkMappedClause
	jkInfer
	jkComment
)

var jsKindByName = map[string]jsKind{
	"program": jkProgram, "export_statement": jkExport, "ambient_declaration": jkAmbient,
	"statement_block": jkStatementBlock, "expression_statement": jkExprStatement,
	"import_statement": jkImport, "import_clause": jkImportClause, "namespace_import": jkNamespaceImport,
	"named_imports": jkNamedImports, "import_require_clause": jkImportRequire,
	"export_clause": jkExportClause, "namespace_export": jkNamespaceExport, "string": jkString,
	"function_signature": jkFuncSig, "function_declaration": jkFuncDecl, "generator_function_declaration": jkFuncDecl,
	"function_expression": jkFuncExpr, "function": jkFuncExpr, "generator_function": jkFuncExpr, "arrow_function": jkFuncExpr,
	"class_declaration": jkClassDecl, "abstract_class_declaration": jkClassDecl, "class": jkClassExpr,
	"class_body": jkClassBody, "class_heritage": jkClassHeritage,
	"extends_clause": jkExtendsClause, "implements_clause": jkImplementsClause,
	"method_definition": jkMethod, "method_signature": jkMethodSig, "abstract_method_signature": jkMethodSig,
	"field_definition": jkField, "public_field_definition": jkField,
	"interface_declaration": jkInterface, "interface_body": jkInterfaceBody, "extends_type_clause": jkExtendsType,
	"type_alias_declaration": jkTypeAlias, "enum_declaration": jkEnum,
	"internal_module": jkNamespace, "module": jkNamespace,
	"lexical_declaration": jkLexical, "variable_declaration": jkVarDecl, "variable_declarator": jkDeclarator,
	"object_pattern": jkObjectPattern, "shorthand_property_identifier_pattern": jkShorthandPattern,
	"pair_pattern": jkPairPattern, "object_assignment_pattern": jkAssignPattern,
	"call_expression": jkCall, "new_expression": jkNew, "member_expression": jkMember,
	"identifier": jkIdentifier, "this": jkThis, "super": jkSuper,
	"property_identifier": jkPropertyIdent, "private_property_identifier": jkPropertyIdent, "number": jkNumber,
	"non_null_expression": jkNonNull, "nested_identifier": jkNestedIdent, "import": jkImportKw,
	"decorator": jkDecorator, "jsx_opening_element": jkJSXOpen, "jsx_self_closing_element": jkJSXOpen,
	"type_identifier": jkTypeIdent, "nested_type_identifier": jkNestedTypeIdent, "generic_type": jkGenericType,
	"type_parameters": jkTypeParams, "type_parameter": jkTypeParam,
	"mapped_type_clause": jkMappedClause, "infer_type": jkInfer, "comment": jkComment,
}

// jsLeafKinds are named nodes whose subtree holds nothing to extract.
// Skipping their children saves a cgo call per leaf.
var jsLeafKinds = map[string]bool{
	"identifier": true, "property_identifier": true, "shorthand_property_identifier": true,
	"shorthand_property_identifier_pattern": true, "private_property_identifier": true,
	"type_identifier": true, "statement_identifier": true, "number": true, "string": true,
	"string_fragment": true, "escape_sequence": true, "comment": true, "html_comment": true,
	"regex": true, "this": true, "super": true, "true": true, "false": true, "null": true,
	"undefined": true, "jsx_text": true, "hash_bang_line": true, "html_character_reference": true,
	"predefined_type": true, "meta_property": true, "optional_chain": true, "accessibility_modifier": true,
	"import": true, "this_type": true,
}

// jsTable maps one grammar's symbol and field ids to what the extractor uses.
type jsTable struct {
	kinds                                     []jsKind
	leaf                                      []bool // no children worth visiting
	fName, fBody, fValue, fKind, fFunction    uint16
	fObject, fProperty, fConstructor, fSource uint16
	fDeclaration, fArguments, fKey, fLeft     uint16
	fModule                                   uint16
}

var jsTables sync.Map // language pointer -> *jsTable

func jsTableFor(l *sitter.Language) *jsTable {
	key := uintptr(unsafe.Pointer(l.Inner))
	if t, ok := jsTables.Load(key); ok {
		return t.(*jsTable)
	}
	count := l.NodeKindCount()
	t := &jsTable{kinds: make([]jsKind, count), leaf: make([]bool, count)}
	for id := range t.kinds {
		if !l.NodeKindIsNamed(uint16(id)) {
			t.leaf[id] = true // anonymous nodes are tokens
			continue
		}
		name := l.NodeKindForId(uint16(id))
		t.kinds[id] = jsKindByName[name]
		t.leaf[id] = jsLeafKinds[name]
	}
	f := l.FieldIdForName
	t.fName, t.fBody, t.fValue, t.fKind, t.fFunction = f("name"), f("body"), f("value"), f("kind"), f("function")
	t.fObject, t.fProperty, t.fConstructor, t.fSource = f("object"), f("property"), f("constructor"), f("source")
	t.fDeclaration, t.fArguments, t.fKey, t.fLeft = f("declaration"), f("arguments"), f("key"), f("left")
	t.fModule = f("module")
	jsTables.Store(key, t)
	return t
}

// jsScope is one enclosing definition. kind "" marks an anonymous class,
// whose members are not symbols; its qual is the enclosing one.
type jsScope struct{ qual, kind string }

type jsRef struct {
	pos uint
	ref facts.Ref
}

type jsExtractor struct {
	t       *jsTable
	src     []byte
	f       *facts.File
	scopes  []jsScope
	refs    []jsRef
	tparams []string // type parameter names in scope (not emitted as refs)
	skip    uintptr  // id of a node its parent already handled
}

func jsExtract(root *sitter.Node, src []byte) *facts.File {
	x := &jsExtractor{t: jsTableFor(root.Language()), src: src, f: &facts.File{}}
	c := root.Walk()
	defer c.Close()
	x.walk(c, nil, jkOther, false)
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

func (x *jsExtractor) kind(n *sitter.Node) jsKind {
	if n == nil {
		return jkOther
	}
	if id := int(n.KindId()); id < len(x.t.kinds) {
		return x.t.kinds[id]
	}
	return jkOther
}

func (x *jsExtractor) text(n *sitter.Node) string { return Text(n, x.src) }

// walk visits the cursor's node and its subtree. top says the node sits at
// module level (program, namespace body, or a declaration wrapper there).
func (x *jsExtractor) walk(c *sitter.TreeCursor, parent *sitter.Node, pk jsKind, top bool) {
	n := c.Node()
	k, leaf := jkOther, false
	if id := int(n.KindId()); id < len(x.t.kinds) {
		k, leaf = x.t.kinds[id], x.t.leaf[id]
	}
	nScopes, nTP := len(x.scopes), len(x.tparams)
	descend, childTop, keepTP := true, false, false
	switch k {
	case jkProgram:
		childTop = true
	case jkExport:
		childTop = top
		if src := n.ChildByFieldId(x.t.fSource); src != nil {
			x.reexport(n, src)
		}
	case jkAmbient, jkExprStatement, jkLexical, jkVarDecl:
		childTop = top
	case jkStatementBlock:
		childTop = pk == jkNamespace || pk == jkAmbient
	case jkImport:
		x.importStmt(n)
		descend = false
	case jkFuncDecl:
		if name := n.ChildByFieldId(x.t.fName); name != nil {
			x.add(x.text(name), facts.KindFunction, n, parent, pk, n.ChildByFieldId(x.t.fBody), nil)
		}
	case jkClassDecl, jkClassExpr:
		x.class(n, parent, pk)
	case jkMethod:
		x.method(n, parent, pk)
	case jkField:
		x.field(n, pk)
	case jkDeclarator:
		x.declarator(n, parent, top)
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
				if s := x.text(name); s != "" && s[0] >= 'A' && s[0] <= 'Z' {
					x.ref(name, s, "", facts.RefCall)
				}
			case jkMember:
				x.calleeRef(name, facts.RefCall)
			}
		}
	case jkDecorator:
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
	if descend && !leaf && c.GotoFirstChild() {
		for {
			x.walk(c, n, k, childTop)
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	x.scopes = x.scopes[:nScopes]
	if !keepTP {
		x.tparams = x.tparams[:nTP]
	}
}

// cur is the Qualified name of the innermost enclosing symbol.
func (x *jsExtractor) cur() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].qual
}

func (x *jsExtractor) curKind() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].kind
}

func (x *jsExtractor) push(qual, kind string) { x.scopes = append(x.scopes, jsScope{qual, kind}) }

// qualify joins name onto the enclosing symbol.
func (x *jsExtractor) qualify(name string) string {
	if p := x.cur(); p != "" {
		return p + "." + name
	}
	return name
}

// add records a symbol defined by node n and enters its scope. When n is
// wrapped in an export/declare statement (pk), the doc comment and signature
// start at the wrapper. body ends the signature (nil: the whole node).
func (x *jsExtractor) add(name, kind string, n, parent *sitter.Node, pk jsKind, body *sitter.Node, mod func(*facts.Symbol)) {
	outer := n
	if parent != nil && (pk == jkExport || pk == jkAmbient || pk == jkExprStatement) {
		outer = parent
	}
	x.addAt(name, kind, n, n, outer, outer, body, mod)
}

// addAt is add with explicit nodes: n spans the symbol, sigFrom starts the
// signature, docAt is the node the doc comment sits above (nil: none).
func (x *jsExtractor) addAt(name, kind string, n, lineAt, sigFrom, docAt, body *sitter.Node, mod func(*facts.Symbol)) {
	parentQual := x.cur()
	s := facts.Symbol{
		Name: name, Qualified: x.qualify(name), Kind: kind, Parent: parentQual,
		Line: Line(x.skipDecorators(lineAt)), EndLine: EndLine(n),
		Signature: x.header(x.skipDecorators(sigFrom), n, body),
	}
	if docAt != nil {
		s.Doc = PrecedingComments(docAt, x.src, jsIsComment)
	}
	if mod != nil {
		mod(&s)
	}
	x.f.Symbols = append(x.f.Symbols, s)
	x.push(s.Qualified, kind)
}

func jsIsComment(kind string) bool { return kind == "comment" }

// skipDecorators returns the first child of n that is not a decorator, or n.
func (x *jsExtractor) skipDecorators(n *sitter.Node) *sitter.Node {
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
func (x *jsExtractor) header(start, n, body *sitter.Node) string {
	end := n.EndByte()
	if body != nil && body.StartByte() > start.StartByte() {
		end = body.StartByte()
	}
	if start.StartByte() >= end {
		return ""
	}
	s := OneLine(string(x.src[start.StartByte():end]))
	const max = 400
	if len(s) > max {
		s = s[:max]
	}
	return strings.TrimRight(s, " {:=;,")
}

func (x *jsExtractor) class(n, parent *sitter.Node, pk jsKind) {
	if n.Id() == x.skip { // named by its variable declarator
		return
	}
	name := n.ChildByFieldId(x.t.fName)
	if name == nil {
		x.push(x.cur(), "")
		return
	}
	ext, impl := x.heritage(n)
	x.add(x.text(name), facts.KindClass, n, parent, pk, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
		s.Extends, s.Implements = ext, impl
	})
}

// heritage returns the extends and implements names of a class node.
func (x *jsExtractor) heritage(n *sitter.Node) (ext, impl []string) {
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
func (x *jsExtractor) memberName(n *sitter.Node) string {
	switch x.kind(n) {
	case jkPropertyIdent, jkIdentifier, jkNumber:
		return x.text(n)
	case jkString:
		return jsUnquote(x.text(n))
	}
	return ""
}

func (x *jsExtractor) method(n, parent *sitter.Node, pk jsKind) {
	if pk != jkClassBody || x.curKind() != facts.KindClass {
		return // object literal method or member of an anonymous class
	}
	if name := x.memberName(n.ChildByFieldId(x.t.fName)); name != "" {
		x.add(name, facts.KindMethod, n, parent, pk, n.ChildByFieldId(x.t.fBody), nil)
	}
}

// field makes a class field initialised with a function (handle = () => {})
// a method; other fields are not symbols.
func (x *jsExtractor) field(n *sitter.Node, pk jsKind) {
	if pk != jkClassBody || x.curKind() != facts.KindClass {
		return
	}
	v := n.ChildByFieldId(x.t.fValue)
	if x.kind(v) != jkFuncExpr {
		return
	}
	nameN := n.ChildByFieldId(x.t.fName)
	if nameN == nil {
		nameN = n.ChildByFieldId(x.t.fProperty)
	}
	if name := x.memberName(nameN); name != "" {
		x.addAt(name, facts.KindMethod, n, n, n, n, v.ChildByFieldId(x.t.fBody), nil)
	}
}

// declarator handles `x = value` in a const/let/var: a require() import, a
// module-level const/var, or a function/class bound to a name.
func (x *jsExtractor) declarator(n, decl *sitter.Node, top bool) {
	nameN := n.ChildByFieldId(x.t.fName)
	value := n.ChildByFieldId(x.t.fValue)
	if spec, ok := x.requireSpec(value); ok {
		x.skip = value.Id()
		imp := facts.Import{Path: spec, Line: Line(value)}
		switch x.kind(nameN) {
		case jkIdentifier:
			imp.Alias = x.text(nameN)
		case jkObjectPattern:
			imp.Names = x.patternNames(nameN)
		}
		x.f.Imports = append(x.f.Imports, imp)
		return
	}
	if x.kind(nameN) != jkIdentifier {
		return
	}
	var kind string
	var body *sitter.Node
	var mod func(*facts.Symbol)
	switch vk := x.kind(value); {
	case vk == jkFuncExpr || vk == jkClassExpr:
		if !top && x.curKind() != facts.KindFunction && x.curKind() != facts.KindMethod {
			return
		}
		body = value.ChildByFieldId(x.t.fBody)
		kind = facts.KindFunction
		if vk == jkClassExpr {
			kind = facts.KindClass
			x.skip = value.Id()
			ext, impl := x.heritage(value)
			mod = func(s *facts.Symbol) { s.Extends, s.Implements = ext, impl }
		}
	case top:
		body = value
		kind = facts.KindVar
		if x.kind(decl) == jkLexical && x.text(decl.ChildByFieldId(x.t.fKind)) == "const" {
			kind = facts.KindConst
		}
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

func (x *jsExtractor) firstDeclarator(decl *sitter.Node) *sitter.Node {
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		if c := decl.NamedChild(i); x.kind(c) == jkDeclarator {
			return c
		}
	}
	return nil
}

// patternNames lists the property names a destructuring pattern takes.
func (x *jsExtractor) patternNames(p *sitter.Node) []string {
	var names []string
	for i := uint(0); i < p.NamedChildCount(); i++ {
		c := p.NamedChild(i)
		switch x.kind(c) {
		case jkShorthandPattern:
			names = append(names, x.text(c))
		case jkPairPattern:
			if k := x.memberName(c.ChildByFieldId(x.t.fKey)); k != "" {
				names = append(names, k)
			}
		case jkAssignPattern:
			if l := c.ChildByFieldId(x.t.fLeft); l != nil {
				names = append(names, x.text(l))
			}
		}
	}
	return names
}

// requireSpec reports whether n is require("literal") and returns the path.
func (x *jsExtractor) requireSpec(n *sitter.Node) (string, bool) {
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
func (x *jsExtractor) stringArg(call *sitter.Node) (string, bool) {
	args := call.ChildByFieldId(x.t.fArguments)
	if args == nil || args.NamedChildCount() != 1 {
		return "", false
	}
	if a := args.NamedChild(0); x.kind(a) == jkString {
		return jsUnquote(x.text(a)), true
	}
	return "", false
}

func (x *jsExtractor) call(n *sitter.Node) {
	fn := n.ChildByFieldId(x.t.fFunction)
	switch x.kind(fn) {
	case jkImportKw: // dynamic import("./x")
		if spec, ok := x.stringArg(n); ok {
			x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Line: Line(n)})
		}
		return
	case jkIdentifier:
		if n.Id() == x.skip { // require() already recorded by its declarator
			return
		}
		if spec, ok := x.requireSpec(n); ok {
			x.f.Imports = append(x.f.Imports, facts.Import{Path: spec, Line: Line(n)})
			return
		}
	case jkSuper: // super(...) constructor call
		return
	}
	x.calleeRef(fn, facts.RefCall)
}

// calleeRef records a reference to an identifier or member expression.
func (x *jsExtractor) calleeRef(fn *sitter.Node, kind string) {
	switch x.kind(fn) {
	case jkIdentifier:
		x.ref(fn, x.text(fn), "", kind)
	case jkMember:
		prop := fn.ChildByFieldId(x.t.fProperty)
		if x.kind(prop) != jkPropertyIdent {
			return
		}
		q, ok := x.chainText(fn.ChildByFieldId(x.t.fObject))
		if !ok {
			q = "?"
		}
		x.ref(prop, x.text(prop), q, kind)
	}
}

func (x *jsExtractor) ref(at *sitter.Node, name, qual, kind string) {
	x.refs = append(x.refs, jsRef{pos: at.StartByte(), ref: facts.Ref{
		Name: name, Qualifier: qual, Kind: kind, From: x.cur(), Line: Line(at),
	}})
}

// chainText returns the text of an identifier chain (a, this.a, a.b.c, a?.b,
// a!.b) without whitespace; ok is false for anything else.
func (x *jsExtractor) chainText(n *sitter.Node) (string, bool) {
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

// importStmt handles import x, * as ns, {a, b as c} from "m", import "m",
// and TypeScript import x = require("m").
func (x *jsExtractor) importStmt(n *sitter.Node) {
	imp := facts.Import{Line: Line(n)}
	src := n.ChildByFieldId(x.t.fSource)
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkImportClause:
			for j := uint(0); j < c.NamedChildCount(); j++ {
				b := c.NamedChild(j)
				switch x.kind(b) {
				case jkIdentifier:
					imp.Alias = x.text(b)
				case jkNamespaceImport:
					imp.Alias = x.lastIdent(b)
				case jkNamedImports:
					imp.Names = x.specifierNames(b, imp.Names)
				}
			}
		case jkImportRequire:
			imp.Alias = x.lastIdent(c)
			src = c.ChildByFieldId(x.t.fSource)
		}
	}
	if x.kind(src) != jkString {
		return
	}
	imp.Path = jsUnquote(x.text(src))
	x.f.Imports = append(x.f.Imports, imp)
}

// reexport handles export {a} from "m", export * from "m", export * as ns from "m".
func (x *jsExtractor) reexport(n, src *sitter.Node) {
	if x.kind(src) != jkString {
		return
	}
	imp := facts.Import{Path: jsUnquote(x.text(src)), Line: Line(n)}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkExportClause:
			imp.Names = x.specifierNames(c, imp.Names)
		case jkNamespaceExport:
			imp.Alias = x.lastIdent(c)
		}
	}
	x.f.Imports = append(x.f.Imports, imp)
}

// specifierNames appends the original names of import/export specifiers.
func (x *jsExtractor) specifierNames(list *sitter.Node, names []string) []string {
	for i := uint(0); i < list.NamedChildCount(); i++ {
		if name := list.NamedChild(i).ChildByFieldId(x.t.fName); name != nil {
			s := x.text(name)
			if x.kind(name) == jkString {
				s = jsUnquote(s)
			}
			names = append(names, s)
		}
	}
	return names
}

func (x *jsExtractor) lastIdent(n *sitter.Node) string {
	s := ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); x.kind(c) == jkIdentifier {
			s = x.text(c)
		}
	}
	return s
}

func jsUnquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'' || s[0] == '`') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// jsExts are the extensions an import specifier may carry and still mean a
// JS/TS source file (TypeScript code imports "./x.js" meaning x.ts).
var jsExts = []string{".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"}

func jsHasExt(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	for _, e := range jsExts {
		if ext == e {
			return true
		}
	}
	return false
}

// jsModuleKeys: the path, the path without its extension (".d.ts" counts as
// one), and for index.<ext> the directory (not the repository root).
func jsModuleKeys(p string, _ *facts.File, _ *Project) []string {
	keys := []string{p}
	ext := path.Ext(p)
	if ext == "" || strings.Contains(ext, "/") {
		return keys
	}
	stem := p[:len(p)-len(ext)]
	switch strings.ToLower(ext) {
	case ".ts", ".mts", ".cts":
		if strings.HasSuffix(stem, ".d") {
			stem = stem[:len(stem)-2]
		}
	}
	if stem == "" || strings.HasSuffix(stem, "/") {
		return keys
	}
	keys = append(keys, stem)
	if path.Base(stem) == "index" {
		if d := path.Dir(stem); d != "." {
			keys = append(keys, d)
		}
	}
	return keys
}

// jsImportCandidates maps a specifier to module keys: relative specifiers
// against the importing file's directory, others through the nearest
// tsconfig/jsconfig paths and baseUrl. Bare packages give nil.
func jsImportCandidates(imp facts.Import, from string, p *Project) []string {
	spec := imp.Path
	if spec == "" {
		return nil
	}
	if spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		return jsAddKey(nil, path.Join(path.Dir(from), spec))
	}
	dir, cfg, ok := jsTSConfigFor(p, from)
	if !ok {
		return nil
	}
	var out []string
	for _, pat := range jsSortedPatterns(cfg.Paths) {
		star := strings.IndexByte(pat, '*')
		var match string
		switch {
		case star < 0:
			if spec != pat {
				continue
			}
		default:
			pre, suf := pat[:star], pat[star+1:]
			if len(spec) < len(pre)+len(suf) || !strings.HasPrefix(spec, pre) || !strings.HasSuffix(spec, suf) {
				continue
			}
			match = spec[len(pre) : len(spec)-len(suf)]
		}
		for _, target := range cfg.Paths[pat] {
			if star >= 0 {
				target = strings.Replace(target, "*", match, 1)
			}
			out = jsAddKey(out, path.Join(dir, cfg.BaseURL, target))
		}
	}
	if cfg.BaseURL != "" {
		out = jsAddKey(out, path.Join(dir, cfg.BaseURL, spec))
	}
	return out
}

// jsAddKey appends key, and key without its extension when it has a JS/TS
// one, skipping duplicates.
func jsAddKey(out []string, key string) []string {
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	add(key)
	if jsHasExt(key) {
		add(strings.TrimSuffix(key, path.Ext(key)))
	}
	return out
}

// jsSortedPatterns orders paths patterns by longest prefix (the part before
// "*", or the whole pattern) first, then by text; patterns with more than one
// "*" are dropped.
func jsSortedPatterns(paths map[string][]string) []string {
	keys := make([]string, 0, len(paths))
	for k := range paths {
		if strings.Count(k, "*") <= 1 {
			keys = append(keys, k)
		}
	}
	prefix := func(k string) int {
		if i := strings.IndexByte(k, '*'); i >= 0 {
			return i
		}
		return len(k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if pi, pj := prefix(keys[i]), prefix(keys[j]); pi != pj {
			return pi > pj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// jsTSConfigFor finds the nearest tsconfig/jsconfig at or above the file's
// directory; dir is "" for the repository root.
func jsTSConfigFor(p *Project, from string) (string, TSConfig, bool) {
	if p == nil || len(p.TSConfigs) == 0 {
		return "", TSConfig{}, false
	}
	dir := path.Dir(from)
	for {
		if dir == "." || dir == "/" {
			dir = ""
		}
		if c, ok := p.TSConfigs[dir]; ok {
			return dir, c, true
		}
		if dir == "" {
			return "", TSConfig{}, false
		}
		dir = path.Dir(dir)
	}
}
