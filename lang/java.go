package lang

import (
	"path"
	"sort"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func javaSpec() *Spec {
	return &Spec{
		Name: "java", Family: "java", Extensions: []string{".java"}, Interpreters: []string{},
		Grammar:          javaGrammar,
		Extract:          javaExtract,
		ModuleKeys:       javaModuleKeys,
		ImportCandidates: javaImportCandidates,
	}
}

func javaGrammar() *sitter.Language { return sitter.NewLanguage(tsjava.Language()) }

// javaModuleKeys: "pkg.Class" (from the file name) and "pkg"; or just the
// class name for a file in the default package.
func javaModuleKeys(p string, f *facts.File, _ *Project) []string {
	base := strings.TrimSuffix(path.Base(p), path.Ext(p))
	if f == nil || f.Package == "" {
		return []string{base}
	}
	return []string{f.Package + "." + base, f.Package}
}

// javaImportCandidates: the imported class (or the package for a wildcard);
// a static import names a member, so its class is the fallback.
func javaImportCandidates(imp facts.Import, _ string, _ *Project) []string {
	if imp.Path == "" {
		return nil
	}
	if imp.Kind == "static" {
		if i := strings.LastIndexByte(imp.Path, '.'); i > 0 {
			return []string{imp.Path, imp.Path[:i]}
		}
	}
	return []string{imp.Path}
}

// javaKinds holds the grammar's node kind and field ids, resolved once, so the
// walk compares integers instead of allocating a kind string per node.
type javaKinds struct {
	packageDecl, importDecl, identifier, scopedIdentifier, asterisk              uint16
	classDecl, recordDecl, interfaceDecl, enumDecl, annotationDecl               uint16
	methodDecl, ctorDecl, compactCtorDecl, annotationElemDecl                    uint16
	fieldDecl, constantDecl, enumConstant, modifiers, variableDeclarator         uint16
	superclass, superInterfaces, extendsInterfaces, typeList                     uint16
	typeParameters, typeParameter, typeIdentifier, scopedTypeIdentifier, generic uint16
	methodInvocation, objectCreation, explicitCtorInvocation, methodReference    uint16
	markerAnnotation, annotation, fieldAccess, this, super, blockComment         uint16

	fName, fBody, fObject, fType, fTypeParameters, fSuperclass, fInterfaces, fDeclarator uint16
	fField, fConstructor                                                                 uint16
}

var (
	javaKindsOnce sync.Once
	javaK         *javaKinds
)

func javaKindTable() *javaKinds {
	javaKindsOnce.Do(func() {
		l := javaGrammar()
		id := func(s string) uint16 { return l.IdForNodeKind(s, true) }
		fid := l.FieldIdForName
		javaK = &javaKinds{
			packageDecl: id("package_declaration"), importDecl: id("import_declaration"),
			identifier: id("identifier"), scopedIdentifier: id("scoped_identifier"), asterisk: id("asterisk"),
			classDecl: id("class_declaration"), recordDecl: id("record_declaration"),
			interfaceDecl: id("interface_declaration"), enumDecl: id("enum_declaration"),
			annotationDecl: id("annotation_type_declaration"), methodDecl: id("method_declaration"),
			ctorDecl: id("constructor_declaration"), compactCtorDecl: id("compact_constructor_declaration"),
			annotationElemDecl: id("annotation_type_element_declaration"), fieldDecl: id("field_declaration"),
			constantDecl: id("constant_declaration"), enumConstant: id("enum_constant"),
			modifiers: id("modifiers"), variableDeclarator: id("variable_declarator"),
			superclass: id("superclass"), superInterfaces: id("super_interfaces"),
			extendsInterfaces: id("extends_interfaces"), typeList: id("type_list"),
			typeParameters: id("type_parameters"), typeParameter: id("type_parameter"),
			typeIdentifier: id("type_identifier"), scopedTypeIdentifier: id("scoped_type_identifier"),
			generic: id("generic_type"), methodInvocation: id("method_invocation"),
			objectCreation: id("object_creation_expression"), explicitCtorInvocation: id("explicit_constructor_invocation"),
			methodReference: id("method_reference"), markerAnnotation: id("marker_annotation"),
			annotation: id("annotation"), fieldAccess: id("field_access"), this: id("this"), super: id("super"),
			blockComment: id("block_comment"),
			fName:        fid("name"), fBody: fid("body"), fObject: fid("object"), fType: fid("type"),
			fTypeParameters: fid("type_parameters"), fSuperclass: fid("superclass"),
			fInterfaces: fid("interfaces"), fDeclarator: fid("declarator"), fField: fid("field"),
			fConstructor: fid("constructor"),
		}
	})
	return javaK
}

// javaKids iterates over the named children of a node. The walks visit
// named nodes only: every tree-sitter call is a cgo call, and anonymous tokens
// are about 40% of all nodes. NamedChild(i) is O(i) in C, so wide nodes (long
// array literals, big class bodies) are iterated with a cursor instead.
type javaKids struct {
	n      *sitter.Node
	i, cnt uint
	c      *sitter.TreeCursor
}

func javaKidsOf(n *sitter.Node) javaKids { return javaKids{n: n, cnt: n.NamedChildCount()} }

// next returns the next named child, or nil at the end.
func (it *javaKids) next() *sitter.Node {
	if it.cnt <= 32 {
		if it.i >= it.cnt {
			return nil
		}
		it.i++
		return it.n.NamedChild(it.i - 1)
	}
	if it.c == nil {
		it.c = it.n.Walk()
		if !it.c.GotoFirstChild() {
			return nil
		}
	} else if !it.c.GotoNextSibling() {
		return nil
	}
	for {
		if ch := it.c.Node(); ch.IsNamed() {
			return ch
		}
		if !it.c.GotoNextSibling() {
			return nil
		}
	}
}

func (it *javaKids) close() {
	if it.c != nil {
		it.c.Close()
	}
}

// javaScope is one enclosing definition during the walk.
type javaScope struct {
	qual       string
	name       string
	isType     bool     // members of a type are symbols; anything else is local
	extends    string   // first base class, for super(...) calls
	typeParams []string // type variables declared here, never emitted as refs
}

// scopeWalk is the scope stack and reference list the Java and C#
// extractors share: both nest types the same way.
type scopeWalk struct {
	f      *facts.File
	refPos []uint
	scopes []javaScope
}

func (x *scopeWalk) from() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].qual
}

