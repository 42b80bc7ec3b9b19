package java

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// javaModuleKeys: "pkg.Class" (from the file name) and "pkg"; or just the
// class name for a file in the default package.
func moduleKeys(p string, f *facts.File, _ *lang.Project) []string {
	base := strings.TrimSuffix(path.Base(p), path.Ext(p))
	if f == nil || f.Package == "" {
		return []string{base}
	}
	return []string{f.Package + "." + base, f.Package}
}

// javaImportCandidates: the imported class (or the package for a wildcard);
// a static import names a member, so its class is the fallback.
func importCandidates(imp facts.Import, _ string, _ *lang.Project) []string {
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

// kinds holds the grammar's node kind and field ids, resolved once, so the
// walk compares integers instead of allocating a kind string per node.
type kinds struct {
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

var kindTable = sync.OnceValue(func() *kinds {
	l := syntax.NewTable(javaGrammar())
	id, fid := l.ID, l.Field
	return &kinds{
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

type extractor struct {
	syntax.TypeWalk
	in infer
	tk *typeKinds
	// boundDepth guards reading a type variable's bound (T extends
	// Comparable<T>); forParams reads type variables as their bounds.
	boundDepth int
	forParams  bool
	k          *kinds
	src        []byte
	suppress   uintptr // id of a type node already reported as a constructor call
	// prevComment is the block comment right before the node being entered
	// (PrevSibling is a linear scan in C; the walk knows it for free).
	prevComment *sitter.Node
}

func extract(root *sitter.Node, src []byte) *facts.File {
	x := &extractor{TypeWalk: syntax.TypeWalk{File: &facts.File{}}, k: kindTable(), tk: typeKindTable(), src: src}
	x.in = infer{imports: map[string]string{}, statics: map[string]string{}, declared: map[string]string{}}
	x.declareTypes(root, "")
	x.walk(root, 0)
	syntax.SortRefs(x.File.Refs, x.RefPos)
	return x.File
}

// walk visits n and returns its kind.
func (x *extractor) walk(n *sitter.Node, parentKind uint16) uint16 {
	k := x.k
	id := n.KindId()
	pushed := false
	descend := true
	switch id {
	case k.packageDecl:
		if x.File.Package == "" {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				ch := n.NamedChild(i)
				if ch.KindId() == k.identifier || ch.KindId() == k.scopedIdentifier {
					x.File.Package = syntax.NoSpace(syntax.Text(ch, x.src))
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
		if name := syntax.Text(n.ChildByFieldId(k.fName), x.src); name != "" && x.InTypeBody() {
			qual, parent := x.Qualify(name)
			body := n.ChildByFieldId(k.fBody)
			x.File.Symbols = append(x.File.Symbols, facts.Symbol{
				Name: name, Qualified: qual, Kind: facts.KindConst, Parent: parent,
				Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: sig(n, body, x.src), Doc: x.doc(n),
				Type: parent, // the enum
			})
			x.Scopes = append(x.Scopes, syntax.Scope{Qual: qual, Name: name})
			pushed = true
		}
	case k.methodInvocation:
		x.invocation(n)
	case k.objectCreation:
		x.creation(n)
	case k.explicitCtorInvocation:
		x.ctorCall(n)
	case k.methodReference:
		x.methodRef(n)
	case k.markerAnnotation, k.annotation:
		if nm := n.ChildByFieldId(k.fName); nm != nil {
			name, qual := syntax.SplitLast(syntax.NoSpace(syntax.Text(nm, x.src)), ".")
			x.Ref(name, qual, facts.RefReference, nm)
		}
	case k.typeIdentifier:
		if parentKind != k.typeParameter && n.Id() != x.suppress {
			name := syntax.Text(n, x.src)
			if name != "var" && !x.IsTypeParam(name) {
				x.Ref(name, "", facts.RefReference, n)
			}
		}
	case k.scopedTypeIdentifier:
		if n.Id() != x.suppress {
			name, qual := x.typeName(n)
			x.Ref(name, qual, facts.RefReference, n)
		}
		descend = false
	}
	popLocals, popTypes := x.enter(n, id, parentKind, pushed)
	if descend {
		it := syntax.KidsOf(n)
		var prev *sitter.Node
		for ch := it.Next(); ch != nil; ch = it.Next() {
			x.prevComment = prev
			prev = nil
			if cid := x.walk(ch, id); cid == k.blockComment {
				prev = ch
			}
		}
		it.Close()
	}
	x.leave(popLocals, popTypes)
	if pushed {
		x.Scopes = x.Scopes[:len(x.Scopes)-1]
	}
	return id
}

func (x *extractor) importDecl(n *sitter.Node) {
	imp := facts.Import{Line: syntax.Line(n)}
	static, wildcard := false, false
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch {
		case ch.KindId() == x.k.identifier || ch.KindId() == x.k.scopedIdentifier:
			imp.Path = syntax.NoSpace(syntax.Text(ch, x.src))
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
	x.File.Imports = append(x.File.Imports, imp)
	x.importInfo(imp, wildcard)
}
