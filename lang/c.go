package lang

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func cSpec() *Spec {
	return &Spec{
		Name: "c", Family: "c", Extensions: []string{".c", ".h"}, Interpreters: []string{},
		Grammar: func() *sitter.Language { return sitter.NewLanguage(tsc.Language()) },
		Extract: func(root *sitter.Node, src []byte) *facts.File {
			return cfamExtract(root, src, cfamGrammars().c, false)
		},
		ModuleKeys:       cfamModuleKeys,
		ImportCandidates: cfamImportCandidates,
	}
}

// cfamGrammar is the per-grammar lookup data of the C family walk (kind
// names and field ids differ between the C and C++ grammars).
type cfamGrammar struct {
	*rustGrammar
	fDeclarator uint16
}

func cfamGrammarOf(l *sitter.Language) *cfamGrammar {
	g := rustGrammarOf(l)
	return &cfamGrammar{rustGrammar: g, fDeclarator: g.fields["declarator"]}
}

// cfamGrammars is built lazily once; cpp.go's grammar lives here too so both
// specs share one table type.
var cfamGrammars = sync.OnceValue(func() struct{ c, cpp *cfamGrammar } {
	return struct{ c, cpp *cfamGrammar }{
		cfamGrammarOf(sitter.NewLanguage(tsc.Language())),
		cfamGrammarOf(cppLanguage()),
	}
})

type cfamScope struct {
	qual   string
	kind   byte // 'n' namespace, 'c' class/struct/union/enum, 'f' function, 'v' var/typedef, 't' template
	tpLen  int
	tmpl   *sitter.Node // for 't': the template_declaration
	hidden bool         // 't' scopes do not change From
}

type cfamX struct {
	src      []byte
	g        *cfamGrammar
	cpp      bool
	f        *facts.File
	scopes   []cfamScope
	fnDepth  int
	tparams  []string
	skipAt   uint   // start byte of a type_identifier that is a definition name
	guard    string // name of the last #ifndef (include guard detection)
	newTypes uint   // start byte of the type of the current new_expression
}

func cfamExtract(root *sitter.Node, src []byte, g *cfamGrammar, cpp bool) *facts.File {
	x := &cfamX{src: src, g: g, cpp: cpp, f: &facts.File{}, skipAt: ^uint(0), newTypes: ^uint(0)}
	c := root.Walk()
	defer c.Close()
	x.walk(c, "")
	return x.f
}

func (x *cfamX) walk(c *sitter.TreeCursor, parentKind string) {
	n := c.Node()
	kind := x.g.kind(n)
	descend, pushed := x.enter(n, kind, c, parentKind)
	if descend && c.GotoFirstChild() {
		for {
			x.walk(c, kind)
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	if pushed {
		top := x.scopes[len(x.scopes)-1]
		x.scopes = x.scopes[:len(x.scopes)-1]
		x.tparams = x.tparams[:top.tpLen]
		if top.kind == 'f' {
			x.fnDepth--
		}
	}
}

// scope is the Qualified name of the innermost named scope and its kind
// (the From of references).
func (x *cfamX) scope() (string, byte) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if !x.scopes[i].hidden {
			return x.scopes[i].qual, x.scopes[i].kind
		}
	}
	return "", 0
}

// outer is the innermost scope that definitions nest in: namespaces,
// classes and functions, not the variable or typedef whose type a struct
// is declared in (typedef struct S {..} T: S is not T.S).
func (x *cfamX) outer() (string, byte) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if s := x.scopes[i]; !s.hidden && s.kind != 'v' {
			return s.qual, s.kind
		}
	}
	return "", 0
}

func (x *cfamX) push(qual string, kind byte) {
	x.scopes = append(x.scopes, cfamScope{qual: qual, kind: kind, tpLen: len(x.tparams)})
	if kind == 'f' {
		x.fnDepth++
	}
}

// template returns the template_declaration directly around n, if any.
func (x *cfamX) template(parentKind string) *sitter.Node {
	if parentKind == "template_declaration" && len(x.scopes) > 0 {
		return x.scopes[len(x.scopes)-1].tmpl
	}
	return nil
}

