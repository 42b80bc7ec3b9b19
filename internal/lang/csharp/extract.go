package csharp

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// csharpModuleKeys: every namespace the file declares, in order, once each.
func moduleKeys(_ string, f *facts.File, _ *lang.Project) []string {
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

func importCandidates(imp facts.Import, _ string, _ *lang.Project) []string {
	if imp.Path == "" {
		return nil
	}
	return []string{imp.Path}
}

type kinds struct {
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

var kindTable = sync.OnceValue(func() *kinds {
	l := syntax.NewTable(csharpGrammar())
	id, fid := l.ID, l.Field
	return &kinds{
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
		this: l.Token("this"), base: l.Token("base"),
		errorNode: l.ID("ERROR"), namespaceKw: l.Token("namespace"),
		arrayType: id("array_type"), tupleElement: id("tuple_element"), nullableType: id("nullable_type"),
		pointerType: id("pointer_type"), refType: id("ref_type"), scopedType: id("scoped_type"),
		tupleType: id("tuple_type"),
		fName:     fid("name"), fBody: fid("body"), fType: fid("type"), fReturns: fid("returns"),
		fFunction: fid("function"), fExpression: fid("expression"), fCondition: fid("condition"),
		fAccessors: fid("accessors"), fValue: fid("value"), fTypeParameters: fid("type_parameters"),
		hasTypeField: typeFieldKinds(l),
	}
})

// typeFieldKinds marks the node kinds whose "type" / "returns" field
// holds a type (node-types.json of tree-sitter-c-sharp 0.23).
func typeFieldKinds(l *syntax.Table) []bool {
	t := make([]bool, l.Len()+1)
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
		if id := l.ID(name); int(id) < len(t) {
			t[id] = true
		}
	}
	return t
}

type extractor struct {
	syntax.TypeWalk // types nest as in Java
	k               *kinds
	t               *typeKinds
	src             []byte
	ns              string // enclosing namespace, dotted
	typeDepth       int    // > 0 while walking a subtree already reported as a type
	// prevComments are the comments right before the node being entered.
	prevComments []*sitter.Node
	// locals are the scopes of local variables and parameters, innermost
	// last, each mapping a name to its type chain.
	locals syntax.Locals
	// argTypes parallels locals with each local's simple type name, for
	// the argument types of calls (facts.Ref.Args).
	argTypes syntax.Locals
	// memberTypes maps a type's qualified name to the simple type names of
	// its fields and properties, read when the type is entered (a method
	// may use a field declared below it).
	memberTypes map[string]map[string]string
	// aliasTypes maps a using alias to the simple name of the type it names.
	aliasTypes map[string]string
	// aliases maps a using alias to the chain of the type it names;
	// nsRoots holds the first segment of every namespace the file declares
	// or uses, so that Ns.Type.M() is read as a namespace path.
	aliases map[string]string
	nsRoots map[string]bool
	// lastType is the last top-level type whose body ended (see adoptOrphan).
	lastType *syntax.Scope
}

func extract(root *sitter.Node, src []byte) *facts.File {
	x := &extractor{TypeWalk: syntax.TypeWalk{File: &facts.File{}}, k: kindTable(), t: typeKindTable(), src: src,
		aliases: map[string]string{}, memberTypes: map[string]map[string]string{}, aliasTypes: map[string]string{}, nsRoots: map[string]bool{"System": true, "Microsoft": true}}
	x.walk(root, 0, false)
	syntax.SortRefs(x.File.Refs, x.RefPos)
	return x.File
}

// walk visits n; isType says n is the "type" or "returns" field of its parent.
func (x *extractor) walk(n *sitter.Node, parentKind uint16, isType bool) uint16 {
	k := x.k
	id := n.KindId()
	pushed, typed, adopted := false, false, false
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
		if x.namespace(n) && id == k.fileNamespaceDecl {
			savedNS = x.ns // applies to the rest of the file
		}
	case k.errorNode:
		x.errorNamespace(n)
	case k.classDecl, k.structDecl, k.interfaceDecl, k.enumDecl, k.recordDecl, k.delegateDecl:
		pushed = x.typeDecl(n, id)
	case k.methodDecl, k.ctorDecl, k.propertyDecl, k.eventDecl, k.enumMember:
		adopted = x.adoptOrphan()
		pushed = x.memberDecl(n, id)
	case k.fieldDecl, k.eventFieldDecl:
		adopted = x.adoptOrphan()
		pushed = x.fieldDecl(n, id)
	case x.t.localFunction:
		pushed = x.localFunction(n)
	case k.invocation:
		x.invocation(n)
	case k.objectCreation:
		x.creation(n)
	case k.ctorInitializer:
		x.ctorInitializer(n)
	case k.attribute:
		x.attribute(n)
	case k.baseList, k.typeArgumentList, k.explicitIface:
		x.typeChildren(n, id, parentKind)
		typed = true
	}
	if typed {
		x.typeDepth++
	}
	scoped := x.openLocals(n, id, parentKind)
	if descend {
		x.walkChildren(n, id)
	}
	if typed {
		x.typeDepth--
	}
	if scoped {
		x.popLocals()
	}
	x.leave(pushed, adopted)
	x.ns = savedNS
	return id
}

