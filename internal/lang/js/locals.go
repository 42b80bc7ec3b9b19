package js

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Local bindings. A bare call f() inside a function where f is a parameter
// or a local variable calls that value, never a module-level definition
// of the same name elsewhere, so the extractor emits no reference for it
// (the resolver would otherwise match the name across the project). Local
// functions that are symbols themselves (function declarations, functions
// bound to a const in a function or method) stay references.
//
// Scoping is per function, not per block: a name bound anywhere in a
// function's body (outside nested functions) is local in all of it.

// frame maps the names a function binds that are not symbols to the
// chains of their types (facts.Unknown when the file does not tell).
type frame map[string]string

// bind adds a name; bound twice with different types (block-scoped
// variables of one function), its type is unknown, unless both are
// outside ones (a set here, a set of other elements there): its members
// are outside ones whichever it is.
func (fr frame) bind(name, chain string) {
	if chain == "" {
		chain = facts.Unknown
	}
	if old, ok := fr[name]; ok && old != chain {
		if outside(old) && outside(chain) {
			chain = facts.NotRepo
		} else {
			chain = facts.Unknown
		}
	}
	fr[name] = chain
}

// outside reports whether a chain is an outside value: NotRepo or one
// wrapping values (an array, a set, a map).
func outside(chain string) bool { return chain == facts.NotRepo || wrapped(chain) }

// enterFunction pushes the frame of a function-like node (declaration,
// expression, arrow, method): its parameters and the variables its body
// declares, with their types. The frame is pushed first, so that a
// variable's initializer sees the parameters and earlier variables.
func (x *extractor) enterFunction(n *sitter.Node) {
	// A callback's undeclared parameters take the types of the parameter
	// it is passed to; the callee is read in the enclosing scope.
	contextual := x.contextualParams(n)
	fr := frame{}
	x.frames = append(x.frames, fr)
	if x.kind(n) == jkFuncExpr {
		// A named function expression binds its own name in its body; the
		// symbol, if any, is named after the variable it is assigned to.
		// A module-level symbol of that very name (module.exports =
		// function cast() {...}, exports.m = function m() {...}) is the
		// function itself: a call of the name in its body is a call of it.
		if name := n.ChildByFieldId(x.t.fName); x.kind(name) == jkIdentifier && x.cur() != x.text(name) {
			fr.bind(x.text(name), facts.NotRepo)
		}
	}
	if ps := n.ChildByFieldId(x.t.fParameters); ps != nil {
		pos := 0
		for i := uint(0); i < ps.NamedChildCount(); i++ {
			p := ps.NamedChild(i)
			if x.kind(p) == jkComment {
				continue
			}
			x.bindParam(p, fr, contextual(pos))
			pos++
		}
	}
	if p := n.ChildByFieldId(x.t.fParameter); p != nil { // x => ...
		x.bindPattern(p, fr, contextual(0))
	}
	if body := n.ChildByFieldId(x.t.fBody); x.kind(body) == jkStatementBlock {
		x.bindStatements(body, fr, x.curKind())
	}
}

// contextualParams gives the type of a function's i-th parameter where the
// parameter declares none, from where the function stands: a type
// argument of the call it is passed to that is its function type, an
// element of the array whose method takes it, the callee's declared
// parameter, the declared function type it is assigned to or a member of,
// or the function type annotating the variable it initializes.
func (x *extractor) contextualParams(n *sitter.Node) func(i int) string {
	inlineAt := func(ts []string) func(int) string {
		return func(i int) string {
			if i < len(ts) {
				return ts[i]
			}
			return facts.Unknown
		}
	}
	if ts := x.typeArgParamTypes(n); ts != nil {
		return inlineAt(ts)
	}
	if elem, at, ok := x.elementCallback(n); ok {
		return func(i int) string {
			if slices.Contains(at, i) {
				return elem
			}
			return facts.Unknown
		}
	}
	if callee, arg, ok := x.callbackCallee(n); ok {
		return func(i int) string { return facts.Callback(callee, arg, i) }
	}
	declared := x.declaredFunctionType(n)
	if declared == "" {
		declared = x.objectMemberType(n) // { m(p) {...} } where the object's type is told
	}
	switch declared {
	case "":
		return inlineAt(x.inlineParamTypes(n))
	case facts.NotRepo:
		return func(int) string { return facts.NotRepo }
	}
	return func(i int) string { return facts.Declared(declared, i) }
}