func (x *cfamX) enter(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	switch kind {
	case "function_definition":
		if x.fnDepth > 0 {
			return true, false
		}
		nameNode := x.g.declName(x.g.child(n, "declarator"))
		if nameNode == nil {
			return true, false
		}
		x.function(n, nameNode, x.g.child(n, "body"), parentKind)
		return true, true
	case "declaration", "field_declaration":
		if x.fnDepth > 0 {
			return true, false
		}
		return true, x.declaration(n, kind, parentKind)
	case "struct_specifier", "union_specifier", "class_specifier", "enum_specifier":
		body := x.g.child(n, "body")
		nameNode := x.g.child(n, "name")
		if body == nil || nameNode == nil || x.fnDepth > 0 {
			return true, false
		}
		k := facts.KindStruct
		switch kind {
		case "class_specifier":
			k = facts.KindClass
		case "enum_specifier":
			k = facts.KindEnum
		}
		qual, name, parent := x.qualify(nameNode)
		s := x.symbol(n, name, qual, parent, k, Header(n, body, x.src), x.template(parentKind))
		if x.cpp {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				if bc := n.NamedChild(i); x.g.kind(bc) == "base_class_clause" {
					s.Extends = x.g.bases(bc, x.src)
				}
			}
		}
		if inner := x.g.innerName(nameNode); inner != nil {
			x.skipAt = inner.StartByte()
		}
		x.push(qual, 'c')
		return true, true
	case "type_definition":
		if x.fnDepth > 0 {
			return true, false
		}
		return true, x.typedef(n, parentKind)
	case "alias_declaration":
		nameNode := x.g.child(n, "name")
		if x.fnDepth > 0 || nameNode == nil {
			return true, false
		}
		qual, name, parent := x.qualify(nameNode)
		x.symbol(n, name, qual, parent, facts.KindType, Header(n, nil, x.src), x.template(parentKind))
		x.skipAt = nameNode.StartByte()
		x.push(qual, 'v')
		return true, true
	case "namespace_definition":
		nameNode := x.g.child(n, "name")
		if nameNode == nil || x.fnDepth > 0 {
			return true, false // anonymous namespace: members stay at file level
		}
		qual, name, parent := x.qualify(nameNode)
		x.symbol(n, name, qual, parent, facts.KindModule, Header(n, x.g.child(n, "body"), x.src), nil)
		x.push(qual, 'n')
		return true, true
	case "template_declaration":
		qual, _ := x.scope()
		x.scopes = append(x.scopes, cfamScope{qual: qual, kind: 't', tpLen: len(x.tparams), tmpl: n, hidden: true})
		if ps := x.g.child(n, "parameters"); ps != nil {
			for i := uint(0); i < ps.NamedChildCount(); i++ {
				p := ps.NamedChild(i)
				switch x.g.kind(p) {
				case "type_parameter_declaration", "variadic_type_parameter_declaration", "optional_type_parameter_declaration",
					"template_template_parameter_declaration":
					if nm := x.g.lastTypeIdent(p); nm != nil {
						x.tparams = append(x.tparams, Text(nm, x.src))
					}
				}
			}
		}
		return true, true
	case "preproc_ifdef":
		if nm := x.g.child(n, "name"); nm != nil {
			x.guard = Text(nm, x.src)
		}
		return true, false
	case "preproc_def", "preproc_function_def":
		nameNode := x.g.child(n, "name")
		value := x.g.child(n, "value")
		if nameNode == nil || x.fnDepth > 0 {
			return false, false
		}
		name := Text(nameNode, x.src)
		if kind == "preproc_def" && value == nil && name == x.guard {
			return false, false // include guard
		}
		k, sig := facts.KindConst, Header(n, nil, x.src)
		if kind == "preproc_function_def" {
			k, sig = facts.KindFunction, strings.TrimRight(Header(n, value, x.src), " \\")
		}
		x.symbol(n, name, name, "", k, sig, nil) // macros ignore namespaces
		return false, false
	case "preproc_include":
		p := x.g.child(n, "path")
		if p == nil {
			return false, false
		}
		t := Text(p, x.src)
		switch x.g.kind(p) {
		case "string_literal":
			x.f.Imports = append(x.f.Imports, facts.Import{Path: strings.Trim(t, "\""), Kind: "local", Line: Line(n)})
		case "system_lib_string":
			x.f.Imports = append(x.f.Imports, facts.Import{Path: strings.TrimSuffix(strings.TrimPrefix(t, "<"), ">"), Kind: "system", Line: Line(n)})
		}
		return false, false
	case "call_expression":
		x.call(x.g.child(n, "function"), Line(n))
		return true, false
	case "new_expression":
		if t := x.g.child(n, "type"); t != nil {
			if name, q, ok := x.g.typeRef(t, x.src); ok {
				x.ref(name, q, facts.RefCall, Line(n))
				x.newTypes = t.StartByte()
			}
		}
		return true, false
	case "type_identifier":
		if n.StartByte() == x.skipAt || c.FieldId() == x.g.fDeclarator {
			return false, false
		}
		if parentKind == "new_expression" && n.StartByte() == x.newTypes {
			return false, false
		}
		x.typeRef(n, Text(n, x.src), "")
		return false, false
	case "template_type":
		if parentKind == "new_expression" && n.StartByte() == x.newTypes {
			if nm := x.g.child(n, "name"); nm != nil {
				x.skipAt = nm.StartByte()
			}
		}
		return true, false
	case "qualified_identifier":
		// A qualified type name (ns::A, std::vector<T>): one reference with
		// its qualifier; template arguments are still visited.
		name, q, ok := x.g.typeRef(n, x.src)
		if !ok || c.FieldId() == x.g.fDeclarator && parentKind != "new_expression" {
			return true, false
		}
		if inner := x.g.innerName(n); inner != nil {
			x.skipAt = inner.StartByte()
		}
		if !(parentKind == "new_expression" && n.StartByte() == x.newTypes) {
			x.typeRef(n, name, q)
		}
		return true, false
	case "type_parameter_declaration", "variadic_type_parameter_declaration", "optional_type_parameter_declaration":
		if nm := x.g.lastTypeIdent(n); nm != nil {
			x.skipAt = nm.StartByte()
		}
		return true, false
	case "friend_declaration", "comment", "string_literal", "raw_string_literal", "char_literal",
		"preproc_arg", "system_lib_string",
		"identifier", "field_identifier", "number_literal", "primitive_type", "namespace_identifier",
		"true", "false", "null", "this", "auto", "access_specifier", "storage_class_specifier", "type_qualifier":
		return false, false
	}
	// Anonymous tokens ("(", "->", keywords) have no children worth a visit.
	return kind != "", false
}

