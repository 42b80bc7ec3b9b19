package rust

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// What a Rust file's names mean, as far as the file tells: the items it
// defines and the paths its use declarations bind. Rust lets a use follow
// the code that relies on it, so item-level declarations are read before
// the walk.

// declarations reads the items and item-level use declarations of the
// file and of its inline modules.
func (x *extractor) declarations(list *sitter.Node) {
	for i := uint(0); i < list.NamedChildCount(); i++ {
		n := list.NamedChild(i)
		kind := x.g.Kind(n)
		switch kind {
		case "use_declaration", "extern_crate_declaration":
			x.useDecl(n, kind)
		case "mod_item":
			name := syntax.Text(x.g.Child(n, "name"), x.src)
			body := x.g.Child(n, "body")
			if body == nil {
				p := strings.Join(append(append([]string{"self"}, x.mods...), name), "::")
				x.f.Imports = append(x.f.Imports, facts.Import{Path: p, Kind: "mod", Line: syntax.Line(n)})
				x.uses[name] = p
				continue
			}
			x.items[name] = true
			x.mods = append(x.mods, name)
			x.declarations(body)
			x.mods = x.mods[:len(x.mods)-1]
		case "struct_item", "union_item", "enum_item", "trait_item", "type_item", "function_item",
			"function_signature_item", "const_item", "static_item":
			x.items[syntax.Text(x.g.Child(n, "name"), x.src)] = true
			if kind == "enum_item" {
				x.enumVariants(n)
			}
		}
	}
}

// useDecl records a use or extern crate declaration.
func (x *extractor) useDecl(n *sitter.Node, kind string) {
	pub := false
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if ch := n.NamedChild(i); x.g.Kind(ch) == "visibility_modifier" {
			pub = syntax.NoSpace(syntax.Text(ch, x.src)) != "pub(self)"
		}
	}
	if kind == "extern_crate_declaration" {
		name := syntax.Text(x.g.Child(n, "name"), x.src)
		alias := syntax.Text(x.g.Child(n, "alias"), x.src)
		x.addUse(facts.Import{Path: name, Alias: alias, Line: syntax.Line(n), Reexport: pub})
		return
	}
	if a := x.g.Child(n, "argument"); a != nil {
		x.use(a, "", syntax.Line(n), pub)
	}
}

// use flattens one use tree into imports: `use a::b::C` imports the name
// C of module a::b (which may also be a submodule of a::b: the resolver
// tells). prefix is the path of the enclosing use list ("" at the top).
func (x *extractor) use(n *sitter.Node, prefix string, line int, pub bool) {
	join := func(p string) string {
		p = strings.TrimPrefix(syntax.NoSpace(p), "::")
		switch {
		case prefix == "":
			return p
		case p == "":
			return prefix
		}
		return prefix + "::" + p
	}
	switch x.g.Kind(n) {
	case "use_as_clause":
		x.useItem(join(syntax.Text(x.g.Child(n, "path"), x.src)), syntax.Text(x.g.Child(n, "alias"), x.src), line, pub)
	case "use_wildcard":
		p := strings.TrimSuffix(syntax.NoSpace(syntax.Text(n, x.src)), "*")
		x.addUse(facts.Import{Path: join(strings.TrimSuffix(p, "::")), Kind: "wildcard", Line: line, Reexport: pub})
	case "scoped_use_list", "use_list":
		list := n
		if x.g.Kind(n) == "scoped_use_list" {
			prefix = join(syntax.Text(x.g.Child(n, "path"), x.src))
			if list = x.g.Child(n, "list"); list == nil {
				return
			}
		}
		x.useList(list, prefix, line, pub)
	default:
		x.useItem(join(syntax.Text(n, x.src)), "", line, pub)
	}
}

