package explicit

import (
	"strings"
)

// C++ overloads by argument types: the extractor writes a call's argument
// types and a function's parameter types as simple names with a "*" per
// pointer level ("char*", "Slice", "$T" for a template parameter, "?"
// unknown; see cfamily/argtypes.go). Of the overloads of one scope that
// take as many arguments, the matcher (overload.go) keeps those whose
// parameters can take the arguments and prefers the most exact matches.
// C++'s ranking (exact match, promotion, conversion, then the more
// specialized template) needs the compiler's knowledge of converting
// constructors and conversion operators; from names alone only an exact
// match is certain, so a tie in exact matches links to nothing: a wrong
// edge costs an agent more than a missing one.

// conversions are a language's rules for the matcher: whether an argument
// of type a may be passed as a parameter of type p (noFit, mayFit,
// exactFit), and whether parameter type a is narrower than b (an overload
// taking a is more specific).
type conversions struct {
	fit      func(a, p string) int
	narrower func(a, b string) bool
}

// ctype is a C++ type as written in Params or Args: a simple name, its
// pointer levels, and whether it is a template parameter (deduced) or a
// function pointer.
type ctype struct {
	name       string
	ptr        int
	tparam, fn bool
}

func parseCType(s string) ctype {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "="), "...")
	if strings.Contains(s, "(*)") {
		return ctype{name: "?", fn: true}
	}
	s = stripTemplateArgs(s)
	s = strings.ReplaceAll(s, "&", "")
	s = strings.ReplaceAll(s, "[]", "*")
	var t ctype
	for strings.HasSuffix(s, "*") {
		s = strings.TrimSuffix(s, "*")
		t.ptr++
	}
	if strings.HasPrefix(s, "$") {
		t.tparam = true
		s = s[1:]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	t.name = s
	if s == "" {
		t.name = "?"
	}
	return t
}

// stripTemplateArgs drops <...> from a type name.
func stripTemplateArgs(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<':
			depth++
		case c == '>':
			depth = max(depth-1, 0)
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// arithmetic are C++'s builtin arithmetic types (as the extractor spells
// them) and the standard library's typedefs of them: any one converts to
// any other.
var arithmetic = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields("bool char wchar_t char8_t char16_t char32_t short unsignedshort int unsigned long unsignedlong " +
		"longlong unsignedlonglong float double longdouble unsignedchar signedchar size_t ssize_t ptrdiff_t intptr_t uintptr_t " +
		"int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t") {
		m[t] = true
	}
	return m
}()

// cppFit says how an argument of type a fits a parameter of type p.
func cppFit(a, p string) int {
	if a == "?" {
		return mayFit
	}
	pt := parseCType(p)
	switch {
	case pt.name == "?" || pt.fn:
		return mayFit
	case a == "nullptr":
		return fitIf(pt.ptr > 0 || pt.tparam || !arithmetic[pt.name])
	}
	at := parseCType(a)
	if at.tparam {
		// A value of a template parameter's type (dependentArg): any type
		// with at least its pointer levels, never exactly.
		return fitIf(pt.tparam || pt.ptr >= at.ptr || pt.ptr == 0 && (pt.name == "bool" || !arithmetic[pt.name]))
	}
	if pt.tparam {
		// Deduction takes the argument as it is (T* only a pointer), yet
		// not as an exact match: the template may not be viable at all (a
		// parameter it cannot deduce, an enable_if), and the argument's
		// type may be an alias of the other overload's.
		return fitIf(at.ptr >= pt.ptr)
	}
	if at.ptr == pt.ptr {
		switch {
		case at.name == pt.name:
			return exactFit
		case at.ptr == 0:
			// Arithmetic conversions, converting constructors, conversion
			// operators and enums: possible, not exact.
			return mayFit
		case pt.name == "void":
			return mayFit
		}
		// Pointers to other types: to a base class maybe, never between
		// builtins.
		return fitIf(!arithmetic[at.name] && !arithmetic[pt.name])
	}
	switch {
	case pt.ptr == 0 && pt.name == "bool":
		return mayFit // a pointer tests as bool
	case pt.ptr == 0:
		return fitIf(!arithmetic[pt.name]) // a class constructed from it (string_view from char*)
	case pt.ptr == 1 && pt.name == "void" && at.ptr > 0:
		return mayFit
	}
	return noFit
}

// cppNarrower: without the compiler's conversions, one parameter type is
// known to be narrower than another only when it is the same type.
func cppNarrower(a, b string) bool {
	return parseCType(a) == parseCType(b)
}

// cppParams is a Params list without a method's qualifiers after it
// ("(int)const" -> "(int)"), which the matcher's lists do not carry.
func cppParams(params string) string {
	if i := strings.LastIndex(params, ")"); i >= 0 {
		return params[:i+1]
	}
	return params
}

// chooseByTypes picks, among overloads of one scope that all take a
// call's number of arguments, the one its argument types fit best; it
// reports false when the types do not single one out.
func (r *resolver) chooseByTypes(group []*def, args string) ([]*def, bool) {
	if !typedArgs(args) {
		return nil, false
	}
	byCopy := map[*def]*def{}
	copies := make([]*def, len(group))
	for i, d := range group {
		c := *d
		c.Params = cppParams(d.Params)
		copies[i] = &c
		byCopy[&c] = d
	}
	kept, ambiguous := matcher{conv: r.cppAliasConversions()}.overloads(copies, args, r.caller)
	if ambiguous || len(kept) == 0 {
		return nil, false
	}
	win := byCopy[kept[0]]
	var out []*def
	for _, d := range group {
		if noDefaults(d.Params) == noDefaults(win.Params) {
			out = append(out, d)
		}
	}
	return out, true
}

// typedArgs reports an Args list with at least one known type.
func typedArgs(args string) bool {
	for _, a := range splitTypes(args) {
		if a != "?" && !dependentArg(a) {
			return true
		}
	}
	return false
}

// dependentArg reports an argument typed by a template parameter ("$",
// "$*"; cfamily's dependentType): the call is resolved in each
// instantiation of the template around it.
func dependentArg(a string) bool {
	return strings.HasPrefix(a, "$")
}

// dependentArgs reports a call with a dependent argument.
func dependentArgs(args string) bool {
	for _, a := range splitTypes(args) {
		if dependentArg(a) {
			return true
		}
	}
	return false
}