func (x *cfamX) typeRef(n *sitter.Node, name, q string) {
	if name == "" || name == "auto" {
		return
	}
	for _, p := range x.tparams {
		if p == name && q == "" {
			return
		}
	}
	x.ref(name, q, facts.RefReference, Line(n))
}

func (x *cfamX) ref(name, qual, kind string, line int) {
	if name == "" {
		return
	}
	from, _ := x.scope()
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: from, Line: line})
}

// symbol appends a definition (Line/EndLine from n, Doc from above n or
// above its template).
func (x *cfamX) symbol(n *sitter.Node, name, qual, parent, kind, sig string, tmpl *sitter.Node) *facts.Symbol {
	if name == "" { // MISSING name in broken code
		return &facts.Symbol{}
	}
	docNode := n
	if tmpl != nil {
		docNode = tmpl
	}
	end := EndLine(n)
	if n.EndPosition().Column == 0 && end > Line(n) { // #define includes its newline
		end--
	}
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: kind, Parent: parent,
		Line: Line(n), EndLine: end,
		Signature: strings.TrimRight(sig, " ;"),
		Doc:       PrecedingComments(docNode, x.src, cfamIsComment),
	})
	return &x.f.Symbols[len(x.f.Symbols)-1]
}

func cfamIsComment(kind string) bool { return kind == "comment" }

