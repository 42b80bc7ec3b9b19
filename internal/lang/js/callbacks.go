package js

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Contextual types of callbacks: a function literal passed as an argument
// takes its undeclared parameters' types from the parameter it is passed
// to, as the checker does (app.get('/', (c) => c.text('hi')): c is the
// Context that get's handler type declares). The file cannot tell the
// callee's declaration, so a parameter's chain says where to look
// (facts.Callback); the callee's side records its parameter types
// (Symbol.Params, paramTypes), a function type's own parameters inline and
// a type alias's in the alias.

// paramTypes is the Symbol.Params of a function-like node (declaration,
// method, arrow, function type, signature): "" when no parameter's type
// is declared.
func (x *extractor) paramTypes(fn *sitter.Node) string {
	if fn == nil {
		return ""
	}
	ps := fn.ChildByFieldId(x.t.fParameters)
	if ps == nil {
		return ""
	}
	// Its own type parameters are in scope (identity = <A>(a: A) => a is
	// read at the const, before the walk reaches the arrow): a parameter
	// of type A is unknown, not an outside type named A.
	nTP := len(x.tparams)
	x.pushTypeParams(fn)
	defer func() { x.tparams = x.tparams[:nTP] }()
	var out []string
	known := false
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		switch {
		case x.kind(p) == jkComment:
			continue
		case x.kind(p) != jkParameter:
			out = append(out, facts.Unknown)
			continue
		case x.kind(p.ChildByFieldId(x.t.fPattern)) == jkThis:
			continue
		}
		for _, e := range x.paramType(p) {
			known = known || e != facts.Unknown
			out = append(out, e)
		}
	}
	if !known {
		return "" // nothing a callback could learn
	}
	return "(" + strings.Join(out, ",") + ")"
}

// paramType is one parameter's elements of Params: one, or a rest
// parameter's tuple's (...handlers: [A, B]) one per element.
func (x *extractor) paramType(p *sitter.Node) []string {
	ann := p.ChildByFieldId(x.t.fType)
	if ann == nil {
		return []string{facts.Unknown}
	}
	rest := x.kind(p.ChildByFieldId(x.t.fPattern)) == jkRestPattern
	t := x.innerType(ann)
	switch {
	case rest && x.kindName(t) == "array_type":
		return []string{x.typeElement(t.NamedChild(0)) + "..."}
	case rest && x.kindName(t) == "tuple_type":
		var out []string
		for i := uint(0); i < t.NamedChildCount(); i++ {
			out = append(out, x.typeElement(t.NamedChild(i)))
		}
		return out
	}
	return []string{x.typeElement(t)}
}

// typeElement is a type's element of Params: a chain, or a function
// type's parameters.
func (x *extractor) typeElement(t *sitter.Node) string {
	for x.kind(t) == jkParenType {
		t = t.NamedChild(0)
	}
	if x.kind(t) == jkFuncType {
		return x.functionType(t)
	}
	if s := x.typeChain(t); !strings.ContainsAny(s, ",;") {
		return s
	}
	return facts.Unknown
}

// callSignatures is the Params of an interface that can be called: at
// each position, the first of its call signatures (overloads) to declare
// a type there, so that a callback takes the same type whichever
// overload the call picks (app.get(handler), app.get(path, handler)).
func (x *extractor) callSignatures(body *sitter.Node) string {
	if body == nil {
		return ""
	}
	var merged []string
	for i := uint(0); i < body.NamedChildCount(); i++ {
		c := body.NamedChild(i)
		if x.kind(c) != jkCallSig {
			continue
		}
		inner := strings.TrimSuffix(strings.TrimPrefix(x.paramTypes(c), "("), ")")
		if inner == "" {
			continue
		}
		for j, e := range strings.Split(inner, ",") {
			e = strings.TrimSuffix(e, "...")
			switch {
			case j >= len(merged):
				merged = append(merged, e)
			case merged[j] == facts.Unknown || merged[j] == facts.NotRepo && e != facts.Unknown:
				merged[j] = e
			}
		}
	}
	if len(merged) == 0 {
		return ""
	}
	return "(" + strings.Join(merged, ",") + ")"
}

