package lang

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func csharpSpec() *Spec {
	return &Spec{
		Name: "csharp", Family: "csharp", Extensions: []string{".cs"}, Interpreters: []string{},
		Grammar:          csharpGrammar,
		Extract:          csharpExtract,
		ModuleKeys:       csharpModuleKeys,
		ImportCandidates: csharpImportCandidates,
	}
}

func csharpGrammar() *sitter.Language { return sitter.NewLanguage(tscsharp.Language()) }

// csharpModuleKeys: every namespace the file declares, in order, once each.
func csharpModuleKeys(_ string, f *facts.File, _ *Project) []string {
	if f == nil {
		return nil
	}
	var keys []string
	for _, s := range f.Symbols {
		if s.Kind != facts.KindModule {
			continue
		}
		dup := false
		for _, k := range keys {
			if k == s.Qualified {
				dup = true
				break
			}
		}
		if !dup {
			keys = append(keys, s.Qualified)
		}
	}
	return keys
}

func csharpImportCandidates(imp facts.Import, _ string, _ *Project) []string {
	if imp.Path == "" {
		return nil
	}
	return []string{imp.Path}
}

type csharpKinds struct {
	usingDirective, namespaceDecl, fileNamespaceDecl, comment                            uint16
	classDecl, structDecl, interfaceDecl, enumDecl, recordDecl, delegateDecl             uint16
	methodDecl, ctorDecl, propertyDecl, eventDecl, fieldDecl, eventFieldDecl, enumMember uint16
	variableDeclaration, variableDeclarator, modifier, baseList, primaryCtorBase         uint16
	typeParameterList, typeParameter, typeArgumentList, explicitIface, attribute         uint16
	invocation, memberAccess, conditionalAccess, memberBinding, objectCreation           uint16
	ctorInitializer, identifier, genericName, qualifiedName, aliasQualifiedName          uint16
	predefinedType, this, base, errorNode, namespaceKw                                   uint16
	arrayType, tupleElement, nullableType, pointerType, refType, scopedType, tupleType   uint16

	// hasTypeField[kind]: the kind has a "type" or "returns" field child.
	hasTypeField []bool

	fName, fBody, fType, fReturns, fFunction, fExpression, fCondition, fAccessors, fValue uint16
	fTypeParameters                                                                       uint16
}

var (
	csharpKindsOnce sync.Once
	csharpK         *csharpKinds
)

func csharpKindTable() *csharpKinds {
	csharpKindsOnce.Do(func() {
		l := csharpGrammar()
		id := func(s string) uint16 { return l.IdForNodeKind(s, true) }
		fid := l.FieldIdForName
		csharpK = &csharpKinds{
			usingDirective: id("using_directive"), namespaceDecl: id("namespace_declaration"),
			fileNamespaceDecl: id("file_scoped_namespace_declaration"), comment: id("comment"),
			classDecl: id("class_declaration"), structDecl: id("struct_declaration"),
			interfaceDecl: id("interface_declaration"), enumDecl: id("enum_declaration"),
			recordDecl: id("record_declaration"), delegateDecl: id("delegate_declaration"),
			methodDecl: id("method_declaration"), ctorDecl: id("constructor_declaration"),
			propertyDecl: id("property_declaration"), eventDecl: id("event_declaration"),
			fieldDecl: id("field_declaration"), eventFieldDecl: id("event_field_declaration"),
			enumMember: id("enum_member_declaration"), variableDeclaration: id("variable_declaration"),
			variableDeclarator: id("variable_declarator"), modifier: id("modifier"),
			baseList: id("base_list"), primaryCtorBase: id("primary_constructor_base_type"),
			typeParameterList: id("type_parameter_list"), typeParameter: id("type_parameter"),
			typeArgumentList: id("type_argument_list"), explicitIface: id("explicit_interface_specifier"),
			attribute: id("attribute"), invocation: id("invocation_expression"),
			memberAccess: id("member_access_expression"), conditionalAccess: id("conditional_access_expression"),
			memberBinding: id("member_binding_expression"), objectCreation: id("object_creation_expression"),
			ctorInitializer: id("constructor_initializer"), identifier: id("identifier"),
			genericName: id("generic_name"), qualifiedName: id("qualified_name"),
			aliasQualifiedName: id("alias_qualified_name"), predefinedType: id("predefined_type"),
			this: l.IdForNodeKind("this", false), base: l.IdForNodeKind("base", false),
			errorNode: l.IdForNodeKind("ERROR", true), namespaceKw: l.IdForNodeKind("namespace", false),
			arrayType: id("array_type"), tupleElement: id("tuple_element"), nullableType: id("nullable_type"),
			pointerType: id("pointer_type"), refType: id("ref_type"), scopedType: id("scoped_type"),
			tupleType: id("tuple_type"),
			fName:     fid("name"), fBody: fid("body"), fType: fid("type"), fReturns: fid("returns"),
			fFunction: fid("function"), fExpression: fid("expression"), fCondition: fid("condition"),
			fAccessors: fid("accessors"), fValue: fid("value"), fTypeParameters: fid("type_parameters"),
			hasTypeField: csharpTypeFieldKinds(l),
		}
	})
	return csharpK
}

