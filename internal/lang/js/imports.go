package js

import (
	"sort"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Imports and what they bind. The module-level imports and declared
// names are collected before the walk (prescan), so that a type chain
// written above an import still names it as imported.

// prescan records the program's imports and the names its top level (and
// its namespaces) declare.
func (x *extractor) prescan(root *sitter.Node) {
	x.imps, x.top = map[string]binding{}, map[string]bool{}
	x.declaredNames(root)
	for i := uint(0); i < root.NamedChildCount(); i++ {
		if c := root.NamedChild(i); x.kind(c) == jkImport {
			x.importStmt(c)
		}
	}
}

// declaredNames adds the names the statements under n declare.
func (x *extractor) declaredNames(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		for x.kind(c) == jkExport || x.kind(c) == jkAmbient {
			d := c.ChildByFieldId(x.t.fDeclaration)
			if d == nil {
				d = c.NamedChild(0)
			}
			if d == nil || d.Id() == c.Id() {
				break
			}
			c = d
		}
		switch x.kind(c) {
		case jkLexical, jkVarDecl:
			fr := frame{}
			for j := uint(0); j < c.NamedChildCount(); j++ {
				if d := c.NamedChild(j); x.kind(d) == jkDeclarator {
					x.bindPatternQuiet(d.ChildByFieldId(x.t.fName), fr)
				}
			}
			for name := range fr {
				x.top[name] = true
			}
		case jkNamespace:
			if q, ok := x.chainText(c.ChildByFieldId(x.t.fName)); ok {
				head, _, _ := strings.Cut(q, ".")
				x.top[head] = true
			}
			if body := c.ChildByFieldId(x.t.fBody); body != nil {
				x.declaredNames(body)
			}
		case jkFuncDecl, jkFuncSig, jkClassDecl, jkInterface, jkTypeAlias, jkEnum:
			if name := c.ChildByFieldId(x.t.fName); name != nil {
				x.top[x.text(name)] = true
			}
		}
		if x.kindName(c) == "import_alias" { // import x = N.y
			if name := c.NamedChild(0); x.kind(name) == jkIdentifier {
				x.top[x.text(name)] = true
			}
		}
	}
}

// bindPatternQuiet binds the names of a declarator's pattern, types aside.
func (x *extractor) bindPatternQuiet(p *sitter.Node, fr frame) {
	switch x.kind(p) {
	case jkIdentifier, jkShorthandPattern:
		fr[x.text(p)] = facts.Unknown
	case jkObjectPattern, jkArrayPattern, jkRestPattern:
		for i := uint(0); i < p.NamedChildCount(); i++ {
			x.bindPatternQuiet(p.NamedChild(i), fr)
		}
	case jkPairPattern:
		x.bindPatternQuiet(p.ChildByFieldId(x.t.fValue), fr)
	case jkAssignPattern, jkAssignmentPattern:
		x.bindPatternQuiet(p.ChildByFieldId(x.t.fLeft), fr)
	}
}

// importStmt handles import x, * as ns, {a, b as c} from "m", import "m",
// and TypeScript import x = require("m"). A default import beside a
// namespace import (import d, * as ns) is a second import of the module;
// see defaultImport for what it binds.
func (x *extractor) importStmt(n *sitter.Node) {
	imp := facts.Import{Line: syntax.Line(n)}
	src := n.ChildByFieldId(x.t.fSource)
	var def string
	required := false // import def = require("m")
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkImportClause:
			for j := uint(0); j < c.NamedChildCount(); j++ {
				b := c.NamedChild(j)
				switch x.kind(b) {
				case jkIdentifier:
					def = x.text(b)
				case jkNamespaceImport:
					imp.Alias = x.lastIdent(b)
				case jkNamedImports:
					x.specifiers(b, &imp)
				}
			}
		case jkImportRequire:
			def, required = x.lastIdent(c), true
			src = c.ChildByFieldId(x.t.fSource)
		}
	}
	if x.kind(src) != jkString {
		return
	}
	imp.Path = unquote(x.text(src))
	if imp.Alias != "" {
		x.imps[imp.Alias] = binding{path: imp.Path, ns: true}
	}
	x.bindNames(imp)
	switch {
	case def != "" && imp.Alias != "":
		d := facts.Import{Path: imp.Path, Line: imp.Line}
		x.defaultImport(&d, def)
		x.f.Imports = append(x.f.Imports, imp, d)
	case def != "":
		x.defaultImport(&imp, def)
		fallthrough
	default:
		x.f.Imports = append(x.f.Imports, imp)
	}
	if def != "" {
		// import x = require("m") binds the module, whose members are
		// its exports, as well as its export = value.
		x.imps[def] = binding{path: imp.Path, name: defaultName, ns: required}
	}
}