// functionType is a function type's element of Params: "=>" and its own
// parameters' chains joined by ";".
func (x *extractor) functionType(t *sitter.Node) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(x.paramTypes(t), "("), ")")
	if inner == "" {
		return facts.Unknown
	}
	var chains []string
	for _, e := range strings.Split(inner, ",") {
		if strings.HasPrefix(e, "=>") || strings.HasSuffix(e, "...") {
			e = facts.Unknown // a callback's own callbacks are not followed
		}
		chains = append(chains, e)
	}
	return "=>" + strings.Join(chains, ";")
}

// aliasParams is the Params of a type alias: its function type's
// parameters, or those of a union's first member when that is a function
// type (the alias's Type is the first member otherwise, which the
// resolver follows, as it does for member lookup).
func (x *extractor) aliasParams(value *sitter.Node) string {
	t := value
	for x.kind(t) == jkParenType {
		t = t.NamedChild(0)
	}
	if x.kindName(t) == "union_type" && t.NamedChildCount() > 0 {
		return x.aliasParams(t.NamedChild(0))
	}
	if x.kind(t) != jkFuncType {
		return ""
	}
	return x.paramTypes(t)
}

// callbackCallee is, for a function literal passed as an argument of a
// call, the chain of the callee (not called) and the argument's position.
func (x *extractor) callbackCallee(fn *sitter.Node) (string, int, bool) {
	fn, args, ok := x.argumentList(fn)
	if !ok {
		return "", 0, false
	}
	callee, k := x.calleeOf(fn, args)
	chain, _, ok := x.calleeChain(callee)
	if !ok || chain == facts.Unknown || chain == facts.NotRepo {
		return "", 0, false
	}
	return chain, k, true
}

// calleeChain is the chain of a called member or name (not called), and
// the name when the callee is an identifier; ok is false for a local
// function or any other callee.
func (x *extractor) calleeChain(callee *sitter.Node) (chain, name string, ok bool) {
	switch x.kind(callee) {
	case jkMember:
		return x.memberChain(callee), "", true
	case jkIdentifier:
		name = x.text(callee)
		if x.isLocal(name) {
			return "", "", false
		}
		return x.nameChain(name), name, true
	}
	return "", "", false
}

// calleeOf is what receives an argument node of args: the called
// function of a call, the constructor of new C(...) (new
// Observable((subscriber) => ...): its constructor's parameter), with
// non-null assertions taken off, or nil; and the argument's position,
// comments not counted.
func (x *extractor) calleeOf(arg, args *sitter.Node) (*sitter.Node, int) {
	call := args.Parent()
	var callee *sitter.Node
	switch x.kind(call) {
	case jkCall:
		callee = x.callFunction(call)
	case jkNew:
		callee = call.ChildByFieldId(x.t.fConstructor)
	default:
		return nil, 0
	}
	k := 0
	for i := uint(0); i < args.NamedChildCount(); i++ {
		a := args.NamedChild(i)
		if sameNode(a, arg) {
			break
		}
		if x.kind(a) != jkComment {
			k++
		}
	}
	for x.kind(callee) == jkNonNull {
		callee = callee.NamedChild(0)
	}
	return callee, k
}

// argumentList is, for a value passed as an argument of a call (or of
// new), the argument node it stands in (argumentOf) and the call's
// argument list; ok is false for a value that is no argument.
func (x *extractor) argumentList(v *sitter.Node) (arg, args *sitter.Node, ok bool) {
	arg = x.argumentOf(v)
	args = arg.Parent()
	return arg, args, args != nil && x.kindName(args) == "arguments"
}

