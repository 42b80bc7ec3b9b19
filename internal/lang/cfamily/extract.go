package cfamily

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// ids are the per-grammar lookup data of the C family walk (kind names
// and field ids differ between the C and C++ grammars).
type ids struct {
	*syntax.Table
	fDeclarator uint16
}

func idsOf(l *sitter.Language) *ids {
	g := syntax.NewTable(l)
	return &ids{Table: g, fDeclarator: g.Field("declarator")}
}

// grammarIDs are the ids of both grammars, read once.
var grammarIDs = sync.OnceValue(func() struct{ c, cpp *ids } {
	return struct{ c, cpp *ids }{
		idsOf(cLanguage()),
		idsOf(cppLanguage()),
	}
})

type scope struct {
	qual   string
	kind   byte // 'n' namespace, 'c' class/struct/union/enum, 'f' function, 'v' var/typedef, 't' template
	tpLen  int
	tmpl   *sitter.Node // for 't': the template_declaration
	hidden bool         // 't' scopes do not change From
}

type extractor struct {
	src      []byte
	g        *ids
	cpp      bool
	f        *facts.File
	scopes   []scope
	fnDepth  int
	tparams  []string
	skipAt   uint   // start byte of a type_identifier that is a definition name
	guard    string // name of the last #ifndef (include guard detection)
	newTypes uint   // start byte of the type of the current new_expression
	// locals are the variables of the open blocks of the current function
	// with their type chains, innermost last.
	locals syntax.Locals
}

func extract(root *sitter.Node, src []byte, g *ids, cpp bool) *facts.File {
	x := &extractor{src: src, g: g, cpp: cpp, f: &facts.File{}, skipAt: ^uint(0), newTypes: ^uint(0)}
	c := root.Walk()
	defer c.Close()
	x.walk(c, "")
	return x.f
}

func (x *extractor) walk(c *sitter.TreeCursor, parentKind string) {
	n := c.Node()
	kind := x.g.Kind(n)
	block := x.fnDepth > 0 && blocks[kind]
	if block {
		x.locals.Push()
	}
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
			x.locals.Pop()
		}
	}
	if block {
		x.locals.Pop()
	}
}

// scope is the Qualified name of the innermost named scope and its kind
// (the From of references).
func (x *extractor) scope() (string, byte) {
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
func (x *extractor) outer() (string, byte) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if s := x.scopes[i]; !s.hidden && s.kind != 'v' {
			return s.qual, s.kind
		}
	}
	return "", 0
}

func (x *extractor) push(qual string, kind byte) {
	x.scopes = append(x.scopes, scope{qual: qual, kind: kind, tpLen: len(x.tparams)})
	if kind == 'f' {
		x.fnDepth++
	}
}

// template returns the template_declaration directly around n, if any.
func (x *extractor) template(parentKind string) *sitter.Node {
	if parentKind == "template_declaration" && len(x.scopes) > 0 {
		return x.scopes[len(x.scopes)-1].tmpl
	}
	return nil
}