// bindNames records the names an import binds locally.
func (x *extractor) bindNames(imp facts.Import) {
	for i, name := range imp.Names {
		x.imps[imp.LocalName(i)] = binding{path: imp.Path, name: name}
	}
}

// reexport handles export {a, b as c} from "m", export * from "m" and
// export * as ns from "m".
func (x *extractor) reexport(n, src *sitter.Node) {
	if x.kind(src) != jkString {
		return
	}
	imp := facts.Import{Path: unquote(x.text(src)), Line: syntax.Line(n), Reexport: true}
	star := true
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch x.kind(c) {
		case jkExportClause:
			x.specifiers(c, &imp)
			star = false
		case jkNamespaceExport:
			imp.Alias = x.lastIdent(c)
			star = false
		}
	}
	if star {
		imp.Kind = "wildcard"
	}
	x.f.Imports = append(x.f.Imports, imp)
}

// localExport handles export {a, b as c} and export default without a
// source: the names it exports that the file imports are re-exports of
// those imports, and its module-level declarations exported under another
// name (export { f as default }) are exports of the file's own
// (facts.ImportSelf).
func (x *extractor) localExport(n *sitter.Node) {
	x.defaultExport(n)
	module := x.kind(n.Parent()) == jkProgram
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if x.kind(c) != jkExportClause {
			continue
		}
		var got facts.Import
		x.specifiers(c, &got)
		byPath := map[string]*facts.Import{}
		var order []string
		for j, local := range got.Names {
			as := got.LocalName(j)
			b, ok := x.imps[local]
			switch {
			case ok && !b.ns && b.name != "":
			case !ok && module && x.top[local] && as != local:
				b = binding{name: local} // path "": the file's own
			default:
				continue
			}
			imp := byPath[b.path]
			if imp == nil {
				imp = &facts.Import{Path: b.path, Line: syntax.Line(n), Reexport: true}
				if b.path == "" {
					imp.Kind = facts.ImportSelf
				}
				byPath[b.path] = imp
				order = append(order, b.path)
			}
			if as == b.name {
				as = ""
			}
			imp.Names = append(imp.Names, b.name)
			imp.As = append(imp.As, as)
		}
		for _, p := range order {
			imp := byPath[p]
			if !renamed(imp.As) {
				imp.As = nil
			}
			x.f.Imports = append(x.f.Imports, *imp)
		}
	}
}

func renamed(as []string) bool {
	for _, a := range as {
		if a != "" {
			return true
		}
	}
	return false
}

// specifiers appends import/export specifiers to an import: the module's
// names, with As set when one is renamed.
func (x *extractor) specifiers(list *sitter.Node, imp *facts.Import) {
	for i := uint(0); i < list.NamedChildCount(); i++ {
		spec := list.NamedChild(i)
		name := spec.ChildByFieldId(x.t.fName)
		if name == nil {
			continue
		}
		orig, local := x.specName(name), ""
		if alias := spec.ChildByFieldId(x.t.fAlias); alias != nil {
			local = x.specName(alias)
		}
		if local == orig {
			local = ""
		}
		if local != "" && imp.As == nil {
			imp.As = make([]string, len(imp.Names))
		}
		imp.Names = append(imp.Names, orig)
		if imp.As != nil {
			imp.As = append(imp.As, local)
		}
	}
}

func (x *extractor) specName(n *sitter.Node) string {
	if x.kind(n) == jkString {
		return unquote(x.text(n))
	}
	return x.text(n)
}

// sortImports puts imports in source order: the prescan took the
// module-level ones first.
func (x *extractor) sortImports() {
	sort.SliceStable(x.f.Imports, func(i, j int) bool { return x.f.Imports[i].Line < x.f.Imports[j].Line })
}