// csharpTypeFieldKinds marks the node kinds whose "type" / "returns" field
// holds a type (node-types.json of tree-sitter-c-sharp 0.23).
func csharpTypeFieldKinds(l *sitter.Language) []bool {
	t := make([]bool, l.NodeKindCount()+1)
	for _, name := range []string{
		"array_creation_expression", "array_type", "bracketed_parameter_list", "cast_expression",
		"catch_declaration", "conversion_operator_declaration", "declaration_expression",
		"declaration_pattern", "default_expression", "delegate_declaration", "event_declaration",
		"foreach_statement", "from_clause", "function_pointer_parameter", "function_pointer_type",
		"indexer_declaration", "join_clause", "lambda_expression", "local_function_statement",
		"method_declaration", "nullable_type", "operator_declaration", "parameter", "parameter_list",
		"pointer_type", "primary_constructor_base_type", "property_declaration", "recursive_pattern",
		"ref_type", "refvalue_expression", "scoped_type", "sizeof_expression", "stackalloc_expression",
		"tuple_element", "type_parameter_constraint", "type_pattern", "typeof_expression",
		"variable_declaration",
	} {
		if id := l.IdForNodeKind(name, true); int(id) < len(t) {
			t[id] = true
		}
	}
	return t
}

type csharpX struct {
	scopeWalk // same shape as Java's: qual, name, isType, extends, typeParams
	k         *csharpKinds
	src       []byte
	ns        string // enclosing namespace, dotted
	typeDepth int    // > 0 while walking a subtree already reported as a type
	// prevComments are the comments right before the node being entered.
	prevComments []*sitter.Node
}

func csharpExtract(root *sitter.Node, src []byte) *facts.File {
	x := &csharpX{scopeWalk: scopeWalk{f: &facts.File{}}, k: csharpKindTable(), src: src}
	x.walk(root, 0, false)
	javaSortRefs(x.f.Refs, x.refPos)
	return x.f
}