// inTypeBody reports whether a declaration here is a symbol: at top level or
// directly in a type body (not inside a method, initializer or field value).
func (x *scopeWalk) inTypeBody() bool {
	return len(x.scopes) == 0 || x.scopes[len(x.scopes)-1].isType
}

func (x *scopeWalk) qualify(name string) (qual, parent string) {
	if len(x.scopes) == 0 {
		return name, ""
	}
	parent = x.scopes[len(x.scopes)-1].qual
	return parent + "." + name, parent
}

func (x *scopeWalk) ref(name, qual, kind string, at *sitter.Node) {
	if name == "" {
		return
	}
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: x.from(), Line: Line(at)})
	x.refPos = append(x.refPos, at.StartByte())
}

func (x *scopeWalk) isTypeParam(name string) bool {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		for _, t := range x.scopes[i].typeParams {
			if t == name {
				return true
			}
		}
	}
	return false
}

type javaX struct {
	scopeWalk
	k        *javaKinds
	src      []byte
	suppress uintptr // id of a type node already reported as a constructor call
	// prevComment is the block comment right before the node being entered
	// (PrevSibling is a linear scan in C; the walk knows it for free).
	prevComment *sitter.Node
}

func javaExtract(root *sitter.Node, src []byte) *facts.File {
	x := &javaX{scopeWalk: scopeWalk{f: &facts.File{}}, k: javaKindTable(), src: src}
	x.walk(root, 0)
	javaSortRefs(x.f.Refs, x.refPos)
	return x.f
}

// javaSortRefs orders refs by the position of their name (stable).
func javaSortRefs(refs []facts.Ref, pos []uint) {
	s := javaRefSorter{refs, pos}
	if !sort.IsSorted(s) {
		sort.Stable(s)
	}
}

type javaRefSorter struct {
	refs []facts.Ref
	pos  []uint
}

func (s javaRefSorter) Len() int           { return len(s.refs) }
func (s javaRefSorter) Less(i, j int) bool { return s.pos[i] < s.pos[j] }
func (s javaRefSorter) Swap(i, j int) {
	s.refs[i], s.refs[j] = s.refs[j], s.refs[i]
	s.pos[i], s.pos[j] = s.pos[j], s.pos[i]
}

