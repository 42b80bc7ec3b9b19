package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains for the C family (facts.Chain): the declared type of
// fields, variables, parameters and results, and the type of the value of
// an expression, so that x->m() and x.m() can name x's type.

// blocks open a scope for the variables declared inside them.
var blocks = map[string]bool{
	"compound_statement": true, "for_statement": true, "for_range_loop": true, "if_statement": true,
	"while_statement": true, "switch_statement": true, "catch_clause": true, "lambda_expression": true,
}

// notRepoTypes are typedefs of the C and C++ standard libraries that
// name no repository type.
var notRepoTypes = map[string]bool{
	"size_t": true, "ssize_t": true, "ptrdiff_t": true, "intptr_t": true, "uintptr_t": true,
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true, "uint8_t": true,
	"uint16_t": true, "uint32_t": true, "uint64_t": true, "off_t": true, "FILE": true,
	"wchar_t": true, "char8_t": true, "char16_t": true, "char32_t": true, "va_list": true,
	"bool": true, "time_t": true, "pid_t": true, "nullptr_t": true,
}

// smartPointers are the std templates whose -> reaches their first
// template argument.
var smartPointers = map[string]bool{"unique_ptr": true, "shared_ptr": true, "weak_ptr": true, "optional": true}

// declareParams declares the parameters of a parameter_list.
func (x *extractor) declareParams(list *sitter.Node) {
	if list == nil {
		return
	}
	for i := uint(0); i < list.NamedChildCount(); i++ {
		p := list.NamedChild(i)
		switch x.g.Kind(p) {
		case "parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration":
			d := x.g.Child(p, "declarator")
			if nm := x.g.declName(d); nm != nil {
				x.locals.Declare(syntax.Text(nm, x.src), x.declChain(x.g.Child(p, "type"), d))
				x.vals.Declare(syntax.Text(nm, x.src), x.valueType(x.g.Child(p, "type"), d))
			}
		}
	}
}

// localDecl declares the variables of a declaration inside a function body.
func (x *extractor) localDecl(n *sitter.Node) {
	t := x.g.Child(n, "type")
	for i := uint(0); i < n.ChildCount(); i++ {
		if n.FieldNameForChild(uint32(i)) != "declarator" {
			continue
		}
		d := n.Child(i)
		if x.g.Kind(d) == "init_declarator" {
			if sb := x.g.Child(d, "declarator"); sb != nil && x.g.Kind(sb) == "structured_binding_declarator" {
				for j := uint(0); j < sb.NamedChildCount(); j++ {
					x.locals.Declare(syntax.Text(sb.NamedChild(j), x.src), facts.Unknown)
					x.vals.Declare(syntax.Text(sb.NamedChild(j), x.src), "?")
				}
				continue
			}
		}
		if x.g.isFunctionDecl(d) {
			if nm := x.g.declName(d); nm != nil && x.constructedLocal(d) {
				x.locals.Declare(syntax.Text(nm, x.src), x.typeChain(t))
				x.vals.Declare(syntax.Text(nm, x.src), x.typeName(t))
			}
			continue // a local prototype
		}
		if nm := x.g.declName(d); nm != nil {
			x.locals.Declare(syntax.Text(nm, x.src), x.declChain(t, d))
			x.vals.Declare(syntax.Text(nm, x.src), x.localValueType(t, d))
		}
	}
}

// localValueType is a local's value type (argType), auto's from its
// initializer.
func (x *extractor) localValueType(t, d *sitter.Node) string {
	if t != nil && x.g.Kind(t) == "placeholder_type_specifier" {
		if d != nil && x.g.Kind(d) == "init_declarator" && x.g.Kind(x.g.Child(d, "declarator")) == "identifier" {
			if v := x.g.Child(d, "value"); v != nil && x.g.Kind(v) != "initializer_list" && x.g.Kind(v) != "argument_list" {
				return x.argType(v)
			}
		}
		return "?"
	}
	return x.valueType(t, d)
}

// constructedLocal reports whether a local declaration that parses as a
// function prototype is a variable constructed from other variables
// (log::Writer writer(file);): every parameter is a lone name with no
// declarator, a local or a field of the file, which a prototype inside a
// function body seldom is.
func (x *extractor) constructedLocal(d *sitter.Node) bool {
	fd := x.g.funcDeclarator(d)
	if fd == nil || fd != d {
		return false
	}
	ps := x.g.Child(fd, "parameters")
	if ps == nil || ps.NamedChildCount() == 0 {
		return false
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		if x.g.Kind(p) != "parameter_declaration" || x.g.Child(p, "declarator") != nil {
			return false
		}
		t := x.g.Child(p, "type")
		if t == nil || x.g.Kind(t) != "type_identifier" {
			return false
		}
		if _, ok := x.locals.Lookup(syntax.Text(t, x.src)); !ok && !x.isField(syntax.Text(t, x.src)) {
			return false
		}
	}
	return true
}