// argumentOf is the expression a value is passed as when it is one
// branch of a conditional argument, or parenthesized (new
// Observable(scheduler ? (subscriber) => ... : init)): that argument;
// else the value itself.
func (x *extractor) argumentOf(v *sitter.Node) *sitter.Node {
	for p := v.Parent(); p != nil; v, p = p, p.Parent() {
		switch x.kindName(p) {
		case "parenthesized_expression":
			continue
		case "ternary_expression":
			if sameNode(p.ChildByFieldId(x.t.fConsequence), v) || sameNode(p.ChildByFieldId(x.t.fAlternative), v) {
				continue
			}
		}
		return v
	}
	return v
}

// declaredFunctionType is, for a function literal assigned where a type
// is declared, the chain of that type: a variable's annotation (const
// info: GetConnInfo = (c) => ...), or the declared result of the function
// that returns it, as an arrow's body or by a return statement
// ((): MiddlewareHandler => async (c) => ...). "" elsewhere.
func (x *extractor) declaredFunctionType(fn *sitter.Node) string {
	p := fn.Parent()
	for x.kindName(p) == "parenthesized_expression" {
		fn, p = p, p.Parent()
	}
	var ann *sitter.Node
	switch {
	case p == nil:
		return ""
	case x.kindName(p) == "variable_declarator" && sameNode(p.ChildByFieldId(x.t.fValue), fn):
		ann = p.ChildByFieldId(x.t.fType)
	case x.kind(p) == jkFuncExpr && sameNode(p.ChildByFieldId(x.t.fBody), fn):
		ann = p.ChildByFieldId(x.t.fReturnType)
	case x.kindName(p) == "return_statement":
		ann = x.enclosingReturnType(p)
	}
	if ann == nil {
		return ""
	}
	switch x.kindName(x.innerType(ann)) {
	case "type_identifier", "generic_type", "nested_type_identifier":
	default:
		return "" // an inline function type, a union: not followed
	}
	if c := x.typeChain(ann); c != facts.Unknown && c != facts.NotRepo && !strings.ContainsAny(c, ",;") {
		return c
	}
	return ""
}

// enclosingReturnType is the declared result type of the function a
// return statement returns from, nil when it declares none.
func (x *extractor) enclosingReturnType(ret *sitter.Node) *sitter.Node {
	for p := ret.Parent(); p != nil; p = p.Parent() {
		switch x.kind(p) {
		case jkFuncExpr, jkFuncDecl, jkMethod:
			return p.ChildByFieldId(x.t.fReturnType)
		}
	}
	return nil
}

func sameNode(a, b *sitter.Node) bool { return a != nil && b != nil && a.Id() == b.Id() }

// elementCallbacks are the methods of arrays, sets and maps whose callback
// (their first argument) receives an element, or a map's value, at these
// parameter positions: items.forEach((x) => ...), reduce((acc, x) => ...),
// sort((a, b) => ...). The checker types those parameters by the
// receiver's type argument; a chain that wraps its elements
// (elementsChain, mapChain) tells it. The other parameters (an index, a
// key, the accumulator) are left unknown.
var elementCallbacks = map[string][]int{
	"forEach": {0}, "map": {0}, "flatMap": {0}, "filter": {0},
	"find": {0}, "findIndex": {0}, "findLast": {0}, "findLastIndex": {0},
	"some": {0}, "every": {0},
	"reduce": {1}, "reduceRight": {1},
	"sort": {0, 1}, "toSorted": {0, 1},
}

