package js

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Type chains for JavaScript and TypeScript (internal/facts/chain.go): the type a
// declaration names, or the value an expression denotes, as far as the
// file tells without a checker. Names the file imports are written
// @path|Name so that the chain means the same read from any file; names
// it defines are bare; standard globals (Object, Map, Promise ...) and
// literals are NotRepo; anything else is Unknown.

// binding is what an import binds to a local name.
type binding struct {
	path string
	// name is the module's name for it; "" for a namespace (import * as
	// ns, import ns = require(), const ns = require()) or default import.
	name string
	ns   bool
}

// globalValues are the standard global objects and constructors of
// ECMAScript, the DOM and Node: a receiver named so that the file neither
// defines nor imports is not a repository value.
var globalValues = set(`Object Array JSON Math console Promise document window globalThis self
	Error TypeError RangeError SyntaxError ReferenceError EvalError URIError AggregateError
	Number String Boolean Symbol BigInt Date RegExp Map Set WeakMap WeakSet WeakRef
	FinalizationRegistry Reflect Proxy Intl ArrayBuffer SharedArrayBuffer DataView Atomics
	Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array
	Float32Array Float64Array BigInt64Array BigUint64Array Function Iterator arguments
	process Buffer require module exports __dirname __filename navigator location history
	localStorage sessionStorage performance crypto fetch URL URLSearchParams TextEncoder
	TextDecoder AbortController AbortSignal Event EventTarget CustomEvent XMLHttpRequest
	WebSocket Headers FormData Blob File FileReader Node Element HTMLElement
	MutationObserver ResizeObserver IntersectionObserver MessageChannel Worker
	setTimeout clearTimeout setInterval clearInterval setImmediate clearImmediate
	requestAnimationFrame cancelAnimationFrame queueMicrotask structuredClone Deno Bun`)

// globalTypes are the standard library's type names that hold no
// repository members (containers, utility types, DOM interfaces).
var globalTypes = set(`Array ReadonlyArray Record Partial Required Readonly Pick Omit Exclude
	Extract NonNullable ReturnType Parameters InstanceType ConstructorParameters Awaited
	Iterable IterableIterator AsyncIterable AsyncIterableIterator Iterator AsyncIterator
	Generator AsyncGenerator ArrayLike ReadonlyMap ReadonlySet Map Set WeakMap WeakSet WeakRef
	PropertyKey TemplateStringsArray ThisType Function CallableFunction NewableFunction IArguments
	Object String Number Boolean Symbol BigInt Date RegExp Error TypeError RangeError
	SyntaxError ArrayBuffer DataView Uint8Array Int8Array Uint16Array Int16Array Uint32Array
	Int32Array Float32Array Float64Array JSON Math Console HTMLElement Element Node Event
	EventTarget Document Window XMLHttpRequest ProgressEvent AbortSignal AbortController
	MessagePort Worker URL URLSearchParams Headers Blob File FormData NodeJS Uppercase Lowercase
	Capitalize Uncapitalize NoInfer`)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// kindName is a node's grammar kind, without a cgo string per call.
func (x *extractor) kindName(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if id := int(n.KindId()); id < len(x.t.names) {
		return x.t.names[id]
	}
	return ""
}

// step appends a member step to a chain; Unknown and NotRepo absorb it.
func step(chain, member string) string {
	switch {
	case chain == facts.NotRepo:
		return chain
	case wrapped(chain):
		return facts.NotRepo // a member of the map itself (see mapGet for get)
	case chain == facts.Unknown || chain == "" || member == "":
		return facts.Unknown
	}
	return chain + "." + member
}

// called is the chain of calling what chain denotes.
func called(chain string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || chain == "" {
		return chain
	}
	return chain + "()"
}

// tparam is a type parameter in scope and its constraint's type node
// (T extends Base: Base), nil when it has none.
type tparam struct {
	name  string
	bound *sitter.Node
	// owner is the parameter's position among its class's or interface's
	// type parameters, -1 for a function's or an alias's: a member typed
	// by it is of the argument a use of the class gives (facts.TypeParam),
	// else of its constraint (facts.TypeApply of the parameter to it).
	owner int
}

// isTypeParam reports whether a name is a type parameter in scope.
func (x *extractor) isTypeParam(name string) bool {
	_, ok := x.typeParam(name)
	return ok
}

