package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
)

// Dependent calls: inside a C++ template, a call whose argument is typed
// by a template parameter (f(value) with T value) is resolved by the
// compiler in each instantiation, to the overload the deduced type takes
// there; the template's callers choose which. Several overloads of one
// scope that take the call's arguments are each called by some
// instantiation more often than not (fmt's copy_str to a pointer and to
// its own appender, count_digits of 32 and 64 bits), so such a call links
// to every overload its known argument types and count leave, up to
// maxInstantiated of them; beyond that it links none.

// explicitOnly ends the Params of a function template that only a call
// with template arguments can call (cfamily's explicitOnly): a dependent
// call without them never reaches it.
const explicitOnly = "!"

// complementary ends the Params of each of two function templates of one
// name and parameters whose enable_if conditions negate each other
// (cfamily's complementary): every instantiation takes one, so a
// dependent call links both.
const complementary = "~"

// explicitCall marks the Args of a C++ call written with template
// arguments (cfamily's explicitCall, copy_str<Char>(...)): only function
// templates take it, those that only such a call can (explicitOnly) too.
const explicitCall = "<"

// explicitTemplates is, for a call with template arguments, the function
// templates of a scope's candidates when it has some: count_digits<4>(v)
// is no call of count_digits(uint32_t). A class template's constructor
// (basic_string_view<Char>(s)) is no function template, and is kept with
// the other candidates when none is.
func explicitTemplates(group []*def, args string) []*def {
	if !strings.HasPrefix(args, explicitCall) {
		return group
	}
	var out []*def
	for _, d := range group {
		if strings.Contains(d.Params, "$") || hasMark(d.Params, explicitOnly) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return group
	}
	return out
}

// maxInstantiated bounds the overloads one dependent call links to.
const maxInstantiated = 3

// viableOverloads are the overloads of one scope whose parameters take a
// dependent call's arguments; nil when none or more than maxInstantiated
// do. They are remembered for reference (instantiatedWith).
//
// Measured against clang on fmt, three kinds of viable overload are
// seldom called and are left out. The calling function itself: a
// template that delegates to its overloads recurses seldom. An overload
// whose parameter at a dependent argument is a class (reserve(buffer_appender<T>,
// size_t)) where another takes any type there (reserve(Iterator&,
// size_t)): the deduced type binds exactly to the latter and reaches the
// former only when it is that very class. And function templates with
// one parameter list, told apart by enable_if (to_ascii, bit_cast):
// which of them an instantiation takes needs the deduced type, so none
// is linked, unless their conditions negate each other (is_negative for
// is_signed<T> and !is_signed<T>), when most callers reach both.
func (r *resolver) viableOverloads(group []*def, args string) []*def {
	as := splitTypes(args)
	m := matcher{conv: r.cppAliasConversions()}
	var out []*def
	for _, d := range group {
		if d.ID != r.caller && (!hasMark(d.Params, explicitOnly) || strings.HasPrefix(args, explicitCall)) && m.fitOf(cppParams(d.Params), as).ok {
			out = append(out, d)
		}
	}
	if r.visitedArg(as) {
		if len(out) == 0 {
			return nil
		}
		r.instantiated = append(r.instantiated, out)
		return out
	}
	out = takingAnyType(out, as, r.exactClassOverload(args))
	if len(out) == 0 || len(out) > maxInstantiated || sameParams(out) && !complementaryPair(out) {
		return nil
	}
	r.instantiated = append(r.instantiated, out)
	return out
}

// exactClassOverload is, for a call written with template arguments
// (copy_str<Char>(begin, end, out)), whether an overload taking a plain
// class at a bare dependent argument (copy_str(InputIt, InputIt,
// appender)) is one its instantiations bind to as well as the one taking
// any type: the class is a common instantiation, and the overload is
// more specialized. A call without template arguments deduces those of
// overloads meant for other calls too (make_arg_ref(auto_id) beside
// make_arg_ref(int) for an id that is never auto_id), and is left as it
// was. The overload must be declared where the caller's file sees it,
// in it or a file it includes: one of a file that includes the caller's
// (compile.h's copy_str(InputIt, InputIt, counting_iterator)) is found
// only by instantiations that file makes, measured against clang on fmt
// in two callers of six.
func (r *resolver) exactClassOverload(args string) func(*def) bool {
	explicit := strings.HasPrefix(args, explicitCall)
	return func(d *def) bool { return explicit && (d.Path == r.f.Path || r.imported(d.Path)) }
}