func (x *extractor) enter(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	switch kind {
	case "function_definition":
		if x.fnDepth > 0 {
			return true, false
		}
		nameNode := x.g.declName(x.g.Child(n, "declarator"))
		if nameNode == nil {
			return true, false
		}
		x.function(n, nameNode, x.g.Child(n, "body"), parentKind)
		return true, true
	case "declaration", "field_declaration":
		if x.fnDepth > 0 {
			if kind == "declaration" {
				x.localDecl(n)
			}
			return true, false
		}
		return true, x.declaration(n, kind, parentKind)
	case "struct_specifier", "union_specifier", "class_specifier", "enum_specifier":
		body := x.g.Child(n, "body")
		nameNode := x.g.Child(n, "name")
		if body != nil && nameNode == nil && x.fnDepth == 0 && parentKind == "type_definition" && len(x.scopes) > 0 {
			// typedef struct { ... } point: the fields are point's.
			x.push(x.scopes[len(x.scopes)-1].qual, 'c')
			return true, true
		}
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
		s := x.symbol(n, name, qual, parent, k, syntax.Header(n, body, x.src), x.template(parentKind))
		if x.cpp {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				if bc := n.NamedChild(i); x.g.Kind(bc) == "base_class_clause" {
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
		nameNode := x.g.Child(n, "name")
		if x.fnDepth > 0 || nameNode == nil {
			return true, false
		}
		qual, name, parent := x.qualify(nameNode)
		s := x.symbol(n, name, qual, parent, facts.KindType, syntax.Header(n, nil, x.src), x.template(parentKind))
		if td := x.g.Child(n, "type"); td != nil {
			if c := x.typeChain(x.g.Child(td, "type")); c != name && c != facts.Unknown {
				s.Type = c
			}
		}
		x.skipAt = nameNode.StartByte()
		x.push(qual, 'v')
		return true, true
	case "namespace_definition":
		nameNode := x.g.Child(n, "name")
		if nameNode == nil || x.fnDepth > 0 {
			return true, false // anonymous namespace: members stay at file level
		}
		qual, name, parent := x.qualify(nameNode)
		x.symbol(n, name, qual, parent, facts.KindModule, syntax.Header(n, x.g.Child(n, "body"), x.src), nil)
		x.push(qual, 'n')
		return true, true
	case "template_declaration":
		qual, _ := x.scope()
		x.scopes = append(x.scopes, scope{qual: qual, kind: 't', tpLen: len(x.tparams), tmpl: n, hidden: true})
		if ps := x.g.Child(n, "parameters"); ps != nil {
			for i := uint(0); i < ps.NamedChildCount(); i++ {
				p := ps.NamedChild(i)
				switch x.g.Kind(p) {
				case "type_parameter_declaration", "variadic_type_parameter_declaration", "optional_type_parameter_declaration",
					"template_template_parameter_declaration":
					if nm := x.g.lastTypeIdent(p); nm != nil {
						x.tparams = append(x.tparams, syntax.Text(nm, x.src))
					}
				}
			}
		}
		return true, true
	case "preproc_ifdef":
		if nm := x.g.Child(n, "name"); nm != nil {
			x.guard = syntax.Text(nm, x.src)
		}
		return true, false
	case "preproc_def", "preproc_function_def":
		nameNode := x.g.Child(n, "name")
		value := x.g.Child(n, "value")
		if nameNode == nil || x.fnDepth > 0 {
			return false, false
		}
		name := syntax.Text(nameNode, x.src)
		if kind == "preproc_def" && value == nil && name == x.guard {
			return false, false // include guard
		}
		k, sig := facts.KindConst, syntax.Header(n, nil, x.src)
		if kind == "preproc_function_def" {
			k, sig = facts.KindFunction, strings.TrimRight(syntax.Header(n, value, x.src), " \\")
		}
		x.symbol(n, name, name, "", k, sig, nil) // macros ignore namespaces
		return false, false
	case "preproc_include":
		p := x.g.Child(n, "path")
		if p == nil {
			return false, false
		}
		t := syntax.Text(p, x.src)
		switch x.g.Kind(p) {
		case "string_literal":
			x.f.Imports = append(x.f.Imports, facts.Import{Path: strings.Trim(t, "\""), Kind: "local", Line: syntax.Line(n)})
		case "system_lib_string":
			x.f.Imports = append(x.f.Imports, facts.Import{Path: strings.TrimSuffix(strings.TrimPrefix(t, "<"), ">"), Kind: "system", Line: syntax.Line(n)})
		}
		return false, false
	case "call_expression":
		x.call(x.g.Child(n, "function"), syntax.Line(n))
		return true, false
	case "for_range_loop":
		if x.fnDepth > 0 {
			d := x.g.Child(n, "declarator")
			if nm := x.g.declName(d); nm != nil {
				x.locals.Declare(syntax.Text(nm, x.src), x.declChain(x.g.Child(n, "type"), d))
			}
		}
		return true, false
	case "lambda_expression":
		if d := x.g.Child(n, "declarator"); d != nil {
			x.declareParams(x.g.Child(d, "parameters"))
		}
		return true, false
	case "catch_clause":
		x.declareParams(x.g.Child(n, "parameters"))
		return true, false
	case "using_declaration":
		x.usingNamespace(n)
		return true, false
	case "new_expression":
		if t := x.g.Child(n, "type"); t != nil {
			if name, q, ok := x.g.typeRef(t, x.src); ok {
				x.ref(name, q, facts.RefCall, syntax.Line(n))
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
		x.typeRef(n, syntax.Text(n, x.src), "")
		return false, false
	case "template_type":
		if parentKind == "new_expression" && n.StartByte() == x.newTypes {
			if nm := x.g.Child(n, "name"); nm != nil {
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

func moduleKeys(p string, f *facts.File, pr *lang.Project) []string { return []string{p} }

func importCandidates(imp facts.Import, from string, p *lang.Project) []string {
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

// project reads no file: the C family's setting is the configured
// include directories.
type project struct{ includeDirs []string }

func newProject(in lang.ProjectInput) lang.ProjectReader { return project{in.IncludeDirs} }

// Read takes nothing: no file is the C family's project file.
func (project) Read(string, []byte) {}

// Finish writes Project.IncludeDirs.
func (r project) Finish(pr *lang.Project) { pr.IncludeDirs = r.includeDirs }