// typeParam is the innermost type parameter in scope of a name.
func (x *extractor) typeParam(name string) (tparam, bool) {
	for i := len(x.tparams) - 1; i >= 0; i-- {
		if x.tparams[i].name == name {
			return x.tparams[i], true
		}
	}
	return tparam{}, false
}

// pushTypeParams adds the type parameters a declaration node declares, so
// that its signature's types see them before the walk reaches them.
func (x *extractor) pushTypeParams(n *sitter.Node) {
	for _, tp := range x.typeParamList(n.ChildByFieldId(x.t.fTypeParameters)) {
		x.pushTypeParam(tp)
	}
}

// pushTypeParam puts one type parameter in scope; one without a name
// (a parse error) is left out.
func (x *extractor) pushTypeParam(tp tparam) {
	if tp.name != "" {
		x.tparams = append(x.tparams, tp)
	}
}

// typeParamList reads the type parameters of a type_parameters node in
// order, each with its constraint (a name "" where the parse has none, so
// that the positions hold); nil for a nil node.
func (x *extractor) typeParamList(tps *sitter.Node) []tparam {
	if tps == nil {
		return nil
	}
	var out []tparam
	for i := uint(0); i < tps.NamedChildCount(); i++ {
		p := tps.NamedChild(i)
		if x.kind(p) != jkTypeParam {
			continue
		}
		tp := tparam{owner: -1}
		if nameN := p.ChildByFieldId(x.t.fName); nameN != nil {
			tp.name = x.text(nameN)
		}
		if c := p.ChildByFieldId(x.t.fConstraint); c != nil && c.NamedChildCount() > 0 {
			tp.bound = c.NamedChild(0)
		}
		out = append(out, tp)
	}
	return out
}

// boundChain is the chain of a type parameter's constraint: a value of
// type T extends Base has Base's members, as the checker resolves them.
// A constraint that names type parameters again (T extends U, U extends
// T) is followed a few steps only.
func (x *extractor) boundChain(tp tparam) string {
	if tp.bound == nil || x.boundDepth >= maxBoundDepth {
		return facts.Unknown
	}
	x.boundDepth++
	defer func() { x.boundDepth-- }()
	return x.typeChain(tp.bound)
}

// maxBoundDepth bounds the constraints followed from one type name.
const maxBoundDepth = 4

// typeChain is the chain of a type (or type annotation) node.
func (x *extractor) typeChain(t *sitter.Node) string {
	for t != nil {
		switch x.kindName(t) {
		case "type_annotation", "parenthesized_type", "opting_type_annotation", "omitting_type_annotation", "adding_type_annotation":
			t = t.NamedChild(0)
			continue
		case "type_identifier":
			return x.typeNameChain(x.text(t))
		case "nested_type_identifier":
			return x.nestedTypeChain(t)
		case "generic_type":
			return x.genericChain(t)
		case "union_type", "intersection_type":
			return x.unionChain(t)
		case "this_type":
			return "this"
		case "type_query":
			return x.exprChain(t.NamedChild(0))
		case "predefined_type":
			switch x.text(t) {
			case "any", "unknown":
				return facts.Unknown
			}
			return facts.NotRepo
		case "array_type":
			return x.elementsChain(t.NamedChild(0))
		case "readonly_type":
			switch a := t.NamedChild(0); x.kindName(a) {
			case "array_type":
				return x.elementsChain(a.NamedChild(0)) // readonly T[]
			case "tuple_type":
				return x.tupleChain(a)
			}
			return facts.NotRepo
		case "tuple_type":
			return x.tupleChain(t)
		case "function_type", "constructor_type", "object_type",
			"literal_type", "template_literal_type", "index_type_query", "type_predicate", "asserts":
			return facts.NotRepo
		}
		return facts.Unknown
	}
	return facts.Unknown
}

// aliasChain is the chain of the type a type alias names, its own type
// parameters without a constraint standing for the arguments a use gives
// (type Maybe<T> = T | null is "$0"; facts.TypeParam).
func (x *extractor) aliasChain(alias *sitter.Node) string {
	var c string
	x.inAliasParams(alias, func() { c = x.typeChain(alias.ChildByFieldId(x.t.fValue)) })
	return c
}