// walk visits n and returns its kind.
func (x *javaX) walk(n *sitter.Node, parentKind uint16) uint16 {
	k := x.k
	id := n.KindId()
	pushed := false
	descend := true
	switch id {
	case k.packageDecl:
		if x.f.Package == "" {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				ch := n.NamedChild(i)
				if ch.KindId() == k.identifier || ch.KindId() == k.scopedIdentifier {
					x.f.Package = javaNoSpace(Text(ch, x.src))
					break
				}
			}
		}
	case k.importDecl:
		x.importDecl(n)
		descend = false
	case k.classDecl, k.recordDecl, k.interfaceDecl, k.enumDecl, k.annotationDecl:
		pushed = x.typeDecl(n, id)
	case k.methodDecl, k.ctorDecl, k.compactCtorDecl, k.annotationElemDecl:
		pushed = x.methodDecl(n, id)
	case k.fieldDecl, k.constantDecl:
		pushed = x.fieldDecl(n, id)
	case k.enumConstant:
		if name := Text(n.ChildByFieldId(k.fName), x.src); name != "" && x.inTypeBody() {
			qual, parent := x.qualify(name)
			body := n.ChildByFieldId(k.fBody)
			x.f.Symbols = append(x.f.Symbols, facts.Symbol{
				Name: name, Qualified: qual, Kind: facts.KindConst, Parent: parent,
				Line: Line(n), EndLine: EndLine(n), Signature: javaSig(n, body, x.src), Doc: x.doc(n),
			})
			x.scopes = append(x.scopes, javaScope{qual: qual, name: name})
			pushed = true
		}
	case k.methodInvocation:
		name := n.ChildByFieldId(k.fName)
		qual := ""
		if obj := n.ChildByFieldId(k.fObject); obj != nil {
			qual = x.qualifier(obj)
		}
		x.ref(Text(name, x.src), qual, facts.RefCall, name)
	case k.objectCreation:
		if t := n.ChildByFieldId(k.fType); t != nil {
			base := t
			if base.KindId() == k.generic && base.NamedChildCount() > 0 {
				base = base.NamedChild(0)
			}
			name, qual := x.typeName(base)
			x.ref(name, qual, facts.RefCall, base)
			x.suppress = base.Id()
		}
	case k.explicitCtorInvocation:
		x.ctorCall(n)
	case k.methodReference:
		x.methodRef(n)
	case k.markerAnnotation, k.annotation:
		if nm := n.ChildByFieldId(k.fName); nm != nil {
			name, qual := javaSplitLast(javaNoSpace(Text(nm, x.src)), ".")
			x.ref(name, qual, facts.RefReference, nm)
		}
	case k.typeIdentifier:
		if parentKind != k.typeParameter && n.Id() != x.suppress {
			name := Text(n, x.src)
			if name != "var" && !x.isTypeParam(name) {
				x.ref(name, "", facts.RefReference, n)
			}
		}
	case k.scopedTypeIdentifier:
		if n.Id() != x.suppress {
			name, qual := x.typeName(n)
			x.ref(name, qual, facts.RefReference, n)
		}
		descend = false
	}
	if descend {
		it := javaKidsOf(n)
		var prev *sitter.Node
		for ch := it.next(); ch != nil; ch = it.next() {
			x.prevComment = prev
			prev = nil
			if cid := x.walk(ch, id); cid == k.blockComment {
				prev = ch
			}
		}
		it.close()
	}
	if pushed {
		x.scopes = x.scopes[:len(x.scopes)-1]
	}
	return id
}

func (x *javaX) importDecl(n *sitter.Node) {
	imp := facts.Import{Line: Line(n)}
	static, wildcard := false, false
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch {
		case ch.KindId() == x.k.identifier || ch.KindId() == x.k.scopedIdentifier:
			imp.Path = javaNoSpace(Text(ch, x.src))
		case ch.KindId() == x.k.asterisk:
			wildcard = true
		case !ch.IsNamed() && ch.Kind() == "static":
			static = true
		}
	}
	if imp.Path == "" {
		return
	}
	switch {
	case static:
		imp.Kind = "static" // import static a.b.C.* keeps Path "a.b.C"
	case wildcard:
		imp.Kind = "wildcard"
	}
	x.f.Imports = append(x.f.Imports, imp)
}

func (x *javaX) typeDecl(n *sitter.Node, id uint16) bool {
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
		s.Extends = append(s.Extends, javaStripGenerics(Text(sc.NamedChild(0), x.src)))
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
	sc := javaScope{qual: qual, name: name, isType: true, typeParams: x.typeParams(n)}
	if len(s.Extends) > 0 && id == k.classDecl {
		sc.extends, _ = javaSplitLast(s.Extends[0], ".")
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
			out = append(out, javaStripGenerics(Text(tl.NamedChild(j), x.src)))
		}
	}
	return out
}

func (x *javaX) typeParams(n *sitter.Node) []string {
	tp := n.ChildByFieldId(x.k.fTypeParameters)
	if tp == nil {
		return nil
	}
	var out []string
	for i := uint(0); i < tp.NamedChildCount(); i++ {
		p := tp.NamedChild(i)
		if p.KindId() != x.k.typeParameter {
			continue
		}
		for j := uint(0); j < p.NamedChildCount(); j++ {
			if t := p.NamedChild(j); t.KindId() == x.k.typeIdentifier {
				out = append(out, Text(t, x.src))
				break
			}
		}
	}
	return out
}