// bindParam binds a parameter with its declared type, else the type of
// its default value, else the contextual one (a callback's).
func (x *extractor) bindParam(p *sitter.Node, fr frame, contextual string) {
	if x.kind(p) != jkParameter {
		x.bindPattern(p, fr, contextual)
		return
	}
	pat := p.ChildByFieldId(x.t.fPattern)
	ann := p.ChildByFieldId(x.t.fType)
	value := p.ChildByFieldId(x.t.fValue)
	chain := x.declaredChain(ann, value)
	if ann == nil && value == nil {
		chain = contextual
	}
	switch x.kind(pat) {
	case jkRestPattern:
		chain = facts.NotRepo // an array of the rest
	case jkThis: // function (this: Action<T>) {...}
		if ann != nil {
			fr.bind("this", chain)
		}
		return
	}
	x.bindTyped(pat, ann, value, fr, chain)
	x.bindResult(pat, ann, fr)
	x.bindElements(pat, ann, fr)
	x.bindUnion(pat, ann, fr)
}

// unionKey is the suffix of the frame key under which a local declared
// with an inline union of repository types (x: Literal | Union) holds the
// chains of its other members, joined by unionSep; its own chain is the
// first member's.
const (
	unionKey = "|"
	unionSep = "\x1f"
)

// bindUnion records, for a name declared with an inline union of two or
// more repository types, its members after the first (see unionKey): a
// method called on it may be any member's (unionAlternatives).
func (x *extractor) bindUnion(pat, ann *sitter.Node, fr frame) {
	if x.kind(pat) != jkIdentifier || ann == nil {
		return
	}
	if ms := x.unionMembers(x.innerType(ann)); len(ms) > 1 {
		fr.bind(x.text(pat)+unionKey, strings.Join(ms[1:], unionSep))
	}
}

// unionAlternatives are the other members' chains of the inline union a
// local was declared with (bindUnion), in the frame that binds it: an
// inner binding of the name, or an instanceof test narrowing it, has none.
func (x *extractor) unionAlternatives(name string) []string {
	for i := len(x.frames) - 1; i >= 0; i-- {
		if c, ok := x.frames[i][name+unionKey]; ok {
			if c == facts.Unknown {
				return nil // bound twice with different unions
			}
			return strings.Split(c, unionSep)
		}
		if _, ok := x.frames[i][name]; ok {
			return nil
		}
	}
	return nil
}

// bindElements records, for a name declared as an array (T[],
// Array<T>, ReadonlyArray<T>), its elements' type under "name[]", which
// a for-of loop over it gives its variable.
func (x *extractor) bindElements(pat, ann *sitter.Node, fr frame) {
	if x.kind(pat) != jkIdentifier || ann == nil {
		return
	}
	t := x.innerType(ann)
	var elem *sitter.Node
	switch x.kindName(t) {
	case "array_type":
		elem = t.NamedChild(0)
	case "readonly_type":
		if a := t.NamedChild(0); x.kindName(a) == "array_type" {
			elem = a.NamedChild(0)
		}
	case "generic_type":
		name := x.text(t.ChildByFieldId(x.t.fName))
		args := t.ChildByFieldId(x.t.fTypeArguments)
		if (name == "Array" || name == "ReadonlyArray") && !x.top[name] && args != nil && args.NamedChildCount() == 1 {
			elem = args.NamedChild(0)
		}
	}
	if elem != nil {
		fr.bind(x.text(pat)+"[]", x.typeChain(elem))
	}
}

// loopElement is the type of a for-of loop's variable: the elements of
// the array it iterates, when their type was declared (a local's, or
// what its chain wraps: this.routes of type Route[]). A destructured
// variable is not typed: a map's entries are pairs, not its values.
func (x *extractor) loopElement(loop *sitter.Node) string {
	right := loop.ChildByFieldId(x.t.fRight)
	if x.text(loop.ChildByFieldId(x.t.fOperator)) != "of" {
		return facts.Unknown
	}
	if x.kind(right) == jkIdentifier {
		if c, ok := x.local(x.text(right) + "[]"); ok {
			return c
		}
	}
	if x.kind(loop.ChildByFieldId(x.t.fLeft)) != jkIdentifier {
		return facts.Unknown
	}
	return unwrap(x.exprChain(right))
}