// walk visits n; isType says n is the "type" or "returns" field of its parent.
func (x *csharpX) walk(n *sitter.Node, parentKind uint16, isType bool) uint16 {
	k := x.k
	id := n.KindId()
	pushed, typed := false, false
	savedNS := x.ns
	descend := true

	if isType && x.typeDepth == 0 {
		x.typ(n)
		typed = true
	}
	switch id {
	case k.usingDirective:
		x.using(n)
		descend = false
	case k.namespaceDecl, k.fileNamespaceDecl:
		name := javaNoSpace(Text(n.ChildByFieldId(k.fName), x.src))
		if name == "" {
			break
		}
		if x.ns != "" {
			name = x.ns + "." + name
		}
		if x.f.Package == "" {
			x.f.Package = name
		}
		x.f.Symbols = append(x.f.Symbols, facts.Symbol{
			Name: name, Qualified: name, Kind: facts.KindModule, Line: Line(n), EndLine: EndLine(n),
			Signature: csharpSig(n, n.ChildByFieldId(k.fBody), x.src), Doc: x.doc(n),
		})
		x.ns = name
		if id == k.fileNamespaceDecl {
			savedNS = name // applies to the rest of the file
		}
	case k.errorNode:
		x.errorNamespace(n)
	case k.classDecl, k.structDecl, k.interfaceDecl, k.enumDecl, k.recordDecl, k.delegateDecl:
		pushed = x.typeDecl(n, id)
	case k.methodDecl, k.ctorDecl, k.propertyDecl, k.eventDecl, k.enumMember:
		pushed = x.memberDecl(n, id)
	case k.fieldDecl, k.eventFieldDecl:
		pushed = x.fieldDecl(n, id)
	case k.invocation:
		x.invocation(n)
	case k.objectCreation:
		if t := n.ChildByFieldId(k.fType); t != nil {
			name, qual, at := x.typeName(t)
			x.ref(name, qual, facts.RefCall, at)
		}
	case k.ctorInitializer:
		x.ctorInitializer(n)
	case k.attribute:
		if nm := n.ChildByFieldId(k.fName); nm != nil {
			name, qual, at := x.typeName(nm)
			x.ref(name, qual, facts.RefReference, at)
		}
	case k.baseList:
		if x.typeDepth == 0 && parentKind != k.enumDecl {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				ch := n.NamedChild(i)
				if ch.KindId() == k.primaryCtorBase {
					ch = ch.ChildByFieldId(k.fType)
				}
				x.typ(ch)
			}
		}
		typed = true
	case k.typeArgumentList, k.explicitIface:
		if x.typeDepth == 0 {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				x.typ(n.NamedChild(i))
			}
		}
		typed = true
	}
	if typed {
		x.typeDepth++
	}
	if descend {
		var t1, t2 uintptr // ids of the type children (node ids are never 0)
		if int(id) < len(k.hasTypeField) && k.hasTypeField[id] {
			if t := n.ChildByFieldId(k.fType); t != nil {
				t1 = t.Id()
			}
			if t := n.ChildByFieldId(k.fReturns); t != nil {
				t2 = t.Id()
			}
		}
		it := javaKidsOf(n)
		var run []*sitter.Node // comments right before the next child
		for ch := it.next(); ch != nil; ch = it.next() {
			x.prevComments = run
			nid := ch.Id()
			if cid := x.walk(ch, id, nid == t1 || nid == t2); cid == k.comment {
				run = append(run, ch)
			} else {
				run = nil
			}
		}
		it.close()
	}
	if typed {
		x.typeDepth--
	}
	if pushed {
		x.scopes = x.scopes[:len(x.scopes)-1]
	}
	x.ns = savedNS
	return id
}

// errorNamespace recovers "namespace N {" whose block did not parse (an
// unclosed brace while editing): tree-sitter keeps its tokens in an ERROR.
func (x *csharpX) errorNamespace(n *sitter.Node) {
	cnt := n.ChildCount()
	for i := uint(0); i+1 < cnt; i++ {
		kw := n.Child(i)
		if kw.IsNamed() || kw.KindId() != x.k.namespaceKw {
			continue
		}
		nm := n.Child(i + 1)
		if !csharpIsTypeNode(x.k, nm.KindId()) {
			continue
		}
		name := javaNoSpace(Text(nm, x.src))
		if x.ns != "" {
			name = x.ns + "." + name
		}
		if x.f.Package == "" {
			x.f.Package = name
		}
		x.f.Symbols = append(x.f.Symbols, facts.Symbol{
			Name: name, Qualified: name, Kind: facts.KindModule, Line: Line(kw), EndLine: EndLine(n),
			Signature: "namespace " + name,
		})
		x.ns = name
		return
	}
}

