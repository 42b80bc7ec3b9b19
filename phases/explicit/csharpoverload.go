package explicit

import (
	"strconv"
	"strings"
)

// C# overloads (ECMA-334 12.6.4), as far as simple type names tell: the
// extractor gives methods and constructors their parameter types and
// calls their arguments' (internal/lang/csharp/args.go). A candidate is
// applicable when each argument converts implicitly to its parameter
// (identity, the implicit numeric conversions, a constant to a smaller
// integral type, a reference conversion through the indexed bases), with
// ref/out matching; a params method in its normal form, else expanded;
// parameters with defaults may be left out. Of the applicable ones the
// better function member wins; a call that fits several equally well, or
// whose winner fits only perhaps while another surely fits, links to none.

// csFit is how a candidate's parameters take a call's arguments.
type csFit struct {
	ok bool
	// sure: every argument surely converts (no unknown type, no relation
	// the index cannot tell).
	sure bool
	// params are the parameter types the arguments go to, modifiers
	// dropped; nil for a candidate without parameter types.
	params    []string
	expanded  bool // a params method in its expanded form
	defaulted int  // parameters left to their default values
	generic   bool // a generic method
}

// csMatcher answers conversions between the simple type names of one call.
type csMatcher struct {
	r    *resolver
	ctx  *chainCtx
	memo map[[2]string]int
	// typeArgs is the number of type arguments the call gives explicitly.
	typeArgs int
}

// cutArity splits "<2>(T,U)" (a generic method's Params, a call's Args
// with explicit type arguments) into 2 and "(T,U)".
func cutArity(list string) (int, string) {
	if !strings.HasPrefix(list, "<") {
		return 0, list
	}
	end := strings.IndexByte(list, '>')
	if end < 0 {
		return 0, list
	}
	n, err := strconv.Atoi(list[1:end])
	if err != nil {
		return 0, list
	}
	return n, list[end+1:]
}

// calling is a matcher for a call's Args: its explicit type arguments
// counted, its argument types split.
func (m *csMatcher) calling(args string) []string {
	m.typeArgs, args = cutArity(args)
	return splitTypes(args)
}

func (r *resolver) csMatcher() *csMatcher {
	return &csMatcher{r: r, memo: map[[2]string]int{}}
}

// chooseCSharp is choose for C#: the candidates all declared at one level
// (a type, or a scope's symbols).
func (r *resolver) chooseCSharp(cands []*def, args string) (kept []*def, stop bool) {
	if args == "" || len(cands) == 0 {
		return cands, false
	}
	levels := make([]int, len(cands))
	m := r.csMatcher()
	return m.choose(cands, levels, m.calling(args))
}

// choose keeps the applicable candidates of the most derived level that
// has one (a method of a derived type hides its bases' overloads; an
// override counts at the level of what it overrides), best first, and
// stops when no one of them is better than all others.
func (m *csMatcher) choose(cands []*def, levels []int, args []string) ([]*def, bool) {
	cands, levels = withParams(cands, levels)
	var app []*def
	var fits []csFit
	var lv []int
	minLevel := -1
	for i, d := range cands {
		f := m.fitOf(d.Params, args)
		if !f.ok {
			continue
		}
		app, fits, lv = append(app, d), append(fits, f), append(lv, levels[i])
		if minLevel < 0 || levels[i] < minLevel {
			minLevel = levels[i]
		}
	}
	if len(app) == 0 {
		return nil, false
	}
	var best []int
	sureAtMin, deeper := false, false
	for i := range app {
		if lv[i] == minLevel {
			best = append(best, i)
			sureAtMin = sureAtMin || fits[i].sure
		} else {
			deeper = true
		}
	}
	if deeper && !sureAtMin {
		return nil, true // the derived type's overloads may not apply after all
	}
	win := -1
	for _, i := range best {
		beatsAll := true
		for _, j := range best {
			if i != j && !m.better(fits[i], fits[j], args) {
				beatsAll = false
				break
			}
		}
		if beatsAll {
			win = i
			break
		}
	}
	if win < 0 {
		return nil, true
	}
	if !fits[win].sure && len(best) > 1 {
		return nil, true // the best may not apply, and another would then be chosen
	}
	out := []*def{app[win]}
	for i, d := range app {
		if i != win {
			out = append(out, d)
		}
	}
	return out, false
}

// withParams drops the candidates without parameter types when some have
// them: an explicit interface implementation (no call by name reaches it),
// a field or property of the name.
func withParams(cands []*def, levels []int) ([]*def, []int) {
	var cs []*def
	var ls []int
	for i, d := range cands {
		if d.Params != "" {
			cs, ls = append(cs, d), append(ls, levels[i])
		}
	}
	if len(cs) == 0 {
		return cands, levels
	}
	return cs, ls
}

// fitOf matches argument types against a parameter list: the normal
// form first, then a params method's expanded form.
func (m *csMatcher) fitOf(params string, args []string) csFit {
	if params == "" {
		return csFit{ok: true}
	}
	arity, params := cutArity(params)
	if m.typeArgs > 0 && arity != m.typeArgs {
		return csFit{} // M<A, B>(x) takes only a method of two type parameters
	}
	f := m.fitForm(splitTypes(params), args)
	f.generic = arity > 0
	return f
}