// aliasSignature is the Params of the function type a type alias names,
// its own type parameters written as aliasChain writes them (type
// Handler<T> = (v: T) => void is "($0)"), so that a use with type
// arguments (cb: Handler<User>) types the callback's parameters.
func (x *extractor) aliasSignature(alias *sitter.Node) string {
	var p string
	x.inAliasParams(alias, func() { p = x.aliasParams(alias.ChildByFieldId(x.t.fValue)) })
	return p
}

// inAliasParams runs read with a type alias's own unconstrained type
// parameters standing for their positions (genericParams).
func (x *extractor) inAliasParams(alias *sitter.Node, read func()) {
	var params []string
	for _, tp := range x.typeParamList(alias.ChildByFieldId(x.t.fTypeParameters)) {
		if tp.bound != nil {
			tp.name = "" // it stands for its constraint (boundChain)
		}
		params = append(params, tp.name)
	}
	saved := x.genericParams
	x.genericParams = params
	defer func() { x.genericParams = saved }()
	read()
}

// typeNameChain is the chain of a simple type name.
func (x *extractor) typeNameChain(name string) string {
	if i := slices.Index(x.genericParams, name); i >= 0 && name != "" {
		return facts.TypeParam(i)
	}
	if tp, ok := x.typeParam(name); ok {
		if tp.owner < 0 {
			return x.boundChain(tp)
		}
		if b := x.boundChain(tp); b != facts.Unknown {
			return facts.TypeApply(facts.TypeParam(tp.owner), []string{b})
		}
		return facts.TypeParam(tp.owner)
	}
	if imp, ok := x.imps[name]; ok {
		if imp.ns || imp.name == "" {
			return facts.Unknown
		}
		return facts.Imported(imp.path, imp.name)
	}
	if x.top[name] {
		return name
	}
	if globalTypes[name] || globalValues[name] {
		return facts.NotRepo
	}
	return name // an ambient or global type: the resolver finds it or not
}

// nestedTypeChain is ns.T: a name of a namespace import, or a member of
// a namespace the file declares.
func (x *extractor) nestedTypeChain(t *sitter.Node) string {
	mod, name := t.ChildByFieldId(x.t.fModule), t.ChildByFieldId(x.t.fName)
	if mod == nil || name == nil {
		return facts.Unknown
	}
	q, ok := x.chainText(mod)
	if !ok {
		return facts.Unknown
	}
	head, rest, _ := strings.Cut(q, ".")
	if imp, ok := x.imps[head]; ok {
		steps := x.text(name)
		if rest != "" {
			steps = rest + "." + steps
		}
		switch {
		case imp.ns:
			return facts.Imported(imp.path, steps)
		case imp.name != "":
			return facts.Imported(imp.path, imp.name) + "." + steps
		}
		return facts.Unknown
	}
	if x.top[head] {
		return q + "." + x.text(name)
	}
	return facts.NotRepo // a global namespace (NodeJS.Timeout)
}

// genericChain strips type arguments; a promise is taken as what it
// resolves to (the value an await gives, and no repository type has
// then/catch to confuse it with).
func (x *extractor) genericChain(t *sitter.Node) string {
	if arg, ok := x.transparentGeneric(t); ok {
		if arg == nil {
			return facts.Unknown
		}
		return x.typeChain(arg)
	}
	name := t.ChildByFieldId(x.t.fName)
	if x.kind(name) == jkTypeIdent && !x.top[x.text(name)] && x.imps[x.text(name)] == (binding{}) {
		switch x.text(name) {
		case "Map", "ReadonlyMap", "WeakMap", "Record":
			// A Record<K, V> is indexed as a map is got from: record[k] is a V.
			return x.mapChain(t.ChildByFieldId(x.t.fTypeArguments))
		case "Array", "ReadonlyArray", "Set", "ReadonlySet":
			if args := t.ChildByFieldId(x.t.fTypeArguments); args != nil && args.NamedChildCount() == 1 {
				return x.elementsChain(args.NamedChild(0))
			}
			return facts.NotRepo
		}
	}
	return x.appliedChain(x.typeChain(name), t.ChildByFieldId(x.t.fTypeArguments))
}