func (x *csharpX) using(n *sitter.Node) {
	imp := facts.Import{Line: Line(n)}
	alias := n.ChildByFieldId(x.k.fName)
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		if !ch.IsNamed() {
			if ch.Kind() == "static" {
				imp.Kind = "static"
			}
			continue
		}
		if alias != nil && ch.Id() == alias.Id() {
			imp.Alias = Text(ch, x.src)
			continue
		}
		if ch.KindId() != x.k.comment && imp.Path == "" {
			imp.Path = strings.TrimPrefix(javaNoSpace(Text(ch, x.src)), "global::")
		}
	}
	if imp.Path != "" {
		x.f.Imports = append(x.f.Imports, imp)
	}
}

func (x *csharpX) typeDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.inTypeBody() {
		return false
	}
	name := Text(n.ChildByFieldId(k.fName), x.src)
	if name == "" {
		return false // MISSING or broken by a syntax error
	}
	qual, parent := x.qualify(name)
	body := n.ChildByFieldId(k.fBody)
	s := facts.Symbol{
		Name: name, Qualified: qual, Parent: parent, Line: Line(n), EndLine: EndLine(n),
		Signature: csharpSig(n, body, x.src), Doc: x.doc(n),
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
	x.f.Symbols = append(x.f.Symbols, s)
	sc := javaScope{qual: qual, name: name, isType: id != k.delegateDecl, typeParams: typeParams}
	if len(s.Extends) > 0 {
		sc.extends, _ = javaSplitLast(s.Extends[0], ".")
	}
	x.scopes = append(x.scopes, sc)
	return true
}

// bases splits a base_list. C# does not mark which entry is the base class,
// so this is a heuristic: names like IFoo are interfaces; the first entry of
// a class or record is otherwise its base class. An interface's bases are
// Extends (as in Java); a struct has only interfaces.
func (x *csharpX) bases(n *sitter.Node, declID uint16) (ext, impl []string) {
	first := true
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if ch.KindId() == x.k.primaryCtorBase {
			ch = ch.ChildByFieldId(x.k.fType)
		}
		if ch == nil || !csharpIsTypeNode(x.k, ch.KindId()) {
			continue // argument_list of a primary constructor base, comments
		}
		name := strings.TrimPrefix(javaStripGenerics(Text(ch, x.src)), "global::")
		switch {
		case declID == x.k.interfaceDecl:
			ext = append(ext, name)
		case first && declID != x.k.structDecl && !csharpLooksLikeInterface(name):
			ext = append(ext, name)
		default:
			impl = append(impl, name)
		}
		first = false
	}
	return ext, impl
}

func csharpIsTypeNode(k *csharpKinds, id uint16) bool {
	switch id {
	case k.identifier, k.genericName, k.qualifiedName, k.aliasQualifiedName:
		return true
	}
	return false
}

// csharpLooksLikeInterface: the .NET naming convention I + upper-case letter.
func csharpLooksLikeInterface(name string) bool {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return len(name) >= 2 && name[0] == 'I' && name[1] >= 'A' && name[1] <= 'Z'
}

func (x *csharpX) typeParams(n *sitter.Node) []string {
	var out []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if p := n.NamedChild(i); p.KindId() == x.k.typeParameter {
			out = append(out, Text(p.ChildByFieldId(x.k.fName), x.src))
		}
	}
	return out
}