// bindResult records, for a name declared with a function type, the type
// its calls return, under "name()".
func (x *extractor) bindResult(pat, ann *sitter.Node, fr frame) {
	if x.kind(pat) == jkIdentifier && x.tsFunctionType(ann) {
		fr.bind(x.text(pat)+"()", x.resultType(x.innerType(ann)))
	}
}

// isLocal reports whether a bare name is bound locally by an enclosing
// function.
func (x *extractor) isLocal(name string) bool {
	_, ok := x.local(name)
	return ok
}

// local returns the type chain of a name bound by an enclosing function,
// innermost first.
func (x *extractor) local(name string) (string, bool) {
	for i := len(x.frames) - 1; i >= 0; i-- {
		if c, ok := x.frames[i][name]; ok {
			return c, true
		}
	}
	return "", false
}

// localMember is the chain of a typed property of a local (see
// bindTyped), or of one an instanceof test narrowed (see narrowable), in
// the frame that binds the local or one inside it: an inner function that
// binds the name again hides the outer one's properties.
func (x *extractor) localMember(name, prop string) (string, bool) {
	for i := len(x.frames) - 1; i >= 0; i-- {
		if c, ok := x.frames[i][name+"."+prop]; ok {
			return c, true
		}
		if _, ok := x.frames[i][name]; ok {
			return "", false
		}
	}
	return "", false
}

// bindStatements adds the variables declared in the statements under n,
// not looking into nested functions or classes. scopeKind is the kind of
// the symbol the statements belong to: under a function or method a
// function-valued declarator is a symbol (see declarator), not a local.
func (x *extractor) bindStatements(n *sitter.Node, fr frame, scopeKind string) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkLexical, jkVarDecl:
			for j := uint(0); j < c.NamedChildCount(); j++ {
				d := c.NamedChild(j)
				if x.kind(d) != jkDeclarator {
					continue
				}
				value := d.ChildByFieldId(x.t.fValue)
				if x.requires(value) {
					// const { parse } = require('./j') in a function binds
					// an import (declarator), which calls reach as at
					// module level: no local hides it.
					continue
				}
				vk := x.kind(value)
				symbol := (vk == jkFuncExpr || vk == jkClassExpr) && x.localSymbols(scopeKind)
				if name := d.ChildByFieldId(x.t.fName); !symbol || x.kind(name) != jkIdentifier {
					ann := d.ChildByFieldId(x.t.fType)
					x.bindTyped(name, ann, value, fr, x.declaredChain(ann, value))
					x.bindResult(name, ann, fr)
					x.bindElements(name, ann, fr)
					x.bindUnion(name, ann, fr)
				}
			}
		case jkForIn:
			if c.ChildByFieldId(x.t.fKind) != nil {
				x.bindPattern(c.ChildByFieldId(x.t.fLeft), fr, x.loopElement(c))
			}
			x.bindStatements(c, fr, scopeKind)
		case jkCatch:
			x.bindPattern(c.ChildByFieldId(x.t.fParameter), fr, facts.Unknown)
			x.bindStatements(c, fr, scopeKind)
		case jkStatementBlock, jkStmtContainer:
			x.bindStatements(c, fr, scopeKind)
		}
	}
}

// requires reports whether a declarator's value is what declarator
// records as an import: require('m'), or a member of it.
func (x *extractor) requires(value *sitter.Node) bool {
	if _, ok := x.requireSpec(value); ok {
		return true
	}
	_, _, ok := x.requireMember(value)
	return ok
}

// declaredChain is the type of a variable: its annotation, else its
// initializer's.
func (x *extractor) declaredChain(ann, value *sitter.Node) string {
	if ann != nil {
		return x.typeChain(ann)
	}
	if value != nil {
		return x.exprChain(value)
	}
	return facts.Unknown
}

