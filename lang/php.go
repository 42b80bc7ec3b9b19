package lang

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func phpSpec() *Spec {
	return &Spec{
		Name: "php", Family: "php", Extensions: []string{".php"}, Interpreters: []string{"php"},
		Grammar:          phpGrammar,
		Extract:          phpExtract,
		ModuleKeys:       phpModuleKeys,
		ImportCandidates: phpImportCandidates,
	}
}

func phpGrammar() *sitter.Language { return sitter.NewLanguage(tsphp.LanguagePHP()) }

// phpModuleKeys: the fully qualified name of every top-level class,
// interface, trait and enum (for use), then the file path (for require).
// A file with several namespaces qualifies all of them with the first.
func phpModuleKeys(p string, f *facts.File, _ *Project) []string {
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
func phpImportCandidates(imp facts.Import, from string, _ *Project) []string {
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

type phpKinds struct {
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

var (
	phpKindsOnce sync.Once
	phpK         *phpKinds
)

func phpKindTable() *phpKinds {
	phpKindsOnce.Do(func() {
		l := phpGrammar()
		id := func(s string) uint16 { return l.IdForNodeKind(s, true) }
		fid := l.FieldIdForName
		phpK = &phpKinds{
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
			binary: id("binary_expression"), instanceof: l.IdForNodeKind("instanceof", false),
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
	return phpK
}

type phpX struct {
	k      *phpKinds
	src    []byte
	f      *facts.File
	refPos []uint
	scopes []javaScope // qual, name, isType
	// prevComment is the comment right before the node being entered.
	prevComment *sitter.Node
}

func phpExtract(root *sitter.Node, src []byte) *facts.File {
	x := &phpX{k: phpKindTable(), src: src, f: &facts.File{}}
	x.walk(root)
	javaSortRefs(x.f.Refs, x.refPos)
	return x.f
}

func (x *phpX) from() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].qual
}

func (x *phpX) inTypeBody() bool {
	return len(x.scopes) > 0 && x.scopes[len(x.scopes)-1].isType
}

func (x *phpX) ref(name, qual, kind string, at *sitter.Node) {
	if name == "" {
		return
	}
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: x.from(), Line: Line(at)})
	x.refPos = append(x.refPos, at.StartByte())
}

func (x *phpX) sym(s facts.Symbol, n *sitter.Node) {
	if len(x.scopes) > 0 {
		s.Parent = x.scopes[len(x.scopes)-1].qual
		s.Qualified = s.Parent + "." + s.Name
	} else {
		s.Qualified = s.Name
	}
	s.Line, s.EndLine = Line(n), EndLine(n)
	if s.Doc == "" {
		s.Doc = x.doc(n)
	}
	x.f.Symbols = append(x.f.Symbols, s)
}

// walk visits n and returns its kind.
func (x *phpX) walk(n *sitter.Node) uint16 {
	k := x.k
	id := n.KindId()
	pushed := false
	descend := true
	switch id {
	case k.namespaceDef:
		if x.f.Package == "" {
			x.f.Package = phpName(Text(n.ChildByFieldId(k.fName), x.src))
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
		}
	case k.constDecl, k.propertyDecl:
		pushed = x.members(n)
	case k.enumCase:
		if name := Text(n.ChildByFieldId(k.fName), x.src); name != "" && x.inTypeBody() {
			x.sym(facts.Symbol{Name: name, Kind: facts.KindConst, Signature: "case " + name}, n)
		}
	case k.requireOnce, k.require, k.include, k.includeOnce:
		x.require(n)
	case k.functionCall:
		x.functionCall(n)
	case k.memberCall, k.nullsafeMemberCall:
		if nm := n.ChildByFieldId(k.fName); nm != nil && nm.KindId() == k.name {
			x.ref(Text(nm, x.src), x.qualifier(n.ChildByFieldId(k.fObject)), facts.RefCall, nm)
		}
	case k.scopedCall:
		if nm := n.ChildByFieldId(k.fName); nm != nil && nm.KindId() == k.name {
			x.ref(Text(nm, x.src), x.qualifier(n.ChildByFieldId(k.fScope)), facts.RefCall, nm)
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
	if descend {
		it := javaKidsOf(n)
		var prev *sitter.Node
		for ch := it.next(); ch != nil; ch = it.next() {
			x.prevComment = prev
			prev = nil
			if cid := x.walk(ch); cid == k.comment {
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

// decl emits a function, method or type and opens its scope.
func (x *phpX) decl(n *sitter.Node, kind string) bool {
	k := x.k
	if kind != facts.KindMethod && len(x.scopes) > 0 {
		return false // class declared inside a function: local
	}
	s := facts.Symbol{Name: Text(n.ChildByFieldId(k.fName), x.src), Kind: kind}
	if s.Name == "" {
		return false // MISSING or broken by a syntax error
	}
	s.Signature = strings.TrimRight(Header(n, n.ChildByFieldId(k.fBody), x.src), "; ")
	isType := kind != facts.KindFunction && kind != facts.KindMethod
	if isType {
		var uses []string
		for i := uint(0); i < n.NamedChildCount(); i++ {
			ch := n.NamedChild(i)
			switch ch.KindId() {
			case k.baseClause:
				s.Extends = x.names(ch)
			case k.interfaceClause:
				s.Implements = x.names(ch)
			}
		}
		// Traits used in the body count as implemented.
		if body := n.ChildByFieldId(k.fBody); body != nil {
			for i := uint(0); i < body.NamedChildCount(); i++ {
				if ch := body.NamedChild(i); ch.KindId() == k.traitUse {
					uses = append(uses, x.names(ch)...)
				}
			}
		}
		s.Implements = append(s.Implements, uses...)
	}
	x.sym(s, n)
	last := x.f.Symbols[len(x.f.Symbols)-1]
	x.scopes = append(x.scopes, javaScope{qual: last.Qualified, name: last.Name, isType: isType})
	return true
}

// names lists the name / qualified_name children of a clause, without a
// leading backslash.
func (x *phpX) names(n *sitter.Node) []string {
	var out []string
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if id := ch.KindId(); id == x.k.name || id == x.k.qualifiedName {
			out = append(out, phpName(Text(ch, x.src)))
		}
	}
	return out
}

// members emits class constants, top-level const and properties, and opens
// the scope of the first one (refs in types and values come from it).
func (x *phpX) members(n *sitter.Node) bool {
	k := x.k
	isConst := n.KindId() == k.constDecl
	if !(x.inTypeBody() || (isConst && len(x.scopes) == 0)) {
		return false
	}
	doc := x.doc(n)
	head, first := "", ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		el := n.NamedChild(i)
		var name string
		switch {
		case isConst && el.KindId() == k.constElement:
			for j := uint(0); j < el.NamedChildCount(); j++ {
				if nm := el.NamedChild(j); nm.KindId() == k.name {
					name = Text(nm, x.src)
					break
				}
			}
		case !isConst && el.KindId() == k.propertyElement:
			name = strings.TrimPrefix(Text(el.ChildByFieldId(k.fName), x.src), "$")
		default:
			continue
		}
		if name == "" {
			continue
		}
		if first == "" {
			head = OneLine(string(x.src[n.StartByte():el.StartByte()]))
		}
		kind, sig := facts.KindConst, javaCap(head+" "+name)
		if !isConst {
			kind, sig = facts.KindField, javaCap(head+" $"+name)
		}
		x.sym(facts.Symbol{Name: name, Kind: kind, Signature: sig, Doc: doc}, n)
		if first == "" {
			first = x.f.Symbols[len(x.f.Symbols)-1].Qualified
		}
	}
	if first == "" {
		return false
	}
	x.scopes = append(x.scopes, javaScope{qual: first})
	return true
}

func (x *phpX) useDecl(n *sitter.Node) {
	k := x.k
	prefix := ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case k.namespaceName:
			prefix = phpName(Text(ch, x.src))
		case k.useClause:
			x.useClause(ch, "")
		case k.useGroup:
			for j := uint(0); j < ch.NamedChildCount(); j++ {
				if cl := ch.NamedChild(j); cl.KindId() == k.useClause {
					x.useClause(cl, prefix)
				}
			}
		}
	}
}

func (x *phpX) useClause(n *sitter.Node, prefix string) {
	imp := facts.Import{Line: Line(n)}
	alias := n.ChildByFieldId(x.k.fAlias)
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if alias != nil && ch.Id() == alias.Id() {
			imp.Alias = Text(ch, x.src)
			continue
		}
		if id := ch.KindId(); (id == x.k.name || id == x.k.qualifiedName) && imp.Path == "" {
			imp.Path = phpName(Text(ch, x.src))
		}
	}
	if imp.Path == "" {
		return
	}
	if prefix != "" {
		imp.Path = prefix + `\` + imp.Path
	}
	x.f.Imports = append(x.f.Imports, imp)
}

// require records require/include of a literal path. __DIR__ . '/x.php'
// (and dirname(__FILE__)) becomes "./x.php", dirname(__DIR__) . '/x.php'
// becomes "../x.php"; any other computed path is skipped.
func (x *phpX) require(n *sitter.Node) {
	k := x.k
	e := n.NamedChild(0)
	for e != nil && e.KindId() == k.parenthesized {
		e = e.NamedChild(0)
	}
	if e == nil {
		return
	}
	p, ok := "", false
	if e.KindId() == k.binary {
		l, r := e.ChildByFieldId(k.fLeft), e.ChildByFieldId(k.fRight)
		dir := x.dirExpr(l)
		lit, litOK := x.literal(r)
		if dir == "" || !litOK {
			return
		}
		p, ok = dir+"/"+strings.TrimPrefix(lit, "/"), true
	} else {
		p, ok = x.literal(e)
	}
	if !ok || p == "" {
		return
	}
	x.f.Imports = append(x.f.Imports, facts.Import{Path: p, Kind: "require", Line: Line(n)})
}

// dirExpr maps __DIR__ / dirname(__FILE__) to "." and dirname(__DIR__) to
// "..": the directory of the file, relative to that file.
func (x *phpX) dirExpr(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	switch t := javaNoSpace(Text(n, x.src)); t {
	case "__DIR__", "dirname(__FILE__)":
		return "."
	case "dirname(__DIR__)", "dirname(dirname(__FILE__))":
		return ".."
	}
	return ""
}

// literal returns the content of a string without interpolation.
func (x *phpX) literal(n *sitter.Node) (string, bool) {
	if n == nil || (n.KindId() != x.k.str && n.KindId() != x.k.encapsedStr) {
		return "", false
	}
	var b strings.Builder
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if ch.KindId() != x.k.strContent {
			return "", false
		}
		b.WriteString(Text(ch, x.src))
	}
	return b.String(), true
}

func (x *phpX) functionCall(n *sitter.Node) {
	k := x.k
	fn := n.ChildByFieldId(k.fFunction)
	if fn == nil {
		return
	}
	switch fn.KindId() {
	case k.name:
		name := Text(fn, x.src)
		x.ref(name, "", facts.RefCall, fn)
		if name == "define" && len(x.scopes) == 0 {
			x.define(n)
		}
	case k.qualifiedName:
		x.nameRef(fn, facts.RefCall)
	}
}

// define reports a top-level define('NAME', value) as a constant.
func (x *phpX) define(n *sitter.Node) {
	args := n.ChildByFieldId(x.k.fArguments)
	if args == nil {
		return
	}
	for i := uint(0); i < args.NamedChildCount(); i++ {
		a := args.NamedChild(i)
		if a.KindId() != x.k.argument {
			continue
		}
		if name, ok := x.literal(a.NamedChild(0)); ok && name != "" {
			x.sym(facts.Symbol{Name: name, Kind: facts.KindConst, Signature: OneLine(Text(n, x.src))}, n)
		}
		return
	}
}

// nameRef reports a name or qualified_name node (class or function name).
func (x *phpX) nameRef(n *sitter.Node, kind string) {
	if n == nil {
		return
	}
	id := n.KindId()
	if id != x.k.name && id != x.k.qualifiedName {
		return
	}
	full := phpName(Text(n, x.src))
	switch strings.ToLower(full) {
	case "self", "static", "parent":
		return
	}
	name, qual := javaSplitLast(full, `\`)
	at := n
	if id == x.k.qualifiedName {
		if nm := n.ChildByFieldId(x.k.fName); nm != nil {
			at = nm
		}
	}
	x.ref(name, qual, kind, at)
}

// classConst reports Foo::class as a reference to Foo and Foo::BAR as a
// reference to BAR qualified by Foo.
func (x *phpX) classConst(n *sitter.Node) {
	if n.NamedChildCount() < 2 {
		return
	}
	scope, nm := n.NamedChild(0), n.NamedChild(n.NamedChildCount()-1)
	if nm.KindId() != x.k.name {
		return
	}
	if Text(nm, x.src) == "class" {
		x.nameRef(scope, facts.RefReference)
		return
	}
	if id := scope.KindId(); id == x.k.name || id == x.k.qualifiedName || id == x.k.relativeScope {
		x.ref(Text(nm, x.src), x.qualifier(scope), facts.RefReference, nm)
	}
}

// qualifier is the receiver as an identifier chain ("this", "obj",
// "this->repo", "App\Models\User", "self"), or "?".
func (x *phpX) qualifier(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if !x.isChain(n) {
		return "?"
	}
	t := javaNoSpace(Text(n, x.src))
	t = strings.ReplaceAll(t, "$", "")
	t = strings.ReplaceAll(t, "?->", "->")
	return strings.TrimPrefix(t, `\`)
}

func (x *phpX) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.name, k.qualifiedName, k.relativeScope:
		return true
	case k.variableName:
		return n.NamedChildCount() == 1 && n.NamedChild(0).KindId() == k.name
	case k.memberAccess, k.nullsafeMemberAccess:
		o, nm := n.ChildByFieldId(k.fObject), n.ChildByFieldId(k.fName)
		return o != nil && nm != nil && nm.KindId() == k.name && x.isChain(o)
	case k.scopedPropertyAccess:
		s, nm := n.ChildByFieldId(k.fScope), n.ChildByFieldId(k.fName)
		return s != nil && nm != nil && x.isChain(s) && x.isChain(nm)
	}
	return false
}

// doc returns the /** */ comment directly above n, the node being entered.
func (x *phpX) doc(n *sitter.Node) string {
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

// phpName strips whitespace and a leading backslash from a PHP name.
func phpName(s string) string {
	return strings.TrimPrefix(javaNoSpace(s), `\`)
}