// isField reports a name the file declares as a field of a class
// (specs_ in dynamic_specs_handler<ParseContext> handler(specs_, ctx)).
func (x *extractor) isField(name string) bool {
	for i := len(x.f.Symbols) - 1; i >= 0; i-- {
		if s := x.f.Symbols[i]; s.Name == name && s.Kind == facts.KindField {
			return true
		}
	}
	return false
}

// declChain is the type chain of a declared name: its type, through the
// pointers, references and arrays of its declarator; NotRepo for a
// function pointer; the initializer's type for auto.
func (x *extractor) declChain(t, d *sitter.Node) string {
	var value *sitter.Node
	for d != nil {
		switch x.g.Kind(d) {
		case "init_declarator":
			value = x.g.Child(d, "value")
			d = x.g.Child(d, "declarator")
			continue
		case "pointer_declarator", "reference_declarator", "array_declarator", "attributed_declarator":
			if inner := x.g.Child(d, "declarator"); inner != nil {
				d = inner
			} else if d.NamedChildCount() > 0 {
				d = d.NamedChild(d.NamedChildCount() - 1)
			} else {
				d = nil
			}
			continue
		case "function_declarator", "parenthesized_declarator":
			return facts.NotRepo // a function pointer has no members
		}
		break
	}
	if t != nil && x.g.Kind(t) == "placeholder_type_specifier" {
		if value == nil {
			return facts.Unknown
		}
		if x.g.Kind(value) == "initializer_list" || x.g.Kind(value) == "argument_list" {
			return facts.Unknown
		}
		return x.exprChain(value)
	}
	return x.typeChain(t)
}

// resultChain is the chain of a function's result: its return type through
// the pointers of the declarator around the function_declarator, or the
// trailing return type.
func (x *extractor) resultChain(t, d *sitter.Node) string {
	for d != nil {
		switch x.g.Kind(d) {
		case "pointer_declarator", "reference_declarator", "attributed_declarator":
			d = x.g.Child(d, "declarator")
			continue
		case "function_declarator":
			for i := uint(0); i < d.NamedChildCount(); i++ {
				if tr := d.NamedChild(i); x.g.Kind(tr) == "trailing_return_type" && tr.NamedChildCount() > 0 {
					td := tr.NamedChild(0)
					return x.typeChain(x.g.Child(td, "type"))
				}
			}
		}
		break
	}
	if t == nil {
		return "" // a constructor or destructor
	}
	return x.typeChain(t)
}

// typeChain is the chain of a type specifier: a named type (with its
// namespaces), the pointee of a std smart pointer, NotRepo for builtin and
// std types, Unknown for template parameters and computed types.
func (x *extractor) typeChain(t *sitter.Node) string {
	if t == nil {
		return facts.Unknown
	}
	switch x.g.Kind(t) {
	case "primitive_type", "sized_type_specifier":
		return facts.NotRepo
	case "type_identifier":
		name := syntax.Text(t, x.src)
		switch {
		case notRepoTypes[name]:
			return facts.NotRepo
		case x.isTemplateParam(name):
			return x.templateParamChain(name)
		}
		return name
	case "struct_specifier", "union_specifier", "class_specifier", "enum_specifier":
		if nm := x.g.Child(t, "name"); nm != nil {
			return x.typeChain(nm)
		}
		return facts.Unknown
	case "template_type":
		return x.typeChain(x.g.Child(t, "name"))
	case "qualified_identifier":
		return x.qualifiedChain(t)
	}
	return facts.Unknown
}

// qualifiedChain is the chain of ns::A::B: "ns.A.B"; a std name is NotRepo
// except a smart pointer, which is its pointee.
func (x *extractor) qualifiedChain(n *sitter.Node) string {
	var segs []string
	inner := n
	for inner != nil && x.g.Kind(inner) == "qualified_identifier" {
		s := x.g.Child(inner, "scope")
		switch {
		case s == nil && len(segs) == 0: // ::A is absolute
		case s == nil || x.g.Kind(s) == "decltype" || x.g.Kind(s) == "dependent_name":
			return facts.Unknown
		default:
			segs = append(segs, x.g.simpleName(s, x.src))
		}
		inner = x.g.Child(inner, "name")
	}
	if inner == nil {
		return facts.Unknown
	}
	last := x.g.simpleName(inner, x.src)
	if len(segs) > 0 && segs[0] == "std" {
		if x.g.Kind(inner) == "template_type" && smartPointers[last] && len(segs) == 1 {
			return x.templateArgChain(x.g.Child(inner, "arguments"))
		}
		return facts.NotRepo
	}
	if len(segs) > 0 && x.isTemplateParam(segs[0]) {
		return facts.Unknown
	}
	return strings.Join(append(segs, last), ".")
}