// appliedChain is the chain of a generic of chain g used with the type
// arguments args: g applied to them (facts.TypeApply) when g may be a
// repository type and one of them may be too, else g (Box<number> is a
// Box, as it was before generics were applied).
func (x *extractor) appliedChain(g string, args *sitter.Node) string {
	if args == nil || !facts.MayBeRepo(g) {
		return g
	}
	var chains []string
	told := false
	for i := uint(0); i < args.NamedChildCount(); i++ {
		c := x.typeChain(args.NamedChild(i))
		if c == "" {
			c = facts.Unknown
		}
		told = told || c != facts.Unknown && c != facts.NotRepo
		chains = append(chains, c)
	}
	if !told {
		return g
	}
	return facts.TypeApply(g, chains)
}

// mapMaker names the standard maps: a Map<K, V> holds values of V, which
// its get(k) gives (lang.Traits.WrapperGetter).
var mapMaker = set(`Map ReadonlyMap WeakMap`)

// mapChain is the chain of a map whose type arguments are args: an
// outside value wrapping its values' type (facts.Wrapped), or NotRepo when
// that type is not told (so that calls on its values stay outside ones,
// as they were for any Map).
func (x *extractor) mapChain(args *sitter.Node) string {
	if args == nil || args.NamedChildCount() != 2 {
		return facts.NotRepo
	}
	return x.elementsChain(args.NamedChild(1))
}

// elementsChain is the chain of an array (or set) of elements of type
// elem: an outside value wrapping elem's chain, as a map wraps its values
// (its elements are what indexing, for-of and the callbacks of forEach,
// map ... take: elementCallbacks), or NotRepo when elem is not a type the
// repository may define.
func (x *extractor) elementsChain(elem *sitter.Node) string { return wrapElements(x.typeChain(elem)) }

// wrapElements is the chain of an outside value wrapping values of chain
// v (elementsChain), or NotRepo when v is not a type the repository may
// define.
func wrapElements(v string) string {
	if !facts.MayBeRepo(v) {
		return facts.NotRepo
	}
	return facts.Wrapped(v)
}

// tupleChain is a tuple type's chain: an array of its elements' type when
// every element is of one type, a rest element's elements included
// (effect's readonly [TemplateLiteralSpan, ...Array<TemplateLiteralSpan>],
// a non-empty array), so that spans.map((s) => s.toJSON()) reaches the
// type's method; an outside value when they differ (a pair is no array of
// one type).
func (x *extractor) tupleChain(t *sitter.Node) string {
	elem, seen := "", false
	for i := uint(0); i < t.NamedChildCount(); i++ {
		c, ok := x.tupleElementChain(t.NamedChild(i))
		if !ok || seen && c != elem {
			return facts.NotRepo
		}
		elem, seen = c, true
	}
	if !seen {
		return facts.NotRepo
	}
	return wrapElements(elem)
}

// tupleElementChain is the chain of one element of a tuple type: an
// optional element's, a named member's, a rest element's elements' (...T[],
// ...Array<T>: what the rest's own chain wraps); ok is false for one it
// cannot tell.
func (x *extractor) tupleElementChain(e *sitter.Node) (string, bool) {
	switch x.kindName(e) {
	case "optional_type":
		return x.typeChain(e.NamedChild(0)), true
	case "required_parameter", "optional_parameter": // [first: T, second?: T]
		return x.typeChain(e.ChildByFieldId(x.t.fType)), true
	case "rest_type":
		if c := x.typeChain(e.NamedChild(0)); wrapped(c) {
			return c[len(facts.NotRepo):], true
		}
		return "", false
	case "comment":
		return "", false
	}
	return x.typeChain(e), true
}

// unwrap is the chain of an element of a value of chain c (items[i], a
// for-of loop's variable): the chain c wraps, or c's Unwrap step, which
// the resolver takes when c's value turns out to wrap one (a field of
// type Foo[]) and leaves unknown otherwise.
func unwrap(c string) string {
	switch {
	case wrapped(c):
		return c[len(facts.NotRepo):]
	case c == facts.Unknown || c == facts.NotRepo || c == "":
		return facts.Unknown
	}
	return c + "." + facts.Unwrap
}

// wrapped reports whether a chain wraps another (a map's: see mapChain).
func wrapped(chain string) bool {
	return len(chain) > len(facts.NotRepo) && strings.HasPrefix(chain, facts.NotRepo)
}