// namespace declares a namespace and enters it; false for one without a
// name (MISSING, or broken by a syntax error).
func (x *extractor) namespace(n *sitter.Node) bool {
	k := x.k
	name := syntax.NoSpace(syntax.Text(n.ChildByFieldId(k.fName), x.src))
	if name == "" {
		return false
	}
	if x.ns != "" {
		name = x.ns + "." + name
	}
	if x.File.Package == "" {
		x.File.Package = name
	}
	x.addRoot(name)
	x.File.Symbols = append(x.File.Symbols, facts.Symbol{
		Name: name, Qualified: name, Kind: facts.KindModule, Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: sig(n, n.ChildByFieldId(k.fBody), x.src), Doc: x.doc(n),
	})
	x.ns = name
	return true
}

// typeChildren reads the types a base list (an enum's excepted), type
// argument list or explicit interface names, outside a type already read.
func (x *extractor) typeChildren(n *sitter.Node, id, parentKind uint16) {
	k := x.k
	if x.typeDepth != 0 || id == k.baseList && parentKind == k.enumDecl {
		return
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if id == k.baseList && ch.KindId() == k.primaryCtorBase {
			ch = ch.ChildByFieldId(k.fType)
		}
		x.typ(ch)
	}
}

// walkChildren walks n's named children, telling each whether it is n's
// type or return type and which comments lie right before it.
func (x *extractor) walkChildren(n *sitter.Node, id uint16) {
	k := x.k
	var t1, t2 uintptr // ids of the type children (node ids are never 0)
	if int(id) < len(k.hasTypeField) && k.hasTypeField[id] {
		if t := n.ChildByFieldId(k.fType); t != nil {
			t1 = t.Id()
		}
		if t := n.ChildByFieldId(k.fReturns); t != nil {
			t2 = t.Id()
		}
	}
	it := syntax.KidsOf(n)
	var run []*sitter.Node // comments right before the next child
	for ch := it.Next(); ch != nil; ch = it.Next() {
		x.prevComments = run
		nid := ch.Id()
		if cid := x.walk(ch, id, nid == t1 || nid == t2); cid == k.comment {
			run = append(run, ch)
		} else {
			run = nil
		}
	}
	it.Close()
}

// leave closes the scope a declaration pushed, remembering the last
// top-level type (see adoptOrphan), and the one an orphan member adopted.
func (x *extractor) leave(pushed, adopted bool) {
	if pushed {
		sc := x.Scopes[len(x.Scopes)-1]
		x.Scopes = x.Scopes[:len(x.Scopes)-1]
		if len(x.Scopes) == 0 && sc.IsType {
			x.lastType = &sc
		}
	}
	if adopted {
		x.Scopes = x.Scopes[:len(x.Scopes)-1]
	}
}

// errorNamespace recovers "namespace N {" whose block did not parse (an
// unclosed brace while editing): tree-sitter keeps its tokens in an ERROR.
func (x *extractor) errorNamespace(n *sitter.Node) {
	cnt := n.ChildCount()
	for i := uint(0); i+1 < cnt; i++ {
		kw := n.Child(i)
		if kw.IsNamed() || kw.KindId() != x.k.namespaceKw {
			continue
		}
		nm := n.Child(i + 1)
		if !isTypeNode(x.k, nm.KindId()) {
			continue
		}
		name := syntax.NoSpace(syntax.Text(nm, x.src))
		if x.ns != "" {
			name = x.ns + "." + name
		}
		if x.File.Package == "" {
			x.File.Package = name
		}
		x.addRoot(name)
		x.File.Symbols = append(x.File.Symbols, facts.Symbol{
			Name: name, Qualified: name, Kind: facts.KindModule, Line: syntax.Line(kw), EndLine: syntax.EndLine(n),
			Signature: "namespace " + name,
		})
		x.ns = name
		return
	}
}

// using reads a using directive: using Ns; opens a namespace (a wildcard
// import), using A = Ns.T; binds A to T of Ns, using static Ns.T; opens
// T's members. global using is read as a using of this file.
func (x *extractor) using(n *sitter.Node) {
	imp := facts.Import{Line: syntax.Line(n)}
	aliasNode := n.ChildByFieldId(x.k.fName)
	alias, target, static := "", "", false
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch {
		case !ch.IsNamed():
			static = static || ch.Kind() == "static"
		case aliasNode != nil && ch.Id() == aliasNode.Id():
			alias = syntax.Text(ch, x.src)
		case ch.KindId() != x.k.comment && target == "":
			target = strings.TrimPrefix(syntax.StripGenerics(syntax.Text(ch, x.src)), "global::")
		}
	}
	if target == "" {
		return
	}
	x.addRoot(target)
	ns, name := "", target
	if i := strings.LastIndexByte(target, '.'); i > 0 {
		ns, name = target[:i], target[i+1:]
	}
	switch {
	case alias != "" && ns != "":
		imp.Path, imp.Names, imp.As = ns, []string{name}, []string{alias}
		x.aliases[alias] = facts.Imported(ns, name)
		x.aliasTypes[alias] = name
	case alias != "":
		imp.Path, imp.Alias = target, alias
	case static && ns != "":
		imp.Path, imp.Names, imp.Kind = ns, []string{name}, "static"
	case static:
		imp.Path, imp.Kind = target, "static"
	default:
		imp.Path, imp.Kind = target, "wildcard"
	}
	x.File.Imports = append(x.File.Imports, imp)
}

// addRoot records the first segment of a namespace path.
func (x *extractor) addRoot(path string) {
	head, _, _ := strings.Cut(path, ".")
	x.nsRoots[head] = true
}
