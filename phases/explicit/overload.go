package explicit

import (
	"sort"
	"strings"
)

// Overloads: Java declares several methods (and constructors) of one name
// in a type, and a call names one of them by its arguments. Extractors give
// callables their parameter types (def.Params) and calls their argument
// types (facts.Ref.Args); the resolver keeps the candidates that can take
// the arguments and prefers the closest fit the way the compiler's phases
// do: fixed arity before variadic, then the most exact argument types.
// Types are simple names (facts.Ref.Args), so subtyping between two
// repository types is never ruled out; only what the names prove is.

// fit is how well a candidate's parameters take a call's arguments.
type fit struct {
	ok       bool
	variadic bool // takes the arguments only as a variadic call
	exact    int  // arguments whose type equals the parameter's
}

// overloads keeps the candidates that can take a call's arguments, best
// fit first (stable), and reports whether the best is one of several
// equally good ones. Unknown arguments ("") keep every candidate in order;
// a candidate without parameter types fits anything, least exactly.
func overloads(cands []*def, args string) (kept []*def, ambiguous bool) {
	if args == "" || len(cands) == 0 {
		return cands, false
	}
	as := splitTypes(args)
	fits := make([]fit, len(cands))
	fixed := false
	for i, d := range cands {
		fits[i] = fitOf(d.Params, as)
		fixed = fixed || fits[i].ok && !fits[i].variadic
	}
	idx := make([]int, 0, len(cands))
	for i, f := range fits {
		if f.ok && (!fixed || !f.variadic) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return fits[idx[a]].exact > fits[idx[b]].exact })
	for _, i := range idx {
		kept = append(kept, cands[i])
	}
	ambiguous = len(idx) > 1 && fits[idx[0]].exact == fits[idx[1]].exact && cands[idx[1]].Params != ""
	return kept, ambiguous
}

// choose keeps the candidates a call may mean, best first; stop is set
// when the call is ambiguous among them, so no edge should be guessed.
func (r *resolver) choose(cands []*def, args string) (kept []*def, stop bool) {
	kept, ambiguous := overloads(cands, args)
	return kept, ambiguous && refuseAmbiguous
}

// refuseAmbiguous: a call that fits several overloads equally well links
// to none of them.
const refuseAmbiguous = false

// splitTypes splits "(A,B)" into its names; "()" has none.
func splitTypes(list string) []string {
	inner := strings.TrimSuffix(strings.TrimPrefix(list, "("), ")")
	if inner == "" {
		return nil
	}
	return strings.Split(inner, ",")
}

// fitOf matches argument types against a parameter list. A variadic
// method also takes an array in the variadic position, as a fixed-arity
// method (the compiler's first phases).
func fitOf(params string, args []string) fit {
	if params == "" {
		return fit{ok: true}
	}
	ps := splitTypes(params)
	n := len(ps)
	if n == 0 || !strings.HasSuffix(ps[n-1], "...") {
		if len(args) != n {
			return fit{}
		}
		return matchAll(ps, args, false)
	}
	elem := strings.TrimSuffix(ps[n-1], "...")
	if len(args) == n && compat(args[n-1], elem+"[]") != noFit {
		whole := append(append([]string{}, ps[:n-1]...), elem+"[]")
		if f := matchAll(whole, args, false); f.ok {
			return f
		}
	}
	if len(args) < n-1 {
		return fit{}
	}
	expanded := append([]string{}, ps[:n-1]...)
	for len(expanded) < len(args) {
		expanded = append(expanded, elem)
	}
	return matchAll(expanded, args, true)
}

func matchAll(params, args []string, variadic bool) fit {
	f := fit{ok: true, variadic: variadic}
	for i, a := range args {
		switch compat(a, params[i]) {
		case noFit:
			return fit{}
		case exactFit:
			f.exact++
		}
	}
	return f
}

// How an argument type fits a parameter type.
const (
	noFit    = iota // the names prove the argument cannot be passed
	mayFit          // a conversion, or a relation the names cannot tell
	exactFit        // the same type
)

var (
	boxOf    = map[string]string{"boolean": "Boolean", "byte": "Byte", "short": "Short", "char": "Character", "int": "Integer", "long": "Long", "float": "Float", "double": "Double"}
	unboxOf  = map[string]string{"Boolean": "boolean", "Byte": "byte", "Short": "short", "Character": "char", "Integer": "int", "Long": "long", "Float": "float", "Double": "double"}
	widening = map[string]string{"byte": " short int long float double ", "short": " int long float double ", "char": " int long float double ",
		"int": " long float double ", "long": " float double ", "float": " double "}
	// finalSupers are the supertypes (besides Object) of final library
	// types: an argument of such a type fits no other parameter type.
	finalSupers = map[string]string{
		"String": " CharSequence Comparable Serializable Constable ConstantDesc ", "Boolean": " Comparable Serializable Constable ",
		"Character": " Comparable Serializable Constable ", "Byte": " Number Comparable Serializable Constable ConstantDesc ",
		"Short": " Number Comparable Serializable Constable ConstantDesc ", "Integer": " Number Comparable Serializable Constable ConstantDesc ",
		"Long": " Number Comparable Serializable Constable ConstantDesc ", "Float": " Number Comparable Serializable Constable ConstantDesc ",
		"Double": " Number Comparable Serializable Constable ConstantDesc ",
	}
)

func isPrimitive(t string) bool { _, ok := boxOf[t]; return ok }

// compat says how an argument of type a fits a parameter of type p.
func compat(a, p string) int {
	switch {
	case a == "?" || p == "?":
		return mayFit
	case a == p:
		return exactFit
	case p == "Object":
		return mayFit
	case a == "null":
		if isPrimitive(p) {
			return noFit
		}
		return mayFit
	}
	aArr, pArr := strings.HasSuffix(a, "[]"), strings.HasSuffix(p, "[]")
	switch {
	case isPrimitive(a) && isPrimitive(p):
		return fitIf(strings.Contains(widening[a], " "+p+" "))
	case isPrimitive(a):
		return fitIf(boxOf[a] == p || strings.Contains(finalSupers[boxOf[a]], " "+p+" "))
	case isPrimitive(p):
		u, ok := unboxOf[a]
		return fitIf(ok && (u == p || strings.Contains(widening[u], " "+p+" ")))
	case aArr && pArr:
		ea, ep := strings.TrimSuffix(a, "[]"), strings.TrimSuffix(p, "[]")
		if isPrimitive(ea) || isPrimitive(ep) {
			return noFit
		}
		return fitIf(compat(ea, ep) != noFit)
	case aArr:
		return fitIf(p == "Cloneable" || p == "Serializable")
	case pArr:
		return noFit
	case finalSupers[a] != "":
		return fitIf(strings.Contains(finalSupers[a], " "+p+" "))
	case finalSupers[p] != "":
		return noFit // nothing else is a String or a box
	}
	return mayFit
}

func fitIf(ok bool) int {
	if ok {
		return mayFit
	}
	return noFit
}
