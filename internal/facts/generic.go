package facts

import (
	"strconv"
	"strings"
)

// Generic type aliases. A TypeScript alias with type parameters (type
// Maybe<T> = T | null, type NonEmpty<A> = readonly [A, ...A[]]) names, in
// its Type, a parameter by its position: TypeParam(0), "$0", or an outside
// value wrapping one, "-$0". A use of such a generic with type arguments
// is a root of its own, TypeApply: "<>(@./types|Maybe\x1e@./user|User)" is
// Maybe applied to User, which the resolver evaluates as User where
// Maybe's Type is "$0", as an array of User where it is "-$0", and as
// Maybe itself otherwise (a class or interface: Box<User> is a Box). Its
// parts are chains written where the use is, so they are read from there.

// typeApplyStart opens a TypeApply root, typeApplySep separates its parts
// outside parentheses, and ")" closes it. The separator is no comma: a
// Params list is split at commas (a TypeApply may be a parameter's type),
// and no chain holds a record separator.
const (
	typeApplyStart = "<>("
	typeApplySep   = "\x1e"
)

// TypeParam is the chain of a generic alias's i-th type parameter.
func TypeParam(i int) string { return "$" + strconv.Itoa(i) }

// SplitTypeParam reports whether chain is a type parameter (TypeParam) or
// an outside value wrapping one, and which.
func SplitTypeParam(chain string) (i int, wrapped, ok bool) {
	if rest, w := strings.CutPrefix(chain, NotRepo); w {
		chain, wrapped = rest, true
	}
	digits, isParam := strings.CutPrefix(chain, "$")
	if !isParam || digits == "" {
		return 0, false, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 || strconv.Itoa(n) != digits {
		return 0, false, false
	}
	return n, wrapped, true
}

// TypeParamRooted reports whether chain starts at a type parameter
// (TypeParam, or an outside value wrapping one), without splitting it:
// the resolver asks it of every reference's receiver.
func TypeParamRooted(chain string) bool {
	root, _, _ := strings.Cut(chain, ".")
	_, _, ok := SplitTypeParam(root)
	return ok
}

// TypeApply is the root of generic applied to the chains of its type
// arguments.
func TypeApply(generic string, args []string) string {
	return typeApplyStart + generic + typeApplySep + strings.Join(args, typeApplySep) + ")"
}

// IsTypeApply reports whether chain is rooted at a TypeApply (it may be
// followed by steps).
func IsTypeApply(chain string) bool { return strings.HasPrefix(chain, typeApplyStart) }

// SplitTypeApply takes a TypeApply root apart: the generic's chain and its
// arguments'. ok is false for any other root.
func SplitTypeApply(root string) (generic string, args []string, ok bool) {
	inner, found := strings.CutPrefix(root, typeApplyStart)
	if !found || !strings.HasSuffix(inner, ")") {
		return "", nil, false
	}
	parts, balanced := splitOutside(inner[:len(inner)-1], typeApplySep[0])
	if !balanced || len(parts) < 2 || parts[0] == "" {
		return "", nil, false
	}
	return parts[0], parts[1:], true
}
