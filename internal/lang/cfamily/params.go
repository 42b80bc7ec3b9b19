package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// paramTypes is a function's Params (facts.Symbol.Params): each
// parameter's type as written without spaces, with "*", "&" and "[]" from
// its declarator, "=" after one with a default value, "..." after a
// parameter pack and a last "?..." for C's "...", then a method's const
// and reference qualifiers. Two definitions of one
// name in one file with equal Params are the same function under two
// preprocessor branches; overloads differ in them. "" when n has no
// parameter list.
func (x *extractor) paramTypes(declarator *sitter.Node) string {
	fd := x.g.funcDeclarator(declarator)
	list := x.g.Child(fd, "parameters")
	if list == nil {
		return ""
	}
	var out []string
	for i := uint(0); i < list.ChildCount(); i++ {
		p := list.Child(i)
		switch kind := x.g.Kind(p); {
		case !p.IsNamed() && syntax.Text(p, x.src) == "...":
			out = append(out, "?...")
		case kind == "parameter_declaration", kind == "optional_parameter_declaration", kind == "variadic_parameter_declaration":
			// A comma inside a type (map<K,V>) would split the list.
			t := strings.ReplaceAll(syntax.NoSpace(syntax.Text(x.g.Child(p, "type"), x.src)), ",", ";")
			switch tn := x.g.Child(p, "type"); x.g.Kind(tn) {
			case "type_identifier":
				if x.isTemplateParam(t) {
					t = "$" + t // deduced: it takes any argument
				}
			case "primitive_type", "sized_type_specifier":
				t = builtinName(t)
			case "template_type", "qualified_identifier":
				t = x.dependentTemplateArgs(t)
			}
			if t == "void" && x.g.Child(p, "declarator") == nil {
				continue // f(void) takes nothing
			}
			t += x.declMarks(x.g.Child(p, "declarator"))
			switch kind {
			case "optional_parameter_declaration":
				t += "="
			case "variadic_parameter_declaration":
				t += "..."
			}
			out = append(out, t)
		}
	}
	return "(" + strings.Join(out, ",") + ")" + x.methodQualifiers(fd)
}

// dependentTemplateArgs marks the template parameters among a class
// template instance's arguments ("buffer_appender<T>" ->
// "buffer_appender<$T>"): the function taking it is a template, which a
// call with template arguments reaches (to_pointer<Char>(out, n)).
func (x *extractor) dependentTemplateArgs(t string) string {
	open := strings.IndexByte(t, '<')
	if open < 0 {
		return t
	}
	var b strings.Builder
	b.WriteString(t[:open])
	start := -1
	for i := open; i <= len(t); i++ {
		if i < len(t) && isIdentRune(rune(t[i])) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			w := t[start:i]
			if (start == 0 || t[start-1] != ':') && x.isTemplateParam(w) {
				b.WriteByte('$')
			}
			b.WriteString(w)
			start = -1
		}
		if i < len(t) {
			b.WriteByte(t[i])
		}
	}
	return b.String()
}

// methodQualifiers are a method's const and reference qualifiers
// ("const&"): data() and data() const are two overloads.
func (x *extractor) methodQualifiers(fd *sitter.Node) string {
	q := ""
	for i := uint(0); i < fd.NamedChildCount(); i++ {
		switch ch := fd.NamedChild(i); x.g.Kind(ch) {
		case "type_qualifier", "ref_qualifier":
			q += syntax.NoSpace(syntax.Text(ch, x.src))
		}
	}
	return q
}

// declMarks are the pointer, reference and array marks a parameter's
// declarator adds to its type ("(*)" for a function pointer).
func (x *extractor) declMarks(d *sitter.Node) string {
	marks := ""
	for d != nil {
		switch x.g.Kind(d) {
		case "pointer_declarator", "abstract_pointer_declarator":
			marks += "*"
		case "reference_declarator", "abstract_reference_declarator":
			marks += "&"
		case "array_declarator", "abstract_array_declarator":
			marks += "[]"
		case "function_declarator", "abstract_function_declarator":
			return marks + "(*)"
		case "identifier", "variadic_declarator":
			return marks
		}
		next := x.g.Child(d, "declarator")
		if next == nil && d.NamedChildCount() > 0 {
			next = d.NamedChild(0)
		}
		d = next
	}
	return marks
}