// unionChain is the first type of a union that may be a repository type
// (A | B | null: A); NotRepo when every member is a builtin. A method
// called on the union is on every member, so A's is one of the methods
// the call may reach. An intersection (A & B) has A's members too.
func (x *extractor) unionChain(t *sitter.Node) string {
	chain := ""
	var visit func(*sitter.Node)
	visit = func(m *sitter.Node) {
		for i := uint(0); i < m.NamedChildCount() && (chain == "" || chain == facts.NotRepo); i++ {
			c := m.NamedChild(i)
			switch {
			case x.kindName(c) == x.kindName(m):
				visit(c)
			case x.nullish(c):
			default:
				if cc := x.typeChain(c); cc != facts.Unknown {
					chain = cc
				}
			}
		}
	}
	visit(t)
	if chain == "" {
		return facts.Unknown
	}
	return chain
}

// unionMembers are the chains of a union type's members that may be
// repository types, in order, when there are two or more (type AST =
// Literal | Union | null: Literal, Union); nil otherwise. The checker
// answers a method called on such a value with every member's method of
// that name, which the resolver follows (facts.Symbol.Union).
func (x *extractor) unionMembers(t *sitter.Node) []string {
	if t == nil || x.kindName(t) != "union_type" {
		return nil
	}
	return x.typeMembers(t)
}

// transparentGeneric reports a standard generic type whose members are
// its first type argument's (Promise<T>, Readonly<T>, NonNullable<T>...),
// and returns that argument (nil when it has none). A promise is taken as
// what it resolves to: the value an await gives.
func (x *extractor) transparentGeneric(t *sitter.Node) (*sitter.Node, bool) {
	if x.kindName(t) != "generic_type" {
		return nil, false
	}
	name := t.ChildByFieldId(x.t.fName)
	if x.kind(name) != jkTypeIdent || x.top[x.text(name)] || x.imps[x.text(name)] != (binding{}) {
		return nil, false
	}
	switch x.text(name) {
	case "Promise", "PromiseLike", "Partial", "Required", "Readonly", "NonNullable", "NoInfer":
		if args := t.ChildByFieldId(x.t.fTypeArguments); args != nil && args.NamedChildCount() > 0 {
			return args.NamedChild(0), true
		}
		return nil, true
	}
	return nil, false
}

// typeUnion is the Union of a declaration of type t (facts.Symbol.Union):
// its union's members, or an intersection's after facts.IntersectionMark
// (Server & CustomTransportStrategy: a method is the first's that declares
// it); nil for any other type.
func (x *extractor) typeUnion(t *sitter.Node) []string {
	if arg, ok := x.transparentGeneric(t); ok && arg != nil {
		return x.typeUnion(x.innerType(arg)) // Promise<Literal | Union>: what an await gives
	}
	if t != nil && x.kindName(t) == "intersection_type" {
		if ms := x.typeMembers(t); ms != nil {
			return append([]string{facts.IntersectionMark}, ms...)
		}
		return nil
	}
	return x.unionMembers(t)
}

// typeMembers are the chains of the members of a union or intersection
// type t (nested ones of its kind flattened) that may be repository
// types, in order, when there are two or more.
func (x *extractor) typeMembers(t *sitter.Node) []string {
	var out []string
	var visit func(*sitter.Node)
	visit = func(m *sitter.Node) {
		for i := uint(0); i < m.NamedChildCount(); i++ {
			c := m.NamedChild(i)
			switch {
			case x.kindName(c) == x.kindName(t):
				visit(c)
			case x.nullish(c):
			default:
				if cc := x.typeChain(c); cc != facts.Unknown && cc != facts.NotRepo && !wrapped(cc) && !slices.Contains(out, cc) {
					out = append(out, cc)
				}
			}
		}
	}
	visit(t)
	if len(out) < 2 {
		return nil
	}
	return out
}

// nullish reports null, undefined and void types.
func (x *extractor) nullish(t *sitter.Node) bool {
	switch x.kindName(t) {
	case "literal_type":
		k := x.kindName(t.NamedChild(0))
		return k == "null" || k == "undefined"
	case "predefined_type":
		s := x.text(t)
		return s == "void" || s == "undefined" || s == "null"
	}
	return false
}
