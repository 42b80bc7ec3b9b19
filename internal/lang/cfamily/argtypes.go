package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Argument types of C++ calls (facts.Ref.Args), for the resolver's choice
// among overloads of one arity: the simple name of each argument's type
// with a "*" per pointer level ("int", "char*", "Slice"), "?" where the
// file does not tell. References and const do not change which overload
// takes a value, so they are dropped; template arguments too. A
// function's Params use the same names (paramTypes), with a "$" before a
// template parameter, which takes any type by deduction.

// dependentType is the Args type of a value typed by a template
// parameter: the call is dependent, and clang resolves it in each
// instantiation, to the overload the deduced type takes there. A value
// of the parameter's type itself is written with its name ("$Handler"),
// which the resolver deduces from the template's callers (call sites).
const dependentType = "$"

// valueTypes is a C++ local's value type as argType writes it, kept
// beside its chain (locals) for the variables of the open blocks.
type valueTypes = syntax.Locals

// argTypes is a call's Args: one type per argument; "" for a call whose
// arguments a pack expansion (args...) spreads. A braced list ({},
// {a, b}) is one argument, of the type of the parameter it initializes.
//
// A call written with template arguments (explicit) has its list marked
// with explicitCall before it: only function templates take such a call
// (count_digits<4>(value) reaches the BITS template, not the uint32_t
// overload), and those that only it can call (explicitOnly). Its
// dependent arguments are kept, as other calls' are.
func (x *extractor) argTypes(list *sitter.Node, explicit bool) string {
	if list == nil || x.g.Kind(list) != "argument_list" {
		return ""
	}
	var out []string
	for i := uint(0); i < list.NamedChildCount(); i++ {
		a := list.NamedChild(i)
		switch x.g.Kind(a) {
		case "comment":
			continue
		case "parameter_pack_expansion":
			return ""
		case "initializer_list":
			out = append(out, "?")
			continue
		}
		out = append(out, x.argType(a))
	}
	if explicit {
		return explicitCall + "(" + strings.Join(out, ",") + ")"
	}
	return "(" + strings.Join(out, ",") + ")"
}

// explicitCall marks the Args of a call written with template arguments.
const explicitCall = "<"

// explicitTemplateArgs reports a call written with template arguments
// (copy_str<Char>(...), detail::write<Char>(...)).
func (x *extractor) explicitTemplateArgs(fn *sitter.Node) bool {
	for fn != nil && x.g.Kind(fn) == "qualified_identifier" {
		fn = x.g.Child(fn, "name")
	}
	return fn != nil && x.g.Kind(fn) == "template_function"
}

// argType is the type of an argument expression, "?" when unknown.
func (x *extractor) argType(e *sitter.Node) string {
	switch x.g.Kind(e) {
	case "number_literal":
		return numberType(syntax.Text(e, x.src))
	case "char_literal":
		if strings.HasPrefix(syntax.Text(e, x.src), "'") {
			return "char"
		}
	case "string_literal", "raw_string_literal", "concatenated_string":
		if t := syntax.Text(e, x.src); strings.HasPrefix(t, "\"") || strings.HasPrefix(t, "R\"") {
			return "char*" // const char[N] decays to const char*
		}
	case "true", "false":
		return "bool"
	case "nullptr", "null":
		if syntax.Text(e, x.src) == "nullptr" {
			return "nullptr"
		}
	case "identifier":
		if t, ok := x.vals.Lookup(syntax.Text(e, x.src)); ok {
			return t
		}
	case "parenthesized_expression":
		if e.NamedChildCount() == 1 {
			return x.argType(e.NamedChild(0))
		}
	case "pointer_expression":
		return x.pointerType(e)
	case "cast_expression":
		if td := x.g.Child(e, "type"); td != nil {
			return x.valueType(x.g.Child(td, "type"), x.g.Child(td, "declarator"))
		}
	case "unary_expression":
		if op := x.g.Child(e, "operator"); op != nil && syntax.Text(op, x.src) == "!" {
			return "bool"
		}
	case "binary_expression":
		return x.binaryType(e)
	case "sizeof_expression":
		return "size_t"
	case "call_expression":
		fn := x.g.Child(e, "function")
		if t := x.castType(fn); t != "?" || fn == nil || x.g.Kind(fn) != "identifier" {
			return t
		}
		return x.constructedType(syntax.Text(fn, x.src))
	}
	return "?"
}

// aliasMark prefixes a function's local alias among the value types: no
// variable has its name.
const aliasMark = "using "