// explicitOnly ends the Params of a function template with a template
// parameter that its parameters do not deduce and that has no default
// (template <int BITS, typename UInt> count_digits(UInt)): only a call
// that writes template arguments can call it.
const explicitOnly = "!"

// complementary ends (after explicitOnly) the Params of each of two
// function templates of one name and parameters in a file whose
// enable_if conditions are one the other's negation (fmt's is_negative
// for is_signed<T> and !is_signed<T>): every instantiation takes one of
// them, and code that instantiates both kinds of T calls each.
const complementary = "~"

// inBranch ends (after the other marks) the Params of a function template
// written in a branch of a preprocessor conditional: two of one name and
// parameters so written are one template under two branches (fmt's
// make_checked for _SECURE_SCL and without it), of which a build compiles
// one, not overloads told apart by enable_if.
const inBranch = "#"

// inConditional reports a definition in a branch of a preprocessor
// conditional that has another branch (#if ... #else, #elif): a section
// under a lone #if or #ifdef (an include guard) has no twin.
func (x *extractor) inConditional(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch x.g.Kind(p) {
		case "preproc_else", "preproc_elif", "preproc_elifdef":
			return true
		case "preproc_if", "preproc_ifdef":
			if x.g.Child(p, "alternative") != nil {
				return true
			}
		}
	}
	return false
}

// enableIfCondition is the condition of a function template's enable_if
// parameter (FMT_ENABLE_IF(c), enable_if<c, int>, enable_if_t<c>) with
// the rest of the parameter after it, spaces dropped; "" when it has none.
func (x *extractor) enableIfCondition(tmpl *sitter.Node) string {
	ps := x.g.Child(tmpl, "parameters")
	if ps == nil {
		return ""
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		t := syntax.NoSpace(syntax.Text(ps.NamedChild(i), x.src))
		for _, open := range []string{"ENABLE_IF(", "enable_if<", "enable_if_t<"} {
			if j := strings.Index(t, open); j >= 0 {
				return t[j+len(open):]
			}
		}
	}
	return ""
}

// markComplementary marks s and an earlier function template of the file
// with its qualified name and parameters whose enable_if condition is the
// negation of s's (cond), or whose negation s's is.
func (x *extractor) markComplementary(s *facts.Symbol, cond string) {
	if cond == "" || len(x.f.Symbols) == 0 || s != &x.f.Symbols[len(x.f.Symbols)-1] {
		return
	}
	key := s.Qualified + s.Params
	if x.conditions == nil {
		x.conditions = map[string][]sfinaeOverload{}
	}
	for _, o := range x.conditions[key] {
		if o.cond == "!"+cond || cond == "!"+o.cond {
			x.f.Symbols[o.index].Params += complementary
			s.Params += complementary
			break
		}
	}
	x.conditions[key] = append(x.conditions[key], sfinaeOverload{index: len(x.f.Symbols) - 1, cond: cond})
}

// sfinaeOverload is a function template of the file with an enable_if
// condition (markComplementary).
type sfinaeOverload struct {
	index int
	cond  string
}

// undeducible reports a function template (tmpl, around the function
// with declarator d) with a type or value parameter that has no default
// and that no function parameter's type names.
func (x *extractor) undeducible(tmpl, d *sitter.Node) bool {
	ps := x.g.Child(tmpl, "parameters")
	list := x.g.Child(x.g.funcDeclarator(d), "parameters")
	if ps == nil || list == nil {
		return false
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(syntax.Text(list, x.src), func(r rune) bool { return !isIdentRune(r) }) {
		words[w] = true
	}
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		var nm *sitter.Node
		switch x.g.Kind(p) {
		case "type_parameter_declaration":
			nm = x.g.lastTypeIdent(p)
		case "parameter_declaration":
			nm = x.g.declName(x.g.Child(p, "declarator"))
		}
		if nm != nil && !words[syntax.Text(nm, x.src)] {
			return true
		}
	}
	return false
}

func isIdentRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
