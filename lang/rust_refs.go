package lang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/facts"
)

func (x *rustX) ref(name, qual, kind string, line int) {
	if name == "" {
		return
	}
	from, _ := x.scope()
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: from, Line: line})
}

// call records the callee of a call_expression.
func (x *rustX) call(fn *sitter.Node, line int) {
	for fn != nil {
		switch x.g.kind(fn) {
		case "identifier":
			x.ref(Text(fn, x.src), "", facts.RefCall, line)
		case "scoped_identifier":
			q := ""
			if p := x.g.child(fn, "path"); p != nil {
				var ok bool
				if q, ok = rustChain(p, x.src); !ok {
					q = "?"
				}
			}
			x.ref(Text(x.g.child(fn, "name"), x.src), q, facts.RefCall, line)
		case "field_expression":
			q, ok := rustChain(x.g.child(fn, "value"), x.src)
			if !ok {
				q = "?"
			}
			x.ref(Text(x.g.child(fn, "field"), x.src), q, facts.RefCall, line)
		case "generic_function":
			fn = x.g.child(fn, "function")
			continue
		}
		return
	}
}

// use flattens one use tree into imports. prefix is the path of the
// enclosing use list ("" at the top).
func (x *rustX) use(n *sitter.Node, prefix string, line int) {
	join := func(p string) string {
		p = strings.TrimPrefix(rustNoSpace(p), "::")
		if prefix == "" {
			return p
		}
		if p == "" {
			return prefix
		}
		return prefix + "::" + p
	}
	switch x.g.kind(n) {
	case "use_as_clause":
		x.addUse(facts.Import{Path: join(Text(x.g.child(n, "path"), x.src)), Alias: Text(x.g.child(n, "alias"), x.src), Line: line})
	case "use_wildcard":
		p := strings.TrimSuffix(rustNoSpace(Text(n, x.src)), "*")
		x.addUse(facts.Import{Path: join(strings.TrimSuffix(p, "::")), Kind: "wildcard", Line: line})
	case "scoped_use_list", "use_list":
		list := n
		if x.g.kind(n) == "scoped_use_list" {
			prefix = join(Text(x.g.child(n, "path"), x.src))
			list = x.g.child(n, "list")
			if list == nil {
				return
			}
		}
		imp := facts.Import{Path: prefix, Line: line}
		var nested []*sitter.Node
		for i := uint(0); i < list.NamedChildCount(); i++ {
			ch := list.NamedChild(i)
			switch x.g.kind(ch) {
			case "identifier", "crate", "super", "metavariable":
				imp.Names = append(imp.Names, Text(ch, x.src))
			case "self":
			case "use_as_clause":
				if p := x.g.child(ch, "path"); p != nil && x.g.kind(p) == "identifier" {
					imp.Names = append(imp.Names, Text(p, x.src))
				} else {
					nested = append(nested, ch)
				}
			case "line_comment", "block_comment":
			default:
				nested = append(nested, ch)
			}
		}
		if prefix != "" && (len(imp.Names) > 0 || len(nested) == 0) {
			x.addUse(imp)
		}
		for _, ch := range nested {
			x.use(ch, prefix, line)
		}
	default:
		x.addUse(facts.Import{Path: join(Text(n, x.src)), Line: line})
	}
}

// addUse records an import. Inside inline `mod a { }` blocks, self:: and
// super:: are rewritten relative to the file's module, so that the
// resolver (which only knows the file) resolves them correctly:
// `use super::*` in `mod tests` becomes `self`.
func (x *rustX) addUse(imp facts.Import) {
	if len(x.mods) > 0 && imp.Path != "" {
		segs := strings.Split(imp.Path, "::")
		switch segs[0] {
		case "self":
			imp.Path = strings.Join(append(append([]string{"self"}, x.mods...), segs[1:]...), "::")
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
			imp.Path = strings.Join(out, "::")
		}
	}
	x.f.Imports = append(x.f.Imports, imp)
}

// rustChain returns the text of an identifier chain (a, a::b, a.b, self,
// Vec::<T> -> Vec) and whether n is one.
func rustChain(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch rustG().kind(n) {
	case "identifier", "self", "super", "crate", "type_identifier", "field_identifier", "metavariable":
		return Text(n, src), true
	case "scoped_identifier", "scoped_type_identifier":
		name := Text(rustG().child(n, "name"), src)
		p := rustG().child(n, "path")
		if p == nil {
			return name, true
		}
		q, ok := rustChain(p, src)
		return q + "::" + name, ok
	case "generic_type":
		return rustChain(rustG().child(n, "type"), src)
	case "field_expression":
		q, ok := rustChain(rustG().child(n, "value"), src)
		return q + "." + Text(rustG().child(n, "field"), src), ok
	}
	return "", false
}

// rustStripGenerics drops a trailing generic argument list ("Tr<X>" -> "Tr").
func rustStripGenerics(s string) string {
	if i := strings.IndexByte(s, '<'); i > 0 {
		return s[:i]
	}
	return s
}

func rustNoSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), "")
}
