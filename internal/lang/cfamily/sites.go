package cfamily

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Call sites (facts.File.Sites): a function template's parameter typed by
// a template parameter (Handler&& handler) has, in each instantiation, the
// type a caller passes; fmt's parse_format_specs(begin, end, handler) is
// called with a specs_checker here and a dynamic_specs_handler there, in
// other files. The file's calls of a function by name whose arguments
// include a named class's value or a template parameter's are kept as
// sites, which the definition index holds by the name called.

// callSites are the file's refs that are sites: calls of a name (not of a
// member: a receiver's template is not deduced from its callers) with a
// site argument.
func callSites(refs []facts.Ref) []facts.Ref {
	var out []facts.Ref
	for _, r := range refs {
		if r.Kind != facts.RefCall || r.Recv != "" || !siteArgs(r.Args) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// siteArgs reports an Args list with an argument a deduction can read: a
// bare template parameter's type or a class's name.
func siteArgs(args string) bool {
	if args == "" {
		return false
	}
	for _, a := range strings.Split(strings.Trim(args, explicitCall+"()"), ",") {
		if bareDependent(a) || classArg(a) {
			return true
		}
	}
	return false
}

// bareDependent reports the Args type of a value whose type is a template
// parameter itself ("$Handler"; not "$", a type computed from one, nor a
// pointer to one).
func bareDependent(a string) bool {
	return len(a) > 1 && strings.HasPrefix(a, dependentType) && !strings.ContainsAny(a, "*:")
}

// classArg reports the Args type of a value of a named type that is no
// builtin: a class, or an alias the resolver reads.
func classArg(a string) bool {
	if a == "" || a == "?" || strings.ContainsAny(a, "*$") || builtinArgs[a] {
		return false
	}
	return true
}

// builtinArgs are the Args types argType writes for builtin values and
// the standard typedefs of them.
var builtinArgs = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields("bool char wchar_t char8_t char16_t char32_t short unsignedshort int unsigned long unsignedlong " +
		"longlong unsignedlonglong float double longdouble unsignedchar signedchar size_t ssize_t ptrdiff_t intptr_t uintptr_t " +
		"int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t nullptr void") {
		m[t] = true
	}
	return m
}()