// useList records the names of a use list of module prefix, then the
// module itself (self), then its nested trees.
func (x *extractor) useList(list *sitter.Node, prefix string, line int, pub bool) {
	imp := facts.Import{Path: prefix, Alias: "_", Line: line, Reexport: pub}
	renamed, self := false, false
	var nested []*sitter.Node
	for i := uint(0); i < list.NamedChildCount(); i++ {
		ch := list.NamedChild(i)
		switch x.g.Kind(ch) {
		case "identifier", "metavariable":
			imp.Names, imp.As = append(imp.Names, syntax.Text(ch, x.src)), append(imp.As, "")
		case "self":
			self = true
		case "use_as_clause":
			p, alias := x.g.Child(ch, "path"), syntax.Text(x.g.Child(ch, "alias"), x.src)
			if prefix == "" || x.g.Kind(p) != "identifier" {
				nested = append(nested, ch)
				continue
			}
			imp.Names, imp.As = append(imp.Names, syntax.Text(p, x.src)), append(imp.As, alias)
			renamed = true
		case "line_comment", "block_comment":
		default:
			nested = append(nested, ch)
		}
	}
	if !renamed {
		imp.As = nil
	}
	if prefix != "" && len(imp.Names) > 0 {
		x.addUse(imp)
	}
	if self {
		x.useItem(prefix, "", line, pub)
	}
	for _, ch := range nested {
		x.use(ch, prefix, line, pub)
	}
}

// useItem records `use a::b::c [as d]`: the name c of module a::b, or a
// crate bound whole (`use serde;`, `use regex as re;`). The module a::b
// itself gets no name in the file: its Alias is "_".
func (x *extractor) useItem(p, alias string, line int, pub bool) {
	i := strings.LastIndex(p, "::")
	if i < 0 {
		x.addUse(facts.Import{Path: p, Alias: alias, Line: line, Reexport: pub})
		return
	}
	imp := facts.Import{Path: p[:i], Alias: "_", Names: []string{p[i+2:]}, Line: line, Reexport: pub}
	if alias != "" && alias != imp.Names[0] {
		imp.As = []string{alias}
	}
	x.addUse(imp)
}

// addUse records an import and the names it binds. Inside inline `mod a
// { }` blocks, self:: and super:: are rewritten relative to the file's
// module, so that the resolver (which only knows the file) resolves them
// correctly: `use super::*` in `mod tests` becomes `self`.
func (x *extractor) addUse(imp facts.Import) {
	imp.Path = x.fileRelative(imp.Path)
	x.f.Imports = append(x.f.Imports, imp)
	switch {
	case imp.Kind == "wildcard":
		if !vocab().stdCrates[pathHead(imp.Path)] && len(x.mods) == 0 && x.fnDepth == 0 {
			x.globs = append(x.globs, imp.Path)
		}
	case len(imp.Names) > 0:
		for i, name := range imp.Names {
			if local := imp.LocalName(i); local != "_" && local != "self" {
				x.uses[local] = imp.Path + "::" + name
			}
		}
	case imp.Alias != "" && imp.Alias != "_":
		x.uses[imp.Alias] = imp.Path
	default:
		x.uses[lastSegment(imp.Path)] = imp.Path
	}
}

// fileRelative rewrites a path starting with self or super inside inline
// modules to start from the file's own module.
func (x *extractor) fileRelative(p string) string {
	if len(x.mods) == 0 || p == "" {
		return p
	}
	segs := strings.Split(p, "::")
	switch segs[0] {
	case "self":
		return strings.Join(append(append([]string{"self"}, x.mods...), segs[1:]...), "::")
	case "super":
		k := 0
		for k < len(segs) && segs[k] == "super" {
			k++
		}
		var out []string
		if k <= len(x.mods) {
			out = append(append([]string{"self"}, x.mods[:len(x.mods)-k]...), segs[k:]...)
		} else {
			for i := 0; i < k-len(x.mods); i++ {
				out = append(out, "super")
			}
			out = append(out, segs[k:]...)
		}
		return strings.Join(out, "::")
	}
	return p
}