// qualify turns a definition's name node (A, ns::A, a::b, Box<int>) into
// its Qualified name, simple name and parent under the current scope.
func (x *cfamX) qualify(nameNode *sitter.Node) (qual, name, parent string) {
	written := rustNoSpace(Text(nameNode, x.src))
	inner := nameNode
	for inner != nil && x.g.kind(inner) == "qualified_identifier" {
		inner = x.g.child(inner, "name")
	}
	opCast := ""
	if inner != nil && x.g.kind(inner) == "operator_cast" { // operator bool()
		written = rustNoSpace(string(x.src[nameNode.StartByte():inner.StartByte()])) + "operator"
		opCast = " " + OneLine(Text(x.g.child(inner, "type"), x.src))
	}
	outer, _ := x.outer()
	segs := cfamSplitScope(written)
	segs[len(segs)-1] += opCast
	if len(segs) > 0 && segs[0] == "" { // ::A::f is absolute
		outer, segs = "", segs[1:]
	}
	if len(segs) == 0 {
		return outer, "", outer
	}
	name = segs[len(segs)-1]
	parent = cfamJoin(outer, strings.Join(segs[:len(segs)-1], "."))
	return cfamJoin(parent, name), name, parent
}

// function records a function or method definition (or an in-class method
// declaration when body is nil) and pushes its scope.
func (x *cfamX) function(n, nameNode, body *sitter.Node, parentKind string) {
	qual, name, parent := x.qualify(nameNode)
	_, sk := x.outer()
	k := facts.KindFunction
	if sk == 'c' || (parent != "" && strings.Contains(rustNoSpace(Text(nameNode, x.src)), "::")) {
		k = facts.KindMethod
	}
	x.symbol(n, name, qual, parent, k, Header(n, body, x.src), x.template(parentKind))
	x.push(qual, 'f')
}

// declaration handles a (field_)declaration outside function bodies:
// in-class method declarations are methods, top-level variables are vars,
// prototypes and extern declarations are skipped.
func (x *cfamX) declaration(n *sitter.Node, kind, parentKind string) bool {
	_, sk := x.outer()
	inClass := sk == 'c'
	if kind == "field_declaration" && !inClass {
		return false
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if x.g.kind(ch) == "storage_class_specifier" && Text(ch, x.src) == "extern" {
			return false
		}
	}
	var first *sitter.Node
	var firstQual string
	for i := uint(0); i < n.ChildCount(); i++ {
		if n.FieldNameForChild(uint32(i)) != "declarator" {
			continue
		}
		d := n.Child(i)
		value := (*sitter.Node)(nil)
		if x.g.kind(d) == "init_declarator" {
			value = x.g.child(d, "value")
		}
		nameNode := x.g.declName(d)
		if nameNode == nil {
			continue
		}
		if x.g.isFunctionDecl(d) {
			if !inClass {
				continue // prototype: the definition is the symbol
			}
			qual, name, parent := x.qualify(nameNode)
			x.symbol(n, name, qual, parent, facts.KindMethod, Header(n, nil, x.src), x.template(parentKind))
		} else {
			if inClass {
				continue // field
			}
			qual, name, parent := x.qualify(nameNode)
			if first == nil {
				first, firstQual = nameNode, qual
			}
			x.symbol(n, name, qual, parent, facts.KindVar, Header(n, value, x.src), x.template(parentKind))
		}
	}
	if first == nil {
		return false
	}
	x.push(firstQual, 'v')
	return true
}

// typedef records every name a typedef declares.
func (x *cfamX) typedef(n *sitter.Node, parentKind string) bool {
	sig := Header(n, nil, x.src)
	if t := x.g.child(n, "type"); t != nil {
		if b := x.g.child(t, "body"); b != nil {
			sig = OneLine(string(x.src[n.StartByte():b.StartByte()])) + " { ... } " + OneLine(string(x.src[b.EndByte():n.EndByte()]))
		}
	}
	firstQual := ""
	for i := uint(0); i < n.ChildCount(); i++ {
		if n.FieldNameForChild(uint32(i)) != "declarator" {
			continue
		}
		nameNode := x.g.declName(n.Child(i))
		if nameNode == nil {
			continue
		}
		qual, name, parent := x.qualify(nameNode)
		if firstQual == "" {
			firstQual = qual
		}
		x.symbol(n, name, qual, parent, facts.KindType, sig, x.template(parentKind))
	}
	if firstQual == "" {
		return false
	}
	x.push(firstQual, 'v')
	return true
}

