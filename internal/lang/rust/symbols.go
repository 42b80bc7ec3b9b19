package rust

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// symbol appends a definition for n under the current scope and pushes it.
func (x *extractor) symbol(n *sitter.Node, kind string) *facts.Symbol {
	name := syntax.Text(x.g.Child(n, "name"), x.src)
	parent, _ := x.scope()
	qual := name
	if parent != "" {
		qual = parent + "." + name
	}
	body := x.g.Child(n, "body")
	if body != nil && x.g.Kind(body) == "ordered_field_declaration_list" {
		body = nil // tuple struct: the fields are the signature
	}
	sk := byte('s')
	switch kind {
	case facts.KindFunction, facts.KindMethod:
		sk = 'f'
	case facts.KindModule:
		sk = 'm'
	case facts.KindTrait:
		sk = 't'
	case facts.KindStruct:
		sk = 'S'
	}
	x.push(n, qual, sk)
	if name == "" { // MISSING name in broken code: scope only
		return &facts.Symbol{}
	}
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: kind, Parent: parent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: strings.TrimRight(syntax.Header(n, body, x.src), " ;"),
		Doc:       doc(n, x.src),
	})
	return &x.f.Symbols[len(x.f.Symbols)-1]
}

// fieldsLast moves the fields that share their qualified name with a
// method (a private field and its getter) after every other symbol, so
// that the method keeps the node id it has without fields, and the field
// takes the "~2" one.
func (x *extractor) fieldsLast() {
	others := map[string]bool{}
	for _, s := range x.f.Symbols {
		if s.Kind != facts.KindField {
			others[s.Qualified] = true
		}
	}
	var moved []facts.Symbol
	kept := x.f.Symbols[:0]
	for _, s := range x.f.Symbols {
		if s.Kind == facts.KindField && others[s.Qualified] {
			moved = append(moved, s)
		} else {
			kept = append(kept, s)
		}
	}
	x.f.Symbols = append(kept, moved...)
}

// field records a named field of a struct or union with its type, so that
// self.f.m() resolves through f's type.
func (x *extractor) field(n *sitter.Node) {
	name := syntax.Text(x.g.Child(n, "name"), x.src)
	parent, _ := x.scope()
	if name == "" || parent == "" {
		return
	}
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: parent + "." + name, Kind: facts.KindField, Parent: parent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: syntax.OneLine(syntax.Text(n, x.src)),
		Doc:       doc(n, x.src),
		Type:      symType(x.typeChain(x.g.Child(n, "type"), true)),
	})
}

// finishImpls attaches `impl Trait for Type` to Type when Type is defined in
// this file (and drops the then redundant trait and self-type refs).
func (x *extractor) finishImpls() {
	drop := map[int]bool{}
	for _, im := range x.impls {
		if im.self == "" {
			continue
		}
		var sym *facts.Symbol
		for i := range x.f.Symbols {
			s := &x.f.Symbols[i]
			if s.Qualified == im.self && s.Kind != facts.KindFunction && s.Kind != facts.KindMethod {
				sym = s
				break
			}
		}
		if sym == nil {
			continue
		}
		if im.selfRef >= 0 {
			drop[im.selfRef] = true
		}
		if im.trait == "" {
			continue
		}
		if im.traitRef >= 0 {
			drop[im.traitRef] = true
		}
		dup := false
		for _, t := range sym.Implements {
			dup = dup || t == im.trait
		}
		if !dup {
			sym.Implements = append(sym.Implements, im.trait)
		}
	}
	if len(drop) == 0 {
		return
	}
	refs := x.f.Refs[:0]
	for i, r := range x.f.Refs {
		if !drop[i] {
			refs = append(refs, r)
		}
	}
	x.f.Refs = refs
}

// typeName is the name of an impl's self type without generics,
// references or path ("Point" for &'a mut a::Point<T>).
func typeName(n *sitter.Node, src []byte) string {
	for n != nil {
		switch table().Kind(n) {
		case "type_identifier", "primitive_type":
			return syntax.Text(n, src)
		case "generic_type", "reference_type", "pointer_type":
			n = table().Child(n, "type")
		case "scoped_type_identifier":
			n = table().Child(n, "name")
		default:
			return syntax.NoSpace(syntax.Text(n, src))
		}
	}
	return ""
}

// bounds lists the trait names of trait_bounds (supertraits).
func bounds(b *sitter.Node, src []byte) []string {
	var out []string
	for i := uint(0); i < b.NamedChildCount(); i++ {
		ch := b.NamedChild(i)
		switch table().Kind(ch) {
		case "type_identifier", "scoped_type_identifier", "generic_type":
			out = append(out, syntax.CutGenerics(syntax.NoSpace(syntax.Text(ch, src))))
		}
	}
	return out
}

// doc returns the /// //! or /** */ comments above n, looking through
// attributes such as #[derive(..)].
func doc(n *sitter.Node, src []byte) string {
	var lines []string
	next := int(n.StartPosition().Row)
	for p := n.PrevSibling(); p != nil; p = p.PrevSibling() {
		kind := table().Kind(p)
		if kind == "attribute_item" {
			next = int(p.StartPosition().Row)
			continue
		}
		if kind != "line_comment" && kind != "block_comment" {
			break
		}
		t := strings.TrimRight(syntax.Text(p, src), "\r\n")
		doc := (strings.HasPrefix(t, "///") && !strings.HasPrefix(t, "////")) || strings.HasPrefix(t, "//!") ||
			(strings.HasPrefix(t, "/**") && !strings.HasPrefix(t, "/***") && t != "/**/") || strings.HasPrefix(t, "/*!")
		end := int(p.StartPosition().Row) + strings.Count(t, "\n")
		if !doc || end < next-1 {
			break
		}
		lines = append(lines, syntax.StripComment(t))
		next = int(p.StartPosition().Row)
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