// takingAnyType keeps, of overloads that take a call's arguments, those
// that bind the most arguments directly: a bare template parameter ($T,
// $T&) for a value of a template parameter's type, a narrower parameter
// (char*, $Char*) for a pointer or a known type, which partial ordering
// prefers to $T (format_decimal(Char*, ...) over (Iterator, ...)), and a
// plain class for a value of a template parameter's type where
// exactClass says so.
func takingAnyType(cands []*def, args []string, exactClass func(*def) bool) []*def {
	best, most := []*def(nil), -1
	for _, d := range noPointerForAny(cands, args) {
		ps := splitTypes(cppParams(d.Params))
		n := 0
		for i, a := range args {
			if i >= len(ps) || a == "?" {
				continue
			}
			if bindsDirectly(a, ps[i]) || bareDependentArg(a) && plainClass(ps[i]) && exactClass(d) {
				n++
			}
		}
		switch {
		case n > most:
			best, most = []*def{d}, n
		case n == most:
			best = append(best, d)
		}
	}
	return best
}

// noPointerForAny drops, where an overload takes any type at a bare
// dependent argument, the overloads that take a pointer there: the
// deduced type is a pointer seldom (copy_str(T*, T*, U*) beside
// copy_str(InputIt, InputIt, OutputIt) for an OutputIt out, which fmt
// instantiates with its appender).
func noPointerForAny(cands []*def, args []string) []*def {
	out := cands
	for i, a := range args {
		if a == "?" || !bareDependentArg(a) || !anyAt(out, i) {
			continue
		}
		var kept []*def
		for _, d := range out {
			if ps := splitTypes(cppParams(d.Params)); i >= len(ps) || parseCType(ps[i]).ptr == 0 {
				kept = append(kept, d)
			}
		}
		out = kept
	}
	return out
}

// bindsDirectly reports parameter p taking argument a without a
// conversion: any type for a bare dependent argument, else a narrower
// parameter, a pointer for a pointer (a class constructed from one, as
// copy_str's appender from a char*, is a conversion).
func bindsDirectly(a, p string) bool {
	if bareDependentArg(a) {
		return anyType(p)
	}
	return !anyType(p) && (parseCType(a).ptr == 0 || parseCType(p).ptr > 0)
}

// anyAt reports an overload taking any type at parameter i.
func anyAt(cands []*def, i int) bool {
	for _, d := range cands {
		if ps := splitTypes(cppParams(d.Params)); i < len(ps) && anyType(ps[i]) {
			return true
		}
	}
	return false
}

// plainClass reports a parameter of one class by value or reference, not
// a class template's instance (buffer_appender<T>), a pointer or an
// arithmetic type: an instantiation with that very class (fmt's appender
// for copy_str's output) binds to it as exactly as to a template
// parameter, and prefers it.
func plainClass(p string) bool {
	t := parseCType(p)
	return !t.tparam && !t.fn && t.ptr == 0 && t.name != "?" && !arithmetic[t.name] && !strings.Contains(p, "<")
}

// bareDependentArg reports an argument typed by a template parameter as a
// whole ("$T", or "$" for a type computed from one), not a pointer to one.
func bareDependentArg(a string) bool {
	return strings.HasPrefix(a, "$") && !strings.HasSuffix(a, "*")
}

// anyType reports a parameter a template parameter types as a whole
// ($T, $T&, $T&&, not $T* or a class).
func anyType(p string) bool {
	t := parseCType(p)
	return t.tparam && t.ptr == 0
}

// complementaryPair reports two overloads marked complementary.
func complementaryPair(ds []*def) bool {
	return len(ds) == 2 && hasMark(ds[0].Params, complementary) && hasMark(ds[1].Params, complementary)
}

// sameParams reports two overloads with one parameter list.
func sameParams(ds []*def) bool {
	seen := map[string]bool{}
	for _, d := range ds {
		p := noDefaults(cppParams(d.Params))
		if seen[p] {
			return true
		}
		seen[p] = true
	}
	return false
}

// instantiatedWith is the rest of the viable overloads chosen with t for
// the reference being resolved.
func (r *resolver) instantiatedWith(t found) []found {
	for _, group := range r.instantiated {
		if !containsID(group, t.ID) {
			continue
		}
		var out []found
		for _, d := range group {
			if d.ID != t.ID {
				out = append(out, r.definitionOf(found{*d, t.by}))
			}
		}
		return out
	}
	return nil
}

// addInstantiated links a call to the other overloads its instantiations
// may call (see viableOverloads), and their twins.
func (r *resolver) addInstantiated(ref facts.Ref, target found, kind, via string) {
	if kind != edgekind.Calls {
		return
	}
	src := r.sourceOf(ref)
	for _, o := range r.instantiatedWith(target) {
		r.add(src, o.ID, kind, via, o.by)
		for _, t := range r.twins(o.def) {
			r.add(src, t.ID, kind, via, o.by)
		}
		r.usedFile(o.Path)
	}
}
