package explicit

import (
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
// as the k-th argument of a call of fn.
func (r *resolver) callbackParam(fn *def, k, i, depth int) (*def, typeState) {
	if fn.Params == "" && fn.Kind != facts.KindFunction && fn.Kind != facts.KindMethod && !typeLike[fn.Kind] {
		// A field or variable holding the function: its type's call
		// signatures (get: HandlerInterface) or function type alias.
		t, st := r.typeOf(fn, depth)
		if st != typeKnown {
			return nil, st
		}
		fn = t
	}
	p := paramAt(fn.Params, k, true)
	switch {
	case depth > maxChainDepth || p == "" || p == facts.Unknown:
		return nil, typeUnknown
	case strings.HasPrefix(p, "=>"):
		return r.evalChain(defCtx(r, fn), paramAt("("+strings.ReplaceAll(p[2:], ";", ",")+")", i, false), depth+1)
	}
	c := defCtx(r, fn)
	c.typeOnly = true
	t, st := r.evalChain(c, p, depth+1)
	for d := depth; st == typeKnown && d <= maxChainDepth; d++ {
		if t.Params != "" {
			e := paramAt(t.Params, i, false)
			if e == "" || strings.HasPrefix(e, "=>") {
				return nil, typeUnknown
			}
			return r.evalChain(defCtx(r, t), e, d+1)
		}
		if t.Kind != facts.KindType {
			return nil, typeUnknown
		}
		t, st = r.typeOf(t, d) // type H = Handler | Middleware: Handler's
	}
	if st == typeExternal {
		return nil, typeExternal
	}
	return nil, typeUnknown
}

// defCtx is the context a definition's own chains were written in.
func defCtx(r *resolver, d *def) chainCtx {
	self, _ := r.ownerType(d)
	return chainCtx{path: d.Path, here: d.Path == r.f.Path, from: d.Parent, self: self, owner: d.ID}
}

// paramAt is the k-th element of a Params list; with variadic set, a
// position past a last "..." element is that element's.
func paramAt(params string, k int, variadic bool) string {
	inner, ok := strings.CutPrefix(params, "(")
	if !ok {
		return ""
	}
	inner = strings.TrimSuffix(inner, ")")
	if inner == "" {
		return ""
	}
	list := strings.Split(inner, ",")
	switch {
	case k < len(list):
		return strings.TrimSuffix(list[k], "...")
	case variadic && strings.HasSuffix(list[len(list)-1], "..."):
		return strings.TrimSuffix(list[len(list)-1], "...")
	}
	return ""
}
