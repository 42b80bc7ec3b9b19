package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Visitors. A class's generic call operator taking one value of its own
// template parameter (fmt's default_arg_formatter:
// `template <typename T> auto operator()(T value)`) is a visitor: the
// code visiting a variant (visit_format_arg) calls it with every
// alternative's type, ints, floats, pointers, strings and monostate, so a
// call passing the value on (write<Char>(out, value)) reaches every
// overload its arguments fit, not the few a single instantiation would.
// Measured against clang on fmt, such a call links the overloads clang
// calls but those whose enable_if admits no alternative (4 of 13 and 1
// of 9 for fmt's two formatters).

// visitorOperator is the name of a visitor's method.
const visitorOperator = "operator()"

// visitedArg reports a dependent call inside a visitor that passes the
// visited value on: an argument typed by the operator's own template
// parameter.
func (r *resolver) visitedArg(args []string) bool {
	tparam, ok := r.visitedParam()
	if !ok {
		return false
	}
	for _, a := range args {
		if a == "$"+tparam {
			return true
		}
	}
	return false
}

// visitedParam is the template parameter the calling function takes its
// one value as, when it is a class's call operator: "T" for
// operator()(T value).
func (r *resolver) visitedParam() (string, bool) {
	s, ok := r.callerDef()
	if !ok || s.Kind != facts.KindMethod || s.Name != visitorOperator {
		return "", false
	}
	ps := splitTypes(cppParams(s.Params))
	if len(ps) != 1 {
		return "", false
	}
	t := parseCType(ps[0])
	if !t.tparam || t.ptr != 0 || strings.HasSuffix(ps[0], "...") {
		return "", false
	}
	return t.name, true
}

// callerDef is the symbol of the calling function (r.caller).
func (r *resolver) callerDef() (facts.Symbol, bool) {
	for i, id := range r.ids {
		if id == r.caller {
			return r.f.Facts.Symbols[i], true
		}
	}
	return facts.Symbol{}, false
}

// unknownInTemplate reports a call inside a function template with an
// argument whose type the extractor cannot tell (auto n = x.size(), a
// member typedef of a parameter's class): such an argument is dependent
// more often than not, and the call is resolved in each instantiation as
// one with a template parameter's type is. Measured against clang on
// fmt, 27 calls of overloads so linked were made and 6 not.
func (r *resolver) unknownInTemplate(args string) bool {
	if !strings.Contains(args, "?") {
		return false
	}
	s, ok := r.callerDef()
	return ok && (strings.Contains(s.Params, "$") || hasMark(s.Params, explicitOnly))
}
