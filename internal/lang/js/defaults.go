package js

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Default exports. A module's default export is the name "default" among
// its exports, as `import { default as g }` says: an import of it is a
// named import of "default", and the exporting module says which of its
// declarations "default" is by an export of that declaration under the
// name (facts.ImportSelf), or re-exports an import under it. CommonJS
// `module.exports = f` is the same default: Node's ES modules and
// TypeScript's esModuleInterop import it so, and `require` gives it.

// defaultName is the name a module's default export has among its exports.
const defaultName = "default"

// defaultExport handles `export default f;`, `export default function f() {}`,
// `export default class C {}` and TypeScript's `export = f` at module level.
// An anonymous function or class, or any other value, names no declaration.
func (x *extractor) defaultExport(n *sitter.Node) {
	if p := n.Parent(); p == nil || x.kind(p) != jkProgram || !x.exportsDefault(n) {
		return
	}
	if d := n.ChildByFieldId(x.t.fDeclaration); d != nil {
		if name := d.ChildByFieldId(x.t.fName); name != nil {
			x.exportAs(x.text(name), defaultName, syntax.Line(n))
		}
		return
	}
	v := n.ChildByFieldId(x.t.fValue)
	if v == nil {
		v = n.NamedChild(0) // export = f has no field names
	}
	x.exportValue(v, syntax.Line(n))
}

// exportsDefault reports whether an export statement is export default or
// export =: the keyword is an unnamed child.
func (x *extractor) exportsDefault(n *sitter.Node) bool { return x.hasKeyword(n, "default", "=") }

// exportValue exports the declaration a value names as the default: a
// name, or a named function or class expression (module.exports = class C {}).
func (x *extractor) exportValue(v *sitter.Node, line int) {
	switch x.kind(v) {
	case jkIdentifier:
		x.exportAs(x.text(v), defaultName, line)
	case jkFuncExpr, jkClassExpr:
		if name := v.ChildByFieldId(x.t.fName); name != nil {
			x.exportAs(x.text(name), defaultName, line)
		}
	}
}

// exportAs records that the module exports its name local as exported:
// its own declaration (facts.ImportSelf), or a name it imports, re-exported.
// A namespace import exported whole is not followed.
func (x *extractor) exportAs(local, exported string, line int) {
	if b, ok := x.imps[local]; ok {
		if b.name == "" {
			return
		}
		imp := facts.Import{Path: b.path, Names: []string{b.name}, Reexport: true, Line: line}
		if exported != b.name {
			imp.As = []string{exported}
		}
		x.f.Imports = append(x.f.Imports, imp)
		return
	}
	if local == exported {
		return // the declaration is exported under its own name already
	}
	x.f.Imports = append(x.f.Imports, facts.Import{Kind: facts.ImportSelf, Names: []string{local}, As: []string{exported}, Reexport: true, Line: line})
}

// moduleExports handles the module-level `module.exports = value`
// statements of a CommonJS module: its default export. A module that is
// another one (module.exports = require('./lib/express'), a package's
// index.js) re-exports that module's default and its exports.
func (x *extractor) moduleExports(root *sitter.Node) {
	for i := uint(0); i < root.NamedChildCount(); i++ {
		v := x.moduleExportsValue(root.NamedChild(i))
		if v == nil {
			continue
		}
		if spec, ok := x.requireSpec(v); ok {
			x.f.Imports = append(x.f.Imports,
				facts.Import{Path: spec, Names: []string{defaultName}, Reexport: true, Line: syntax.Line(v)},
				facts.Import{Path: spec, Kind: "wildcard", Reexport: true, Line: syntax.Line(v)})
			continue
		}
		if x.kindName(v) == "object" {
			x.exportMembers(v)
			continue
		}
		x.exportValue(v, syntax.Line(v))
	}
}

// exportMembers exports what an object literal assigned to module.exports
// names under its keys: { exist: checkExistence } exports the module's
// checkExistence as exist (fastify's decorate.js), and { parse } an
// imported parse onwards. Other values (function literals, requires,
// calls) name no declaration to export.
func (x *extractor) exportMembers(obj *sitter.Node) {
	for i := uint(0); i < obj.NamedChildCount(); i++ {
		p := obj.NamedChild(i)
		switch x.kindName(p) {
		case "shorthand_property_identifier":
			name := x.text(p)
			x.exportAs(name, name, syntax.Line(p))
		case "pair":
			key, value := p.ChildByFieldId(x.t.fKey), p.ChildByFieldId(x.t.fValue)
			if x.kind(key) == jkPropertyIdent && x.kind(value) == jkIdentifier {
				x.exportAs(x.text(value), x.text(key), syntax.Line(p))
			}
		}
	}
}

// moduleExportsValue is the value a statement assigns to module.exports,
// or nil; through a chain of assignments (exports = module.exports = f,
// as express writes it), the value at its end.
func (x *extractor) moduleExportsValue(stmt *sitter.Node) *sitter.Node {
	if x.kind(stmt) != jkExprStatement {
		return nil
	}
	a, toModule := stmt.NamedChild(0), false
	for x.kindName(a) == "assignment_expression" {
		if left, ok := x.chainText(a.ChildByFieldId(x.t.fLeft)); ok && left == "module.exports" {
			toModule = true
		}
		a = a.ChildByFieldId(x.t.fRight)
	}
	if !toModule {
		return nil
	}
	return a
}

// exportedFunction makes a function that is the module's default export a
// symbol, which its importers call: `module.exports = function f() {}` at
// module level is f, as a named class expression there is; an anonymous
// one there, `export default function () {}` and `export default () => ...`
// are "default", the name the module's importers ask for (the TypeScript
// checker names it so too).
func (x *extractor) exportedFunction(n, parent *sitter.Node) {
	if parent == nil {
		return
	}
	stmt := parent.Parent()
	name := n.ChildByFieldId(x.t.fName)
	switch {
	case x.kind(parent) == jkExport && name == nil && x.kind(stmt) == jkProgram && x.exportsDefault(parent):
		stmt = parent
	case stmt != nil && x.kind(stmt.Parent()) == jkProgram:
		if v := x.moduleExportsValue(stmt); v == nil || v.Id() != n.Id() {
			return
		}
	default:
		return
	}
	label := defaultName
	if name != nil {
		label = x.text(name)
	}
	x.addAt(label, facts.KindFunction, n, n, n, stmt, n.ChildByFieldId(x.t.fBody), func(s *facts.Symbol) {
		x.signature(s, n)
	})
}

// defaultImport records what `import g from "m"`, `const g = require("m")`
// and `import g = require("m")` bind: the module's default export, named
// "default" there. The import keeps g as its Alias too: an interop import
// of a CommonJS module reaches the module's other exports as g's members
// (g.helper()), and a default export that is no declaration (an object
// literal of the module's functions) leaves them to be found so.
func (x *extractor) defaultImport(imp *facts.Import, local string) {
	as := imp.As
	if as == nil {
		as = make([]string, len(imp.Names))
	}
	imp.Alias = local
	imp.Names = append([]string{defaultName}, imp.Names...)
	imp.As = append([]string{local}, as...)
}

// requireDefault records what `const g = require("m")` binds: the module's
// default export (module.exports), whose members are the module's exports.
func (x *extractor) requireDefault(imp *facts.Import, local string) {
	x.defaultImport(imp, local)
	x.imps[local] = binding{path: imp.Path, name: defaultName, ns: true}
}