// elementCallback is, for a function literal passed as the first
// argument of an element method (elementCallbacks) of a value whose chain
// wraps its elements (a local or parameter of type Foo[]), the elements'
// chain and the positions of the parameters that receive one. A receiver
// whose chain is a path (this.items.forEach(...)) is left to the
// resolver, which knows the field's type (Traits.WrapperCallbacks).
func (x *extractor) elementCallback(fn *sitter.Node) (string, []int, bool) {
	fn, args, ok := x.argumentList(fn)
	if !ok {
		return "", nil, false
	}
	callee, k := x.calleeOf(fn, args)
	if k != 0 || x.kind(callee) != jkMember || x.kind(args.Parent()) != jkCall {
		return "", nil, false
	}
	at, ok := elementCallbacks[x.text(callee.ChildByFieldId(x.t.fProperty))]
	if !ok {
		return "", nil, false
	}
	obj := x.exprChain(callee.ChildByFieldId(x.t.fObject))
	if !wrapped(obj) {
		return "", nil, false
	}
	return obj[len(facts.NotRepo):], at, true
}

// inlineParamTypes is, for a function literal that is the value of a
// variable or class field declared with an inline function type
// (handleError: (err: Error, res: Response) => void = (err, res) => ...),
// the chains of that type's parameters by position; nil elsewhere. The
// checker types the literal's undeclared parameters by them.
func (x *extractor) inlineParamTypes(fn *sitter.Node) []string {
	p := fn.Parent()
	for x.kindName(p) == "parenthesized_expression" {
		fn, p = p, p.Parent()
	}
	if p == nil || (x.kindName(p) != "variable_declarator" && x.kind(p) != jkField) || !sameNode(p.ChildByFieldId(x.t.fValue), fn) {
		return nil
	}
	ann := p.ChildByFieldId(x.t.fType)
	if ann == nil {
		return nil
	}
	t := x.innerType(ann)
	if x.kind(t) != jkFuncType {
		return nil
	}
	return paramChains(x.paramTypes(t))
}

// paramChains splits a Params string into one chain a parameter; a
// callback's own callbacks and a rest parameter are not followed.
func paramChains(params string) []string {
	inner := strings.TrimSuffix(strings.TrimPrefix(params, "("), ")")
	if inner == "" {
		return nil
	}
	var out []string
	for _, e := range strings.Split(inner, ",") {
		if strings.HasPrefix(e, "=>") || strings.HasSuffix(e, "...") {
			e = facts.Unknown
		}
		out = append(out, e)
	}
	return out
}

// typeArgParamTypes is, for a function passed to a call with explicit type
// arguments, the parameter types of the last type argument that is a
// function type of as many parameters as it has: effect writes each of its
// hundreds of data-first functions as dual<DataLast, DataFirst>(2, (self,
// f) => self.modify(f)), where dual declares the argument body: DataFirst,
// so the checker types self by the call's second type argument. nil when
// the call binds no such type.
func (x *extractor) typeArgParamTypes(fn *sitter.Node) []string {
	_, args, ok := x.argumentList(fn)
	if !ok {
		return nil
	}
	call := args.Parent()
	if x.kind(call) != jkCall && x.kind(call) != jkNew {
		return nil
	}
	targs := call.ChildByFieldId(x.t.fTypeArguments)
	n := x.paramCount(fn)
	if targs == nil || n == 0 {
		return nil
	}
	for i := int(targs.NamedChildCount()) - 1; i >= 0; i-- {
		t := x.innerType(targs.NamedChild(uint(i)))
		if x.kind(t) != jkFuncType {
			continue
		}
		if ps := paramChains(x.paramTypes(t)); len(ps) == n {
			return ps
		} else if ps == nil && x.paramCount(t) == n {
			return nil // the matching type tells nothing: no other is taken
		}
	}
	return nil
}

// paramCount is how many parameters a function or function type declares.
func (x *extractor) paramCount(fn *sitter.Node) int {
	if fn.ChildByFieldId(x.t.fParameter) != nil { // x => ...
		return 1
	}
	ps := fn.ChildByFieldId(x.t.fParameters)
	if ps == nil {
		return 0
	}
	n := 0
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		if x.kind(ps.NamedChild(i)) != jkComment {
			n++
		}
	}
	return n
}