func (x *javaX) methodDecl(n *sitter.Node, id uint16) bool {
	if !x.inTypeBody() {
		return false
	}
	name := Text(n.ChildByFieldId(x.k.fName), x.src)
	if name == "" {
		return false
	}
	qual, parent := x.qualify(name)
	body := n.ChildByFieldId(x.k.fBody)
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: facts.KindMethod, Parent: parent,
		Line: Line(n), EndLine: EndLine(n), Signature: javaSig(n, body, x.src), Doc: x.doc(n),
	})
	x.scopes = append(x.scopes, javaScope{qual: qual, name: name, typeParams: x.typeParams(n)})
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
				mods := " " + OneLine(Text(m, x.src)) + " "
				if strings.Contains(mods, " static ") && strings.Contains(mods, " final ") {
					kind = facts.KindConst
				}
				break
			}
		}
	}
	head := ""
	if t := n.ChildByFieldId(k.fType); t != nil {
		head = OneLine(string(x.src[n.StartByte():t.EndByte()]))
	}
	doc := x.doc(n)
	first := ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		d := n.NamedChild(i)
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
	// Refs in the type and initializers come from the (first) field.
	x.scopes = append(x.scopes, javaScope{qual: first})
	return true
}

// ctorCall reports super(...) as a call of the superclass constructor and
// this(...) as a call of the class's own constructor.
func (x *javaX) ctorCall(n *sitter.Node) {
	ctor := n.ChildByFieldId(x.k.fConstructor)
	if ctor == nil {
		return
	}
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
	if ctor.KindId() == x.k.super {
		x.ref(cls.extends, "super", facts.RefCall, ctor)
	} else {
		x.ref(cls.name, "this", facts.RefCall, ctor)
	}
}

// methodRef reports Type::method (and Type::new) as a reference.
func (x *javaX) methodRef(n *sitter.Node) {
	cnt := n.ChildCount()
	if cnt < 3 {
		return
	}
	last := n.Child(cnt - 1)
	first := n.NamedChild(0)
	if first == nil {
		return
	}
	if !last.IsNamed() { // Type::new
		base := first
		if base.KindId() == x.k.generic && base.NamedChildCount() > 0 {
			base = base.NamedChild(0)
		}
		name, qual := x.typeName(base)
		x.ref(name, qual, facts.RefReference, last)
		return
	}
	if last.KindId() == x.k.identifier {
		x.ref(Text(last, x.src), x.qualifier(first), facts.RefReference, last)
	}
}

// typeName splits a type node into simple name and qualifier.
func (x *javaX) typeName(n *sitter.Node) (name, qual string) {
	t := javaStripGenerics(Text(n, x.src))
	return javaSplitLast(t, ".")
}

// qualifier is the receiver text when it is an identifier chain, else "?".
func (x *javaX) qualifier(n *sitter.Node) string {
	if x.isChain(n) {
		return javaNoSpace(Text(n, x.src))
	}
	return "?"
}

func (x *javaX) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.identifier, k.this, k.super, k.scopedIdentifier, k.typeIdentifier:
		return true
	case k.fieldAccess:
		obj := n.ChildByFieldId(k.fObject)
		f := n.ChildByFieldId(k.fField)
		return obj != nil && f != nil && x.isChain(obj) && x.isChain(f)
	}
	return false
}

// doc returns the /** */ comment directly above n, the node being entered.
func (x *javaX) doc(n *sitter.Node) string {
	p := x.prevComment
	if p == nil || int(p.EndPosition().Row)+1 < int(n.StartPosition().Row) {
		return ""
	}
	t := Text(p, x.src)
	if !strings.HasPrefix(t, "/**") || t == "/**/" {
		return ""
	}
	return StripComment(t)
}

func javaSig(n, body *sitter.Node, src []byte) string {
	return strings.TrimRight(Header(n, body, src), "; ")
}

func javaCap(s string) string {
	if len(s) > 400 {
		return s[:400]
	}
	return s
}

// javaNoSpace removes all whitespace.
func javaNoSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), "")
}

// javaStripGenerics removes type arguments ("Map<K, V>" -> "Map",
// "Outer<T>.Inner" -> "Outer.Inner") and whitespace.
func javaStripGenerics(s string) string {
	if !strings.ContainsAny(s, "<[ \t\r\n") {
		return s
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '<' || ch == '[':
			depth++
		case ch == '>' || ch == ']':
			if depth > 0 {
				depth--
			}
		case depth > 0 || ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n':
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// javaSplitLast splits "a.b.C" into ("C", "a.b").
func javaSplitLast(s, sep string) (name, qual string) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[i+len(sep):], s[:i]
	}
	return s, ""
}