func (x *csharpX) memberDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.inTypeBody() {
		return false
	}
	name := Text(n.ChildByFieldId(k.fName), x.src)
	if name == "" {
		return false // MISSING or broken by a syntax error
	}
	qual, parent := x.qualify(name)
	s := facts.Symbol{Name: name, Qualified: qual, Parent: parent, Line: Line(n), EndLine: EndLine(n), Doc: x.doc(n)}
	var typeParams []string
	switch id {
	case k.methodDecl, k.ctorDecl:
		s.Kind = facts.KindMethod
		s.Signature = csharpSig(n, n.ChildByFieldId(k.fBody), x.src)
		if tp := n.ChildByFieldId(k.fTypeParameters); tp != nil {
			typeParams = x.typeParams(tp)
		}
	case k.propertyDecl, k.eventDecl:
		s.Kind = facts.KindField
		body := n.ChildByFieldId(k.fAccessors)
		if body == nil {
			body = n.ChildByFieldId(k.fValue)
		}
		s.Signature = csharpSig(n, body, x.src)
	case k.enumMember:
		s.Kind = facts.KindConst
		s.Signature = csharpSig(n, nil, x.src)
	}
	x.f.Symbols = append(x.f.Symbols, s)
	x.scopes = append(x.scopes, javaScope{qual: qual, name: name, typeParams: typeParams})
	return true
}

// fieldDecl emits one symbol per declarator: const fields are KindConst,
// other fields and events KindField.
func (x *csharpX) fieldDecl(n *sitter.Node, id uint16) bool {
	k := x.k
	if !x.inTypeBody() {
		return false
	}
	kind := facts.KindField
	var decl *sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case k.modifier:
			if Text(ch, x.src) == "const" {
				kind = facts.KindConst
			}
		case k.variableDeclaration:
			decl = ch
		}
	}
	if decl == nil {
		return false
	}
	head := ""
	if t := decl.ChildByFieldId(k.fType); t != nil {
		head = OneLine(string(x.src[n.StartByte():t.EndByte()]))
	}
	doc := x.doc(n)
	first := ""
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		d := decl.NamedChild(i)
		if d.KindId() != k.variableDeclarator {
			continue
		}
		name := Text(d.ChildByFieldId(k.fName), x.src)
		if name == "" {
			continue
		}
		qual, parent := x.qualify(name)
		if first == "" {
			first = qual
		}
		x.f.Symbols = append(x.f.Symbols, facts.Symbol{
			Name: name, Qualified: qual, Kind: kind, Parent: parent,
			Line: Line(n), EndLine: EndLine(n), Signature: javaCap(head + " " + name), Doc: doc,
		})
	}
	if first == "" {
		return false
	}
	x.scopes = append(x.scopes, javaScope{qual: first})
	return true
}

func (x *csharpX) invocation(n *sitter.Node) {
	k := x.k
	fn := n.ChildByFieldId(k.fFunction)
	if fn == nil {
		return
	}
	var name *sitter.Node
	qual := ""
	switch fn.KindId() {
	case k.identifier:
		name = fn
	case k.genericName:
		name = fn.NamedChild(0)
	case k.memberAccess:
		name = fn.ChildByFieldId(k.fName)
		if e := fn.ChildByFieldId(k.fExpression); e != nil {
			qual = x.qualifier(e)
		}
	case k.conditionalAccess:
		for i := uint(0); i < fn.NamedChildCount(); i++ {
			if b := fn.NamedChild(i); b.KindId() == k.memberBinding {
				name = b.ChildByFieldId(k.fName)
			}
		}
		if cond := fn.ChildByFieldId(k.fCondition); cond != nil {
			qual = x.qualifier(cond)
		}
	}
	if name == nil {
		return
	}
	if name.KindId() == k.genericName {
		name = name.NamedChild(0)
	}
	if name == nil {
		return
	}
	s := Text(name, x.src)
	if s == "nameof" && qual == "" {
		return
	}
	x.ref(s, qual, facts.RefCall, name)
}

// ctorInitializer reports ": base(...)" as a call of the base class
// constructor and ": this(...)" as a call of the class's own constructor.
func (x *csharpX) ctorInitializer(n *sitter.Node) {
	var cls *javaScope
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if x.scopes[i].isType {
			cls = &x.scopes[i]
			break
		}
	}
	if cls == nil {
		return
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch ch.KindId() {
		case x.k.base:
			x.ref(cls.extends, "base", facts.RefCall, ch)
			return
		case x.k.this:
			x.ref(cls.name, "this", facts.RefCall, ch)
			return
		}
	}
}