// call records the callee of a call_expression.
func (x *cfamX) call(fn *sitter.Node, line int) {
	if fn == nil {
		return
	}
	switch x.g.kind(fn) {
	case "identifier":
		x.ref(Text(fn, x.src), "", facts.RefCall, line)
	case "template_function":
		switch name := Text(x.g.child(fn, "name"), x.src); name {
		case "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast":
		default:
			x.ref(name, "", facts.RefCall, line)
		}
	case "field_expression":
		q, ok := x.g.chain(x.g.child(fn, "argument"), x.src)
		if !ok {
			q = "?"
		}
		x.ref(x.g.simpleName(x.g.child(fn, "field"), x.src), q, facts.RefCall, line)
	case "qualified_identifier":
		name, q := x.g.splitQualified(fn, x.src)
		x.ref(name, q, facts.RefCall, line)
	}
}

// cfamChain returns the text of an identifier chain receiver (obj, p,
// a.b->c, this, ns::x) and whether n is one.
func (g *cfamGrammar) chain(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch g.kind(n) {
	case "identifier", "this", "field_identifier", "namespace_identifier", "type_identifier":
		return Text(n, src), true
	case "qualified_identifier":
		name, q := g.splitQualified(n, src)
		if q == "" {
			return name, true
		}
		return q + "::" + name, true
	case "field_expression":
		q, ok := g.chain(g.child(n, "argument"), src)
		op := g.child(n, "operator")
		return q + Text(op, src) + g.simpleName(g.child(n, "field"), src), ok
	case "pointer_expression": // *p
		return "", false
	}
	return "", false
}

// cfamSplitQualified splits A::B::f (or std::vector<int>::size) into the
// simple name and the qualifier with template arguments dropped.
func (g *cfamGrammar) splitQualified(n *sitter.Node, src []byte) (name, qual string) {
	var scopes []string
	for n != nil && g.kind(n) == "qualified_identifier" {
		if s := g.child(n, "scope"); s != nil {
			scopes = append(scopes, rustStripGenerics(rustNoSpace(Text(s, src))))
		}
		n = g.child(n, "name")
	}
	return g.simpleName(n, src), strings.Join(scopes, "::")
}

// cfamSimpleName is the identifier of a name node without template
// arguments (get for template get<int>, ~A for a destructor).
func (g *cfamGrammar) simpleName(n *sitter.Node, src []byte) string {
	if n == nil {
		return ""
	}
	switch g.kind(n) {
	case "template_function", "template_method", "template_type":
		return Text(g.child(n, "name"), src)
	case "dependent_name":
		if n.NamedChildCount() > 0 {
			return g.simpleName(n.NamedChild(0), src)
		}
	}
	return cfamStripTemplate(rustNoSpace(Text(n, src)))
}

// cfamTypeRef returns the name and qualifier of a type usage node
// (type_identifier, template_type, qualified_identifier naming a type).
func (g *cfamGrammar) typeRef(n *sitter.Node, src []byte) (name, qual string, ok bool) {
	switch g.kind(n) {
	case "type_identifier":
		return Text(n, src), "", true
	case "template_type":
		return Text(g.child(n, "name"), src), "", true
	case "qualified_identifier":
		inner := n
		for inner != nil && g.kind(inner) == "qualified_identifier" {
			inner = g.child(inner, "name")
		}
		if inner == nil || (g.kind(inner) != "type_identifier" && g.kind(inner) != "template_type") {
			return "", "", false
		}
		name, qual = g.splitQualified(n, src)
		return name, qual, true
	}
	return "", "", false
}

