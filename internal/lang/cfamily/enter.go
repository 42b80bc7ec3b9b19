package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// enter handles a node on the walk's way down: it reports whether its
// children are visited and whether it opened a scope.
func (x *extractor) enter(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	if kind == "template_type" || kind == "template_function" {
		x.instance(n)
	}
	switch kind {
	case "function_definition", "declaration", "field_declaration",
		"struct_specifier", "union_specifier", "class_specifier", "enum_specifier",
		"type_definition", "alias_declaration", "namespace_definition", "template_declaration":
		return x.enterDefinition(n, kind, parentKind)
	case "preproc_ifdef", "preproc_def", "preproc_function_def", "preproc_include":
		return x.enterPreproc(n, kind)
	case "call_expression", "for_range_loop", "lambda_expression", "catch_clause",
		"using_declaration", "new_expression":
		return x.enterCode(n, kind)
	case "type_identifier", "template_type", "qualified_identifier",
		"type_parameter_declaration", "variadic_type_parameter_declaration", "optional_type_parameter_declaration":
		return x.enterTypeName(n, kind, c, parentKind)
	case "friend_declaration":
		// A friend function defined in its class is a function; a friend
		// class or a friend's declaration names no code.
		return x.g.childOfKind(n, "function_definition") != nil, false
	case "comment", "string_literal", "raw_string_literal", "char_literal",
		"preproc_arg", "system_lib_string",
		"identifier", "field_identifier", "number_literal", "primitive_type", "namespace_identifier",
		"true", "false", "null", "this", "auto", "access_specifier", "storage_class_specifier", "type_qualifier":
		return false, false
	}
	// Anonymous tokens ("(", "->", keywords) have no children worth a visit.
	return kind != "", false
}

// enterDefinition enters a function, declaration, type, alias,
// namespace or template.
func (x *extractor) enterDefinition(n *sitter.Node, kind, parentKind string) (descend, pushed bool) {
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
			// A local class's fields are not symbols; its methods, whose
			// calls are the function's, read them as the function's locals
			// (vformat_to's format_handler and its parse_context).
			x.localDecl(n)
			return true, false
		}
		return true, x.declaration(n, kind, parentKind)
	case "struct_specifier", "union_specifier", "class_specifier", "enum_specifier":
		return x.enterSpecifier(n, kind, parentKind)
	case "type_definition":
		if x.fnDepth > 0 {
			return true, false
		}
		return true, x.typedef(n, parentKind)
	case "alias_declaration":
		return x.enterAlias(n, parentKind)
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
		return x.enterTemplate(n)
	}
	return true, false
}

// enterPreproc enters an include guard, a macro definition or an
// include.
func (x *extractor) enterPreproc(n *sitter.Node, kind string) (descend, pushed bool) {
	switch kind {
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
			body := ""
			if value != nil {
				body = syntax.Text(value, x.src)
			}
			x.macroDefs = append(x.macroDefs, macroDef{name, syntax.Line(n), callOp(x.macroParams(n), body)})
		}
		x.symbol(n, name, name, "", k, sig, nil) // macros ignore namespaces
		if kind == "preproc_def" && value != nil {
			if ops, ok := namespaceOps(syntax.Text(value, x.src)); ok {
				x.f.NamespaceMacros = append(x.f.NamespaceMacros, facts.Macro{Name: name, Line: syntax.Line(n), Ops: ops})
			}
		}
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
	}
	return true, false
}

// enterCode enters a call, or a node that declares locals, uses a
// namespace or creates an object.
func (x *extractor) enterCode(n *sitter.Node, kind string) (descend, pushed bool) {
	switch kind {
	case "call_expression":
		before := len(x.f.Refs)
		fn, args := x.g.Child(n, "function"), x.g.Child(n, "arguments")
		x.call(fn, syntax.Line(n))
		x.macroCall(fn, args)
		if len(x.f.Refs) > before && x.cpp {
			x.f.Refs[len(x.f.Refs)-1].Args = x.argTypes(args, x.explicitTemplateArgs(fn))
		}
		return true, false
	case "for_range_loop":
		if x.fnDepth > 0 {
			d := x.g.Child(n, "declarator")
			if nm := x.g.declName(d); nm != nil {
				x.locals.Declare(syntax.Text(nm, x.src), x.declChain(x.g.Child(n, "type"), d))
				x.vals.Declare(syntax.Text(nm, x.src), x.localValueType(x.g.Child(n, "type"), d))
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
	}
	return true, false
}

// enterTypeName enters a type name: a reference, unless it is the name
// being declared or the type a new expression already called.
func (x *extractor) enterTypeName(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	switch kind {
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
	}
	return true, false
}

// enterSpecifier enters a struct, union, class or enum with a body: a
// symbol, whose members follow (or the fields of the typedef it names).
func (x *extractor) enterSpecifier(n *sitter.Node, kind, parentKind string) (descend, pushed bool) {
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
				s.Extends = x.templateBases(x.g.bases(bc, x.src), parentKind)
			}
		}
	}
	if inner := x.g.innerName(nameNode); inner != nil {
		x.skipAt = inner.StartByte()
	}
	x.push(qual, 'c')
	return true, true
}

// enterAlias enters a using alias: a type symbol with its target's chain.
func (x *extractor) enterAlias(n *sitter.Node, parentKind string) (descend, pushed bool) {
	nameNode := x.g.Child(n, "name")
	if x.fnDepth > 0 && nameNode != nil {
		// A function's own alias is no symbol; checker(s, {}) constructs
		// its type (constructedType).
		if td := x.g.Child(n, "type"); td != nil {
			x.vals.Declare(aliasMark+syntax.Text(nameNode, x.src), x.typeName(x.g.Child(td, "type")))
		}
		return true, false
	}
	if nameNode == nil {
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
}

// enterTemplate opens a template's scope and its type parameters.
func (x *extractor) enterTemplate(n *sitter.Node) (descend, pushed bool) {
	qual, _ := x.scope()
	x.scopes = append(x.scopes, scope{qual: qual, kind: 't', tpLen: len(x.tparams), tmpl: n, hidden: true})
	if ps := x.g.Child(n, "parameters"); ps != nil {
		for i := uint(0); i < ps.NamedChildCount(); i++ {
			p := ps.NamedChild(i)
			switch x.g.Kind(p) {
			case "type_parameter_declaration", "variadic_type_parameter_declaration", "optional_type_parameter_declaration",
				"template_template_parameter_declaration":
				if nm := x.g.lastTypeIdent(p); nm != nil {
					def := ""
					if d := x.g.Child(p, "default_type"); d != nil {
						def = x.typeChain(d)
					}
					x.tparams = append(x.tparams, syntax.Text(nm, x.src))
					x.tdefaults = append(x.tdefaults, def)
				}
			}
		}
	}
	return true, true
}