// typ reports the named types in a type node as references.
func (x *csharpX) typ(n *sitter.Node) {
	if n == nil {
		return
	}
	k := x.k
	switch n.KindId() {
	case k.identifier:
		name := Text(n, x.src)
		if name != "dynamic" && name != "var" && !x.isTypeParam(name) {
			x.ref(name, "", facts.RefReference, n)
		}
	case k.genericName, k.qualifiedName, k.aliasQualifiedName:
		name, qual, at := x.typeName(n)
		if qual != "" || !x.isTypeParam(name) {
			x.ref(name, qual, facts.RefReference, at)
		}
		x.typeArgs(n)
	case k.arrayType, k.tupleElement:
		x.typ(n.ChildByFieldId(k.fType)) // not the rank: it holds expressions
	case k.nullableType, k.pointerType, k.refType, k.scopedType, k.tupleType:
		for i := uint(0); i < n.NamedChildCount(); i++ {
			x.typ(n.NamedChild(i))
		}
	}
}

// typeArgs reports the type arguments inside a (possibly qualified) generic name.
func (x *csharpX) typeArgs(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case x.k.typeArgumentList:
			for j := uint(0); j < ch.NamedChildCount(); j++ {
				x.typ(ch.NamedChild(j))
			}
		case x.k.genericName, x.k.qualifiedName, x.k.aliasQualifiedName:
			x.typeArgs(ch)
		}
	}
}

// typeName splits a type name node into simple name and qualifier, and
// returns the node of the simple name (for its position).
func (x *csharpX) typeName(n *sitter.Node) (name, qual string, at *sitter.Node) {
	at = n
	if id := n.KindId(); id == x.k.qualifiedName || id == x.k.aliasQualifiedName {
		if nm := n.ChildByFieldId(x.k.fName); nm != nil {
			at = nm
		}
	}
	t := javaStripGenerics(Text(n, x.src))
	if i := strings.LastIndex(t, "::"); i >= 0 && !strings.Contains(t[i:], ".") {
		return t[i+2:], t[:i], at
	}
	name, qual = javaSplitLast(t, ".")
	return name, qual, at
}

func (x *csharpX) qualifier(n *sitter.Node) string {
	if x.isChain(n) {
		return strings.TrimPrefix(javaNoSpace(Text(n, x.src)), "global::")
	}
	return "?"
}

func (x *csharpX) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.identifier, k.this, k.base, k.qualifiedName, k.aliasQualifiedName, k.predefinedType:
		return true
	case k.memberAccess:
		e := n.ChildByFieldId(k.fExpression)
		nm := n.ChildByFieldId(k.fName)
		return e != nil && nm != nil && nm.KindId() == k.identifier && x.isChain(e)
	}
	return false
}

// doc returns the /// comment lines directly above n (the node being
// entered), without XML
// <summary> wrappers.
func (x *csharpX) doc(n *sitter.Node) string {
	var lines []string
	next := int(n.StartPosition().Row)
	for i := len(x.prevComments) - 1; i >= 0; i-- {
		p := x.prevComments[i]
		t := Text(p, x.src)
		if !strings.HasPrefix(t, "///") || int(p.EndPosition().Row) < next-1 {
			break
		}
		lines = append(lines, StripComment(t))
		next = int(p.StartPosition().Row)
	}
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(csharpSummaryTags.Replace(lines[i]))
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

var csharpSummaryTags = strings.NewReplacer("<summary>", "", "</summary>", "")

func csharpSig(n, body *sitter.Node, src []byte) string {
	s := Header(n, body, src)
	s = strings.TrimSuffix(s, "=>")
	return strings.TrimRight(s, "; ")
}