// constructedType is the type of T(args) where the file declared T before
// as a class or struct, or as an alias of a named type (using checker =
// format_string_checker<...>): a temporary of that type. "?" otherwise: a
// call of a function.
func (x *extractor) constructedType(name string) string {
	if t, ok := x.vals.Lookup(aliasMark + name); ok {
		return t
	}
	for i := len(x.f.Symbols) - 1; i >= 0; i-- {
		s := x.f.Symbols[i]
		if s.Name != name {
			continue
		}
		switch {
		case s.Kind == facts.KindClass || s.Kind == facts.KindStruct:
			return name
		case s.Kind == facts.KindType && s.Type != "" && s.Type != facts.Unknown && s.Type != facts.NotRepo && !strings.ContainsAny(s.Type, "()"):
			return s.Type[strings.LastIndex(s.Type, ".")+1:]
		}
		return "?"
	}
	return "?"
}

// binaryType is the type of a comparison (bool) or of pointer arithmetic
// (p + n is p's type).
func (x *extractor) binaryType(e *sitter.Node) string {
	op := x.g.Child(e, "operator")
	if op == nil {
		return "?"
	}
	switch o := syntax.Text(op, x.src); {
	case comparisons[o]:
		return "bool"
	case o == "+" || o == "-":
		l, r := x.argType(x.g.Child(e, "left")), x.argType(x.g.Child(e, "right"))
		// p - q of two pointers is a difference; an unknown q may be one.
		if strings.HasSuffix(l, "*") && !strings.HasSuffix(r, "*") && !strings.HasPrefix(r, dependentType) && (o == "+" || r != "?") {
			return l
		}
		return arithmeticType(l, r)
	case arithmetic[o]:
		return arithmeticType(x.argType(x.g.Child(e, "left")), x.argType(x.g.Child(e, "right")))
	case o == "<<" || o == ">>":
		if l := x.argType(x.g.Child(e, "left")); promoted[l] {
			return l
		}
	}
	return "?"
}

// arithmetic are the binary operators whose builtin result is their
// operands' common type.
var arithmetic = map[string]bool{"*": true, "/": true, "%": true, "&": true, "|": true, "^": true}

// promoted are the builtin types an arithmetic operand keeps (no integral
// promotion to int changes them).
var promoted = map[string]bool{
	"int": true, "unsigned": true, "long": true, "unsignedlong": true, "longlong": true, "unsignedlonglong": true,
	"int32_t": true, "uint32_t": true, "int64_t": true, "uint64_t": true, "size_t": true, "double": true,
}

// arithmeticType is the type of a builtin arithmetic operation on values
// of types l and r: their type when both have it (n * mod_inv of two
// uint32_t), the other's where one is an int literal's and the other
// ranks above int; "?" otherwise.
func arithmeticType(l, r string) string {
	switch {
	case l == r && promoted[l]:
		return l
	case l == "int" && promoted[r]:
		return r
	case r == "int" && promoted[l]:
		return l
	}
	return "?"
}