// templateArgChain is the chain of the first type argument of a template.
func (x *extractor) templateArgChain(args *sitter.Node) string {
	if args == nil || args.NamedChildCount() == 0 {
		return facts.Unknown
	}
	a := args.NamedChild(0)
	if x.g.Kind(a) != "type_descriptor" {
		return facts.Unknown
	}
	return x.typeChain(x.g.Child(a, "type"))
}

// templateParamChain is the chain of a type written as a template
// parameter: its default type's (typename ErrorHandler = error_handler),
// which the callers that name no other instantiate, else Unknown.
func (x *extractor) templateParamChain(name string) string {
	for i := len(x.tparams) - 1; i >= 0; i-- {
		if x.tparams[i] == name {
			if d := x.tdefaults[i]; d != "" && d != facts.NotRepo {
				return d
			}
			return facts.Unknown
		}
	}
	return facts.Unknown
}

func (x *extractor) isTemplateParam(name string) bool {
	for _, p := range x.tparams {
		if p == name {
			return true
		}
	}
	return false
}

// exprChain is the chain of the value of an expression, as far as the file
// tells.
func (x *extractor) exprChain(n *sitter.Node) string {
	if n == nil {
		return facts.Unknown
	}
	switch x.g.Kind(n) {
	case "identifier":
		return x.nameChain(syntax.Text(n, x.src))
	case "this":
		return "this"
	case "field_expression":
		return step(x.exprChain(x.g.Child(n, "argument")), x.g.simpleName(x.g.Child(n, "field"), x.src))
	case "call_expression":
		return x.callChain(x.g.Child(n, "function"))
	case "new_expression":
		return call(x.typeChain(x.g.Child(n, "type")))
	case "parenthesized_expression":
		return x.exprChain(n.NamedChild(0))
	case "pointer_expression":
		return x.exprChain(x.g.Child(n, "argument"))
	case "cast_expression":
		if td := x.g.Child(n, "type"); td != nil {
			return x.typeChain(x.g.Child(td, "type"))
		}
	case "qualified_identifier":
		return x.qualifiedChain(n)
	case "string_literal", "raw_string_literal", "concatenated_string", "number_literal", "char_literal",
		"true", "false", "null", "nullptr", "user_defined_literal", "sizeof_expression", "binary_expression":
		return facts.NotRepo
	}
	return facts.Unknown
}

// nameChain is the chain of an identifier's value: a local's type, else
// the name itself (a global, or in a C++ method a member).
func (x *extractor) nameChain(name string) string {
	if c, ok := x.locals.Lookup(name); ok {
		return c
	}
	switch name {
	case "NULL", "nullptr", "stdin", "stdout", "stderr", "errno":
		return facts.NotRepo
	}
	return name
}

// callChain is the chain of a call's result.
func (x *extractor) callChain(fn *sitter.Node) string {
	if fn == nil {
		return facts.Unknown
	}
	switch x.g.Kind(fn) {
	case "identifier":
		name := syntax.Text(fn, x.src)
		if _, isLocal := x.locals.Lookup(name); isLocal {
			return facts.Unknown // a function pointer or a callable object
		}
		return name + "()"
	case "field_expression":
		return call(x.exprChain(fn))
	case "template_function":
		switch x.g.simpleName(fn, x.src) {
		case "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "make_unique", "make_shared":
			return x.templateArgChain(x.g.Child(fn, "arguments"))
		}
		return call(x.g.simpleName(fn, x.src))
	case "qualified_identifier":
		inner := fn
		for inner != nil && x.g.Kind(inner) == "qualified_identifier" {
			inner = x.g.Child(inner, "name")
		}
		if inner != nil && x.g.Kind(inner) == "template_function" {
			switch x.g.simpleName(inner, x.src) {
			case "make_unique", "make_shared", "static_pointer_cast", "dynamic_pointer_cast":
				return x.templateArgChain(x.g.Child(inner, "arguments"))
			}
		}
		return call(x.qualifiedChain(fn))
	}
	return facts.Unknown
}

// step appends a member step to a chain.
func step(chain, member string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || member == "" {
		return chain
	}
	return chain + "." + member
}

// call marks the last step of a chain as called.
func call(chain string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || chain == "" {
		return chain
	}
	return chain + "()"
}

// recvChain is the Recv of a member call on arg: arg's chain, with "?"
// for what the file cannot tell and "" for a plain this (the resolver
// reads the qualifier "this" itself).
//
// A variable whose type is a template parameter without a default
// (Handler&& handler) has the Recv "$Handler": the resolver takes the
// types the template's callers pass for it (facts.File.Sites).
func (x *extractor) recvChain(arg *sitter.Node) string {
	c := x.exprChain(arg)
	switch {
	case c == "this":
		return ""
	case c == facts.Unknown && x.g.Kind(arg) == "identifier":
		if v, ok := x.vals.Lookup(syntax.Text(arg, x.src)); ok && bareDependent(v) {
			return v
		}
	}
	return c
}