// cfamInnerName is the innermost type_identifier of a (qualified or
// template) type name.
func (g *cfamGrammar) innerName(n *sitter.Node) *sitter.Node {
	for n != nil {
		switch g.kind(n) {
		case "type_identifier":
			return n
		case "qualified_identifier", "template_type":
			n = g.child(n, "name")
		default:
			return nil
		}
	}
	return nil
}

// cfamDeclName follows a declarator to the declared name node (identifier,
// field_identifier, type_identifier, qualified_identifier, destructor or
// operator name).
func (g *cfamGrammar) declName(n *sitter.Node) *sitter.Node {
	for n != nil {
		switch g.kind(n) {
		case "identifier", "field_identifier", "type_identifier", "qualified_identifier",
			"destructor_name", "operator_name", "operator_cast", "primitive_type":
			return n
		case "parenthesized_declarator", "attributed_declarator", "reference_declarator":
			if d := g.child(n, "declarator"); d != nil {
				n = d
			} else if n.NamedChildCount() > 0 {
				n = n.NamedChild(0)
			} else {
				return nil
			}
		default:
			d := g.child(n, "declarator")
			if d == nil {
				return nil
			}
			n = d
		}
	}
	return nil
}

// cfamIsFunctionDecl reports whether a declarator declares a function
// (int f(int)), not a variable or a function pointer (int (*fp)(int)).
func (g *cfamGrammar) isFunctionDecl(n *sitter.Node) bool {
	for n != nil {
		switch g.kind(n) {
		case "operator_cast":
			return true
		case "function_declarator":
			d := g.child(n, "declarator")
			return d == nil || g.kind(d) != "parenthesized_declarator"
		case "init_declarator":
			return false
		case "pointer_declarator", "reference_declarator", "attributed_declarator":
			if d := g.child(n, "declarator"); d != nil {
				n = d
			} else if n.NamedChildCount() > 0 {
				n = n.NamedChild(n.NamedChildCount() - 1)
			} else {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// cfamBases lists the base classes of a base_class_clause.
func (g *cfamGrammar) bases(bc *sitter.Node, src []byte) []string {
	var out []string
	for i := uint(0); i < bc.NamedChildCount(); i++ {
		ch := bc.NamedChild(i)
		switch g.kind(ch) {
		case "type_identifier", "qualified_identifier", "template_type":
			name, q := g.splitQualified(ch, src)
			if q != "" {
				name = q + "::" + name
			}
			out = append(out, name)
		}
	}
	return out
}

func (g *cfamGrammar) lastTypeIdent(n *sitter.Node) *sitter.Node {
	if nm := g.child(n, "name"); nm != nil {
		return nm
	}
	for i := int(n.NamedChildCount()) - 1; i >= 0; i-- {
		if ch := n.NamedChild(uint(i)); g.kind(ch) == "type_identifier" {
			return ch
		}
	}
	return nil
}

// cfamSplitScope splits "a::b::C" into its segments, dropping template
// arguments ("Box<int>" -> "Box").
func cfamSplitScope(s string) []string {
	segs := strings.Split(s, "::")
	for i, sg := range segs {
		segs[i] = cfamStripTemplate(sg)
	}
	return segs
}

// cfamStripTemplate drops template arguments ("Box<int>" -> "Box") but
// keeps operator names ("operator<").
func cfamStripTemplate(s string) string {
	if strings.HasPrefix(s, "operator") {
		return s
	}
	return rustStripGenerics(s)
}

func cfamJoin(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "." + b
}

func cfamModuleKeys(p string, f *facts.File, pr *Project) []string { return []string{p} }

func cfamImportCandidates(imp facts.Import, from string, p *Project) []string {
	var dirs []string
	if p != nil {
		dirs = p.IncludeDirs
	}
	var out []string
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	switch imp.Kind {
	case "local":
		add(path.Clean(path.Join(path.Dir(from), imp.Path)))
		for _, d := range dirs {
			add(path.Join(d, imp.Path))
		}
		add(path.Clean(imp.Path))
	case "system":
		for _, d := range dirs {
			add(path.Join(d, imp.Path))
		}
	}
	return out
}