// comparisons are the operators whose builtin result is bool.
var comparisons = map[string]bool{"==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true, "&&": true, "||": true}

// pointerType is the type of &v (v's with one more "*") or *p (p's with
// one fewer).
func (x *extractor) pointerType(e *sitter.Node) string {
	op, arg := x.g.Child(e, "operator"), x.g.Child(e, "argument")
	if op == nil || arg == nil {
		return "?"
	}
	t := x.argType(arg)
	switch {
	case t == "?":
		return "?"
	case syntax.Text(op, x.src) == "&":
		return t + "*"
	case strings.HasSuffix(t, "*"):
		return strings.TrimSuffix(t, "*")
	case strings.HasPrefix(t, dependentType):
		return dependentType // *it: T may be a pointer or an iterator, and *it is not a T
	}
	return "?"
}

// castType is the type a named cast converts to (static_cast<T*>(p)).
func (x *extractor) castType(fn *sitter.Node) string {
	if fn == nil || x.g.Kind(fn) != "template_function" {
		return "?"
	}
	switch x.g.simpleName(fn, x.src) {
	case "static_cast", "reinterpret_cast", "const_cast":
	default:
		return "?"
	}
	args := x.g.Child(fn, "arguments")
	if args == nil || args.NamedChildCount() != 1 || x.g.Kind(args.NamedChild(0)) != "type_descriptor" {
		return "?"
	}
	td := args.NamedChild(0)
	return x.valueType(x.g.Child(td, "type"), x.g.Child(td, "declarator"))
}

// numberType is the type of a numeric literal: int, long, unsigned...,
// double or float; the literal 0, also a null pointer, is unknown.
func numberType(lit string) string {
	t := strings.ToLower(strings.ReplaceAll(lit, "'", ""))
	if t == "0" {
		return "?"
	}
	hex := strings.HasPrefix(t, "0x")
	if strings.Contains(t, ".") || !hex && strings.Contains(t, "e") || hex && strings.Contains(t, "p") {
		switch {
		case strings.HasSuffix(t, "f"):
			return "float"
		case strings.HasSuffix(t, "l"):
			return "longdouble"
		}
		return "double"
	}
	suffix := strings.TrimLeft(t, "0123456789abcdefx")
	if hex {
		suffix = strings.TrimLeft(strings.TrimPrefix(t, "0x"), "0123456789abcdef")
	}
	u := strings.Contains(suffix, "u")
	l := strings.Count(suffix, "l")
	name := [3]string{"int", "long", "longlong"}[min(l, 2)]
	if u {
		if l == 0 {
			return "unsigned"
		}
		return "unsigned" + name
	}
	return name
}

// valueType is the type of a value declared with type t and declarator d
// (a "*" per pointer or array level, references dropped); "?" for what
// the file does not tell, dependentType for a template parameter's type.
func (x *extractor) valueType(t, d *sitter.Node) string {
	name := x.typeName(t)
	if name == "?" {
		return "?"
	}
	for d != nil {
		switch x.g.Kind(d) {
		case "pointer_declarator", "abstract_pointer_declarator", "array_declarator", "abstract_array_declarator":
			name += "*"
		case "function_declarator", "abstract_function_declarator", "parenthesized_declarator":
			return "?"
		case "identifier", "field_identifier":
			return name
		}
		next := x.g.Child(d, "declarator")
		if next == nil && d.NamedChildCount() > 0 && x.g.Kind(d) != "init_declarator" {
			next = d.NamedChild(0)
		}
		d = next
	}
	return name
}

// typeName is the simple name of a type specifier: builtin types spelled
// as one word ("unsigned long" is "unsignedlong"), classes without their
// namespaces and template arguments; dependentType for a template
// parameter (T, T::value_type); "?" for auto and computed types.
func (x *extractor) typeName(t *sitter.Node) string {
	if t == nil {
		return "?"
	}
	switch x.g.Kind(t) {
	case "primitive_type", "sized_type_specifier":
		return builtinName(syntax.NoSpace(syntax.Text(t, x.src)))
	case "type_identifier":
		name := syntax.Text(t, x.src)
		if x.isTemplateParam(name) {
			return dependentType + name // the resolver deduces T from the callers
		}
		return name
	case "template_type":
		if x.dependentAlias(t) {
			return dependentType
		}
		return x.typeName(x.g.Child(t, "name"))
	case "qualified_identifier":
		if s := x.g.Child(t, "scope"); s != nil && x.isTemplateParam(x.g.simpleName(s, x.src)) {
			return dependentType // T::value_type
		}
		return x.typeName(x.g.Child(t, "name"))
	case "struct_specifier", "class_specifier", "union_specifier", "enum_specifier":
		return x.typeName(x.g.Child(t, "name"))
	}
	return "?"
}

// dependentAlias reports an alias template given a template parameter
// (uint32_or_64_or_128_t<T>, reserve_iterator<OutputIt>): it computes a
// type from the parameter, as T::value_type does, so the call is
// dependent. Aliases are told from class templates by the file's alias
// declarations or by std's "_t" suffix: a class template's instance
// (basic_string_view<Char>) is that class whatever Char is.
func (x *extractor) dependentAlias(t *sitter.Node) bool {
	name, args := x.g.Child(t, "name"), x.g.Child(t, "arguments")
	if name == nil || args == nil {
		return false
	}
	if n := syntax.Text(name, x.src); !strings.HasSuffix(n, "_t") && !x.declaredAlias(n) {
		return false
	}
	for _, w := range strings.FieldsFunc(syntax.Text(args, x.src), func(r rune) bool { return !isIdentRune(r) }) {
		if x.isTemplateParam(w) {
			return true
		}
	}
	return false
}

// declaredAlias reports a type alias of the file named n.
func (x *extractor) declaredAlias(n string) bool {
	for i := range x.f.Symbols {
		if s := &x.f.Symbols[i]; s.Name == n && s.Kind == facts.KindType {
			return true
		}
	}
	return false
}

// builtinName writes a builtin type's one spelling: "long int" and
// "signed long" are "long", "unsigned int" is "unsigned".
func builtinName(t string) string {
	if t != "signed" {
		t = strings.TrimPrefix(t, "signed")
	}
	switch t {
	case "signed":
		return "int"
	case "unsignedint":
		return "unsigned"
	}
	if strings.HasSuffix(t, "long") || strings.HasSuffix(t, "short") {
		return t
	}
	if strings.HasSuffix(t, "int") && t != "int" && !strings.HasSuffix(t, "_t") {
		return strings.TrimSuffix(t, "int") // long int, unsigned long int
	}
	return t
}
