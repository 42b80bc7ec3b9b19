package js

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Member assignments. CommonJS and ES5 code defines most of its functions
// by assigning function expressions to members rather than by declaring
// them (express: app.handle = function handle() {...}, exports.normalizeType
// = function (type) {...}, View.prototype.render = function render() {...}).
// Where no definition encloses such an assignment (module level, or a
// module-level function literal such as an IIFE's body) it defines a
// symbol, so that calls in its body are its own and callers find it:
//
//	X.prototype.m = fn                  method m of X, and a function X a class
//	X.m = fn                            method m of X, a name the module declares
//	exports.m = fn, module.exports.m = fn  top-level function m
//	module.exports = function name() {}    top-level function name (exportedFunction)
//
// A member assigned twice keeps its first symbol: the later body's calls
// are that symbol's.

// assignment handles an assignment expression n whose right side is a
// function or class expression.
func (x *extractor) assignment(n *sitter.Node) {
	if x.cur() != "" {
		return // inside a definition: a value it sets, not one the module defines
	}
	value := n.ChildByFieldId(x.t.fRight)
	vk := x.kind(value)
	if vk == jkIdentifier {
		x.exportName(n, value)
		return
	}
	if vk == jkMember {
		x.exportModuleMember(n, value)
		return
	}
	if vk != jkFuncExpr && vk != jkClassExpr {
		return
	}
	target, ok := x.chainText(n.ChildByFieldId(x.t.fLeft))
	if !ok {
		return
	}
	owner, name := x.assignedName(target, value)
	if name == "" {
		return
	}
	qual := name
	if owner != "" {
		qual = owner + "." + name
	}
	if i, dup := x.defs[qual]; dup {
		x.push(qual, x.f.Symbols[i].Kind)
		return
	}
	at := x.assignmentStatement(n)
	if owner != "" {
		x.push(owner, x.ownerKind(owner)) // the symbol's parent
	}
	kind, mod := x.assignedKind(owner, qual, value)
	x.addAt(name, kind, at, at, at, at, value.ChildByFieldId(x.t.fBody), mod)
}

// exportName handles exports.m = name (or module.exports.m = name) at
// module level: the module exports what name is, an import or its own
// declaration, as m (mongoose's utils.js: const isObject =
// require('./helpers/isObject'); exports.isObject = isObject).
func (x *extractor) exportName(n, value *sitter.Node) {
	target, ok := x.chainText(n.ChildByFieldId(x.t.fLeft))
	if !ok {
		return
	}
	if name, ok := exportsMember(strings.Split(target, ".")); ok {
		x.exportAs(x.text(value), name, syntax.Line(n))
	}
}

// exportModuleMember handles exports.m = mod.f (or module.exports.m =
// mod.f) at module level, where mod is a required module or a namespace
// import: the module re-exports that module's export f as m (mongoose's
// utils.js: const isMongooseArray = require('./types/array/isMongooseArray');
// exports.isMongooseArray = isMongooseArray.isMongooseArray).
func (x *extractor) exportModuleMember(n, value *sitter.Node) {
	target, ok := x.chainText(n.ChildByFieldId(x.t.fLeft))
	if !ok {
		return
	}
	name, ok := exportsMember(strings.Split(target, "."))
	obj, prop := value.ChildByFieldId(x.t.fObject), value.ChildByFieldId(x.t.fProperty)
	if !ok || x.kind(obj) != jkIdentifier || x.kind(prop) != jkPropertyIdent {
		return
	}
	b, bound := x.imps[x.text(obj)]
	if !bound || !b.ns || x.isLocal(x.text(obj)) {
		return
	}
	imp := facts.Import{Path: b.path, Names: []string{x.text(prop)}, Reexport: true, Line: syntax.Line(n)}
	if name != x.text(prop) {
		imp.As = []string{name}
	}
	x.f.Imports = append(x.f.Imports, imp)
}

// exportsMember is m when an assignment's target, split at its dots, is
// exports.m or module.exports.m.
func exportsMember(parts []string) (string, bool) {
	if (len(parts) == 2 && parts[0] == "exports") || (len(parts) == 3 && parts[0] == "module" && parts[1] == "exports") {
		return parts[len(parts)-1], true
	}
	return "", false
}