// bindTyped is bindPattern for a name or pattern declared with ann or
// initialized by value, where the value's properties may be typed one by
// one: by an inline object type (record: { window: Subject<T>; subs:
// Subscription }, or a value cast to one), or, for a pattern that takes apart a local so
// declared (const { window, subs } = record), by that local's. A name's
// typed properties are bound as "name.prop", which memberChain reads.
func (x *extractor) bindTyped(pat, ann, value *sitter.Node, fr frame, chain string) {
	members := x.objectTypeMembers(ann)
	if ann == nil && x.kindName(value) == "as_expression" {
		// const env = c.env as { ASSETS: FetcherLike }
		members = x.objectTypeMembers(value.NamedChild(value.NamedChildCount() - 1))
	}
	lookup := func(prop string) (string, bool) {
		c, ok := members[prop]
		return c, ok
	}
	if ann == nil && x.kind(value) == jkIdentifier {
		src := x.text(value)
		lookup = func(prop string) (string, bool) { return x.localMember(src, prop) }
	}
	switch x.kind(pat) {
	case jkIdentifier:
		fr.bind(x.text(pat), chain)
		for prop, c := range members {
			fr.bind(x.text(pat)+"."+prop, c)
		}
	case jkObjectPattern:
		for i := uint(0); i < pat.NamedChildCount(); i++ {
			c := pat.NamedChild(i)
			switch x.kind(c) {
			case jkShorthandPattern:
				if t, ok := lookup(x.text(c)); ok {
					fr.bind(x.text(c), t)
					continue
				}
			case jkPairPattern:
				if t, ok := lookup(x.memberName(c.ChildByFieldId(x.t.fKey))); ok {
					x.bindPattern(c.ChildByFieldId(x.t.fValue), fr, t)
					continue
				}
			}
			x.bindPattern(c, fr, chain)
		}
	default:
		x.bindPattern(pat, fr, chain)
	}
}

// objectTypeMembers is the declared types of the properties of an inline
// object type, by name; nil for any other type, and for a property
// without a type or one that is a method.
func (x *extractor) objectTypeMembers(ann *sitter.Node) map[string]string {
	if ann == nil {
		return nil
	}
	t := x.innerType(ann)
	if x.kind(t) != jkObjectType {
		return nil
	}
	var out map[string]string
	for i := uint(0); i < t.NamedChildCount(); i++ {
		p := t.NamedChild(i)
		if x.kind(p) != jkPropSig || p.ChildByFieldId(x.t.fType) == nil {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[x.memberName(p.ChildByFieldId(x.t.fName))] = x.typeChain(p.ChildByFieldId(x.t.fType))
	}
	return out
}

// bindPattern adds the names a binding pattern binds: identifiers,
// destructured properties and elements, rest and defaulted names (not the
// defaults, keys or type annotations). chain is the type of the value
// the pattern takes apart: a destructured property has its member's type.
func (x *extractor) bindPattern(p *sitter.Node, fr frame, chain string) {
	switch x.kind(p) {
	case jkIdentifier:
		fr.bind(x.text(p), chain)
	case jkShorthandPattern:
		fr.bind(x.text(p), step(chain, x.text(p)))
	case jkObjectPattern:
		for i := uint(0); i < p.NamedChildCount(); i++ {
			x.bindPattern(p.NamedChild(i), fr, chain)
		}
	case jkArrayPattern:
		for i := uint(0); i < p.NamedChildCount(); i++ {
			x.bindPattern(p.NamedChild(i), fr, facts.Unknown)
		}
	case jkRestPattern: // ...rest: an array, or an object of the rest
		for i := uint(0); i < p.NamedChildCount(); i++ {
			x.bindPattern(p.NamedChild(i), fr, facts.NotRepo)
		}
	case jkPairPattern:
		key := x.memberName(p.ChildByFieldId(x.t.fKey))
		x.bindPattern(p.ChildByFieldId(x.t.fValue), fr, step(chain, key))
	case jkAssignPattern: // {a = 1}: the property a
		l := p.ChildByFieldId(x.t.fLeft)
		if x.kind(l) == jkShorthandPattern {
			x.bindPattern(l, fr, chain)
		} else {
			x.bindPattern(l, fr, facts.Unknown)
		}
	case jkAssignmentPattern: // [a = 1], {a: b = 1}
		x.bindPattern(p.ChildByFieldId(x.t.fLeft), fr, chain)
	case jkParameter:
		x.bindPattern(p.ChildByFieldId(x.t.fPattern), fr, chain)
	}
}
