package explicit

import (
	"strconv"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Contextual types of callbacks (facts.Callback): the parameter of a
// function passed as an argument has the type that the callee's declared
// parameter gives it, read from the callee's Params: inline ("=>A;B"), or
// through a type alias of a function type (Handler = (c: Context) => R),
// a union's first member included. A callee that is a field or variable
// is called through its type: an interface's call signatures or a type
// alias of a function type.

// callbackParam is the type of the i-th parameter of a function passed
// to a call of fn as the argument arg: its position, or its keyword.
func (r *resolver) callbackParam(fn *def, arg string, i, depth int) (*def, typeState) {
	return r.callbackParamOf(fn, arg, i, nil, depth)
}

// callbackParamOf is callbackParam for a method of a generic's value used
// with type arguments targs (nil for none), which the method's declared
// parameter types may name (subscribe(cb: (v: T) => void) on an
// Observable<User>: v is a User).
func (r *resolver) callbackParamOf(fn *def, arg string, i int, targs *typeArgs, depth int) (*def, typeState) {
	if arg != facts.DeclaredArg {
		var ok bool
		if fn, ok = r.constructed(fn, depth); !ok {
			return nil, typeUnknown
		}
	}
	if fn.Params == "" && fn.Kind != facts.KindFunction && fn.Kind != facts.KindMethod && !typeLike[fn.Kind] {
		// A field or variable holding the function: its type's call
		// signatures (get: HandlerInterface) or function type alias.
		t, st := r.typeOf(fn, depth)
		if st != typeKnown {
			return nil, st
		}
		fn = t
	}
	if arg == facts.DeclaredArg {
		// fn is the declared function type itself (const f: Handler = (c) => ...,
		// or a member's: { m(p) {...} } typed T gives p T.m's parameter).
		// A parameter it leaves untyped stays unknown, never outside: the
		// type's own type parameters (UnaryFunction<T>'s T) are not bound.
		// One it declares with an outside type is outside.
		e, owner := r.paramElement(fn, typeKnown, i, depth)
		if e == "" {
			return nil, typeUnknown
		}
		return r.evalChain(defCtx(r, owner), e, depth+1)
	}
	p := paramOf(fn.Params, arg)
	if depth > maxChainDepth || p == "" || p == facts.Unknown {
		return nil, typeUnknown
	}
	c := defCtx(r, fn)
	c.targs = targs // on(cb: Handler<T>) on a Stream<User>: Handler<User>
	if strings.HasPrefix(p, "=>") {
		return r.evalChain(c, paramAt("("+strings.ReplaceAll(p[2:], ";", ",")+")", i, false), depth+1)
	}
	c.typeOnly = true
	t, st := r.evalChain(c, p, depth+1)
	return r.functionTypeParam(t, st, i, depth)
}

// functionTypeParam is the type of the i-th parameter of a function of
// type t: its Params, else (a type alias of a union) its first member's.
// A type that is an outside one has outside parameters. A generic alias
// used with type arguments (Listener<User>) has its parameters typed by
// them.
func (r *resolver) functionTypeParam(t *def, st typeState, i, depth int) (*def, typeState) {
	e, owner := r.paramElement(t, st, i, depth)
	if e != "" {
		c := defCtx(r, owner)
		if owner.ID == t.ID {
			c.targs = t.applied
		}
		return r.evalChain(c, e, depth+1)
	}
	for d := depth; st == typeKnown && d <= maxChainDepth && t.Params == "" && t.Kind == facts.KindType; d++ {
		t, st = r.typeOf(t, d)
	}
	if st == typeExternal {
		return nil, typeExternal
	}
	return nil, typeUnknown
}

// paramElement is the Params element that declares the i-th parameter of
// a function of type t, with the definition whose Params hold it: t's own,
// else (a type alias of a union) its first member's. "" when no such
// element declares a type.
func (r *resolver) paramElement(t *def, st typeState, i, depth int) (string, *def) {
	for d := depth; st == typeKnown && d <= maxChainDepth; d++ {
		if t.Params != "" {
			e := paramAt(t.Params, i, false)
			if e == "" || e == facts.Unknown || strings.HasPrefix(e, "=>") {
				return "", nil
			}
			return e, t
		}
		if t.Kind != facts.KindType {
			return "", nil
		}
		t, st = r.typeOf(t, d) // type H = Handler | Middleware: Handler's
	}
	return "", nil
}

// followArgument takes the declared type of fn's k-th parameter (see
// argumentType), then each step's member.
func (r *resolver) followArgument(fn *def, k int, steps []string, depth int) (*def, typeState) {
	t, st := r.argumentType(fn, k, depth)
	if st != typeKnown {
		return nil, st
	}
	return r.followSteps(t, false, steps, depth)
}

// argumentType is the declared type of the k-th parameter of fn
// (facts.Argument): of a class, its constructor's; of a field or variable
// holding a function, its type's call signatures or function type.
func (r *resolver) argumentType(fn *def, k, depth int) (*def, typeState) {
	fn, ok := r.constructed(fn, depth)
	if !ok {
		return nil, typeUnknown
	}
	if fn.Params == "" && fn.Kind != facts.KindFunction && fn.Kind != facts.KindMethod && !typeLike[fn.Kind] {
		// Only a parameter declared with an outside type is outside: a
		// const holding a generic arrow (identity = <A>(a: A): A => a)
		// has an outside Type but says nothing of its argument.
		t, st := r.typeOf(fn, depth)
		if st != typeKnown {
			return nil, typeUnknown
		}
		fn = t
	}
	p := paramOf(fn.Params, strconv.Itoa(k))
	if depth > maxChainDepth || p == "" || p == facts.Unknown || strings.HasPrefix(p, "=>") {
		return nil, typeUnknown
	}
	c := defCtx(r, fn)
	c.typeOnly = true
	return r.evalChain(c, p, depth+1)
}

// constructed is what takes a call's arguments when fn is called: a
// class without Params of its own is made by its constructor (new C(...)),
// found in it or its bases; ok is false when none is.
func (r *resolver) constructed(fn *def, depth int) (*def, bool) {
	if fn.Kind != facts.KindClass || fn.Params != "" {
		return fn, true
	}
	ctor, st := r.memberOf(fn, "constructor", callable, "", depth)
	return ctor, st == typeKnown
}

// defCtx is the context a definition's own chains were written in.
func defCtx(r *resolver, d *def) chainCtx {
	self, _ := r.ownerType(d)
	return chainCtx{path: d.Path, here: d.Path == r.f.Path, from: d.Parent, self: self, owner: d.ID}
}

// paramOf is the element of a Params list that takes the argument arg: the
// one at its position (a last "..." one takes every later position), or
// the one named by its keyword.
func paramOf(params, arg string) string {
	if k, err := strconv.Atoi(arg); err == nil {
		return paramAt(params, k, true)
	}
	for _, el := range paramList(params) {
		if name, chain, ok := namedParam(el); ok && name == arg && !strings.HasSuffix(chain, "...") {
			return chain
		}
	}
	return ""
}

// paramAt is the k-th element of a Params list, without its name; with
// variadic set, a position past a last "..." element is that element's.
func paramAt(params string, k int, variadic bool) string {
	list := paramList(params)
	switch {
	case len(list) == 0:
		return ""
	case k < len(list):
		return strings.TrimSuffix(unnamed(list[k]), "...")
	case variadic && strings.HasSuffix(list[len(list)-1], "..."):
		return strings.TrimSuffix(unnamed(list[len(list)-1]), "...")
	}
	return ""
}

// paramList splits a Params list into its elements.
func paramList(params string) []string {
	inner, ok := strings.CutPrefix(params, "(")
	if !ok {
		return nil
	}
	inner = strings.TrimSuffix(inner, ")")
	if inner == "" {
		return nil
	}
	return strings.Split(inner, ",")
}

// namedParam splits a Params element written with its parameter's name
// ("handler:=>@.http|Request", Python's) into name and chain.
func namedParam(el string) (name, chain string, ok bool) {
	name, chain, ok = strings.Cut(el, ":")
	if !ok || !isIdentifier(name) {
		return "", el, false
	}
	return name, chain, true
}

// unnamed is a Params element's chain, its name dropped.
func unnamed(el string) string {
	_, chain, _ := namedParam(el)
	return chain
}

// isIdentifier reports whether s is a name a parameter may have (never the
// start of a chain such as "@node:fs|X").
func isIdentifier(s string) bool {
	for i, c := range s {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}