// assignmentStatement is the statement an assignment is (through chained
// ones: req.get = req.header = function header() {...}), which the doc
// comment sits above, else the assignment itself.
func (x *extractor) assignmentStatement(n *sitter.Node) *sitter.Node {
	at := n
	for p := at.Parent(); x.kind(p) == jkAssign; p = at.Parent() {
		at = p
	}
	if p := at.Parent(); x.kind(p) == jkExprStatement {
		return p
	}
	return at
}

// assignedName is the owner (the Qualified name of the parent, "" for a
// top-level symbol) and name of the symbol an assignment to target
// defines; name is "" when it defines none.
func (x *extractor) assignedName(target string, value *sitter.Node) (owner, name string) {
	parts := strings.Split(target, ".")
	if m, ok := exportsMember(parts); ok {
		return "", x.exportedName(m)
	}
	switch {
	case target == "module.exports":
		// module.exports = function f() {}: the default export's symbol f
		// (exportedFunction); a named class expression is a class already.
		return "", ""
	case len(parts) == 3 && parts[1] == "prototype" && x.ownsName(parts[0]):
		x.prototypeOwner(parts[0])
		return parts[0], parts[2]
	case len(parts) == 2 && x.ownsName(parts[0]):
		return parts[0], parts[1]
	}
	return "", ""
}

// exportedName is name when it can be a top-level symbol: not one the
// file imports or declares, which a bare name in the file means instead
// (exports.send does not bind send).
func (x *extractor) exportedName(name string) string {
	if _, imported := x.imps[name]; imported || x.top[name] || x.isLocal(name) {
		return ""
	}
	return name
}

// ownsName reports whether a member's owner is a name the module defines:
// a symbol no definition encloses (a module-level one, or one in an
// IIFE's body), or a name the module level declares, when no local of
// the enclosing function literal shadows it.
func (x *extractor) ownsName(name string) bool {
	if name == "exports" || name == "module" || name == "this" || x.isLocal(name) {
		return false
	}
	_, defined := x.defs[name]
	return defined || x.top[name]
}

// ownerKind is the kind of the owner's symbol ("" when it has none yet).
func (x *extractor) ownerKind(owner string) string {
	if i, ok := x.defs[owner]; ok {
		return x.f.Symbols[i].Kind
	}
	return ""
}

// prototypeOwner makes a function whose prototype gets methods a class
// (an ES5 constructor), so that this.m() in its methods and new X().m()
// find them; a function declared further down becomes one when recorded
// (see addAt).
func (x *extractor) prototypeOwner(name string) {
	if i, ok := x.defs[name]; ok {
		if x.f.Symbols[i].Kind == facts.KindFunction {
			x.f.Symbols[i].Kind = facts.KindClass
		}
		return
	}
	if x.prototypes == nil {
		x.prototypes = map[string]bool{}
	}
	x.prototypes[name] = true
}

// assignedKind is the kind of the symbol an assigned value defines, and
// what it adds to it: a member's function is a method, a top-level one a
// function, a class expression a class (whose own name, if any, is not
// another symbol).
func (x *extractor) assignedKind(owner, qual string, value *sitter.Node) (string, func(*facts.Symbol)) {
	if x.kind(value) == jkClassExpr {
		x.skip = value.Id()
		ext, impl := x.heritage(value, qual)
		return facts.KindClass, func(s *facts.Symbol) { s.Extends, s.Implements = ext, impl }
	}
	kind := facts.KindMethod
	if owner == "" {
		kind = facts.KindFunction
	}
	return kind, func(s *facts.Symbol) {
		x.signature(s, value)
		if s.Type == "" && owner != "" && x.kindName(value) != "arrow_function" {
			// Reply.prototype.code = function (c) { ...; return this }: the
			// chain of calls fastify writes (this.header(k, v).code(302).send()).
			s.Type = x.returnedType(value.ChildByFieldId(x.t.fBody))
		}
	}
}