// fitForm is fitOf for a list of parameter types.
func (m *csMatcher) fitForm(ps, args []string) csFit {
	n := len(ps)
	variadic := n > 0 && strings.HasSuffix(ps[n-1], "...")
	normal := ps
	if variadic {
		normal = append(append([]string{}, ps[:n-1]...), strings.TrimSuffix(ps[n-1], "...")+"[]=")
	}
	if f := m.matchAll(normal, args); f.ok {
		if variadic && len(args) < n {
			f.expanded = true // M(params int[] xs) called as M(): an empty array
			f.defaulted--
		}
		return f
	}
	if !variadic || len(args) < n-1 {
		return csFit{}
	}
	elem := strings.TrimSuffix(ps[n-1], "...")
	expanded := append([]string{}, ps[:n-1]...)
	for len(expanded) < len(args) {
		expanded = append(expanded, elem)
	}
	f := m.matchAll(expanded, args)
	f.expanded = true
	return f
}

// matchAll matches the arguments against the first parameters; the rest
// must have defaults.
func (m *csMatcher) matchAll(ps, args []string) csFit {
	if len(args) > len(ps) {
		return csFit{}
	}
	for _, p := range ps[len(args):] {
		if !strings.HasSuffix(p, "=") {
			return csFit{}
		}
	}
	f := csFit{ok: true, sure: true, defaulted: len(ps) - len(args)}
	for i, a := range args {
		pm, p := csModifier(strings.TrimSuffix(ps[i], "="))
		am, at := csModifier(a)
		var c int
		switch {
		case pm == "ref" || pm == "out":
			if am != pm {
				return csFit{}
			}
			c = m.identity(at, p)
		case am == "ref" || am == "out":
			return csFit{}
		case am == "in":
			if pm != "in" {
				return csFit{}
			}
			c = m.identity(at, p)
		default:
			c = m.convert(at, p)
		}
		if c == noFit {
			return csFit{}
		}
		f.sure = f.sure && c != mayFit
		f.params = append(f.params, p)
	}
	return f
}

// csModifier splits "ref T" into its modifier and type.
func csModifier(t string) (mod, typ string) {
	if i := strings.IndexByte(t, ' '); i > 0 {
		return t[:i], t[i+1:]
	}
	return "", t
}

// identity: a ref, out or in argument goes only to a parameter of its own
// type.
func (m *csMatcher) identity(a, p string) int {
	switch {
	case a == "?" || p == "?":
		return mayFit
	case a == p:
		return exactFit
	}
	return noFit
}

// better reports whether candidate f is a better function member than g
// for the arguments: no argument converts better to g's parameter and
// one converts better to f's, else (the parameter types being the same)
// the normal form beats the expanded one, no defaults beat defaults, and
// a non-generic parameter beats a type parameter.
func (m *csMatcher) better(f, g csFit, args []string) bool {
	if f.params == nil || g.params == nil {
		return false // a candidate without parameter types compares with none
	}
	some := false
	for i, a := range args {
		_, at := csModifier(a)
		switch m.betterConversion(at, f.params[i], g.params[i]) {
		case -1:
			return false
		case 1:
			some = true
		}
	}
	if some {
		return true
	}
	for i, a := range args {
		_, at := csModifier(a)
		if inferred(f.params[i], at) != inferred(g.params[i], at) {
			return false
		}
	}
	switch {
	case f.expanded != g.expanded:
		return !f.expanded
	case (f.defaulted == 0) != (g.defaulted == 0):
		return f.defaulted == 0
	case f.generic != g.generic:
		return !f.generic
	}
	return generics(f.params) < generics(g.params)
}

// inferred is a parameter's type once a type parameter ("?") is inferred
// from its argument.
func inferred(p, a string) string {
	if p == "?" && a != "?" {
		return strings.TrimPrefix(a, "#")
	}
	return p
}

func generics(ps []string) int {
	n := 0
	for _, p := range ps {
		if p == "?" {
			n++
		}
	}
	return n
}

// betterConversion compares the conversions of an argument of type a to
// p1 and p2: 1 when the one to p1 is better, -1 when the one to p2 is, 0
// when neither is or the names cannot tell.
func (m *csMatcher) betterConversion(a, p1, p2 string) int {
	p1, p2 = inferred(p1, a), inferred(p2, a)
	plain := strings.TrimPrefix(a, "#")
	switch {
	case p1 == p2 || p1 == "?" || p2 == "?":
		return 0
	case a != "?" && plain == p1:
		return 1
	case a != "?" && plain == p2:
		return -1
	}
	to2, to1 := m.sure(p1, p2), m.sure(p2, p1)
	switch {
	case to2 && !to1:
		return 1
	case to1 && !to2:
		return -1
	case strings.Contains(signedBetter[p1], " "+p2+" "):
		return 1
	case strings.Contains(signedBetter[p2], " "+p1+" "):
		return -1
	}
	return 0
}

// sure reports a conversion that surely exists (convert said it fits,
// not that it may).
func (m *csMatcher) sure(a, p string) bool {
	c := m.convert(a, p)
	return c == exactFit || c == csSure
}

// csSure: the conversion surely exists (between mayFit and exactFit).
const csSure = exactFit + 1

// signedBetter: a signed integral parameter is a better target than the
// unsigned ones it cannot hold all of.
var signedBetter = map[string]string{
	"sbyte": " byte ushort uint ulong ", "short": " ushort uint ulong ", "int": " uint ulong ", "long": " ulong ",
}