// pathHead is the first segment of a path ("std" of "std::io").
func pathHead(p string) string {
	head, _, _ := strings.Cut(p, "::")
	return head
}

func lastSegment(p string) string {
	return p[strings.LastIndex(p, "::")+len("::"):]
}

// expandModule is the path a module path written in the file names, as an
// import would write it: its first segment through the file's uses.
func (x *extractor) expandModule(segs []string) string {
	head := segs[0]
	switch head {
	case "crate", "self", "super":
		return x.fileRelative(strings.Join(segs, "::"))
	}
	if p, ok := x.uses[head]; ok {
		return strings.Join(append([]string{p}, segs[1:]...), "::")
	}
	return strings.Join(segs, "::")
}

// nameRoot is the chain root for a type or item name written in the file.
// portable chains (symbol types) are read from other files, so a name the
// file imports is written with its import path.
func (x *extractor) nameRoot(name string, portable bool) string {
	if name == "Self" {
		return "Self"
	}
	if c, ok := x.typeParam(name); ok {
		return c
	}
	if p, ok := x.uses[name]; ok {
		i := strings.LastIndex(p, "::")
		switch {
		case vocab().stdCrates[pathHead(p)]:
			return facts.NotRepo
		case i < 0:
			return facts.Unknown // a crate bound whole
		}
		return facts.Imported(p[:i], p[i+2:])
	}
	switch {
	case x.items[name]:
		return name
	case vocab().prelude[name]:
		return facts.NotRepo
	case portable && len(x.globs) == 1:
		return facts.Imported(x.globs[0], name)
	}
	return name
}

// inlineModule reports whether a path's first segment names one of the
// file's inline modules (or items) rather than an import.
func (x *extractor) inlineModule(head string) bool {
	_, imported := x.uses[head]
	return x.items[head] && !imported
}

// upper reports whether a path segment names a type (or a constant):
// Rust's naming conventions make that an upper-case first letter.
func upper(seg string) bool {
	return seg != "" && seg[0] >= 'A' && seg[0] <= 'Z'
}

// pathChain is the chain of the item a path names (a type, a constant or
// a function of a module, a type's associated item): `Foo` -> Foo,
// `a::b::Foo::new` -> @a::b|Foo.new, `inner::f` -> inner.f for an inline
// module.
func (x *extractor) pathChain(segs []string, portable bool) string {
	k := 0
	for k < len(segs)-1 && !upper(segs[k]) && !x.isTypeParam(segs[k]) {
		k++
	}
	var root string
	switch {
	case k == 0:
		root = x.nameRoot(segs[0], portable)
	case x.inlineModule(segs[0]):
		root = strings.Join(segs[:k+1], ".")
	default:
		if vocab().stdCrates[pathHead(x.expandModule(segs[:k]))] {
			return facts.NotRepo
		}
		root = facts.Imported(x.expandModule(segs[:k]), segs[k])
	}
	if root == facts.Unknown || root == facts.NotRepo || k == len(segs)-1 {
		return root
	}
	return root + "." + strings.Join(segs[k+1:], ".")
}

// pathSegs splits a path node into its segments, without generic
// arguments; nil when it is not a plain path (<T as Tr>::f).
func (x *extractor) pathSegs(n *sitter.Node) []string {
	if n == nil {
		return nil
	}
	switch x.g.Kind(n) {
	case "identifier", "type_identifier", "crate", "self", "super", "metavariable":
		return []string{syntax.Text(n, x.src)}
	case "scoped_identifier", "scoped_type_identifier":
		name := syntax.Text(x.g.Child(n, "name"), x.src)
		p := x.g.Child(n, "path")
		if p == nil {
			return []string{name}
		}
		head := x.pathSegs(p)
		if head == nil || name == "" {
			return nil
		}
		return append(head, name)
	case "generic_type", "generic_type_with_turbofish":
		return x.pathSegs(x.g.Child(n, "type"))
	}
	return nil
}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}
