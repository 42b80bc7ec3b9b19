package lang

import (
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/lgraph/lgraph/facts"
)

func rustSpec() *Spec {
	return &Spec{
		Name: "rust", Family: "rust", Extensions: []string{".rs"}, Interpreters: []string{},
		Grammar: func() *sitter.Language { return sitter.NewLanguage(tsrust.Language()) },
		Extract: rustExtract,
		ModuleKeys: func(path string, f *facts.File, p *Project) []string {
			return []string{rustModuleKey(path)}
		},
		ImportCandidates: rustImportCandidates,
	}
}

// rustGrammar caches a grammar's node kind names and field ids so that the
// walks avoid a C string conversion per Kind() and ChildByFieldName() call.
// It is shared by the rust, ruby and C family extractors.
type rustGrammar struct {
	kinds  []string // by kind id; named kinds only, "" for anonymous tokens
	fields map[string]uint16
}

func rustGrammarOf(l *sitter.Language) *rustGrammar {
	g := &rustGrammar{kinds: make([]string, l.NodeKindCount()), fields: map[string]uint16{}}
	for i := range g.kinds {
		if l.NodeKindIsNamed(uint16(i)) {
			g.kinds[i] = l.NodeKindForId(uint16(i))
		}
	}
	for i := uint32(1); i <= l.FieldCount(); i++ {
		g.fields[l.FieldNameForId(uint16(i))] = uint16(i)
	}
	return g
}

// kind is n's kind name ("" for anonymous tokens, "ERROR" for errors).
func (g *rustGrammar) kind(n *sitter.Node) string {
	id := int(n.KindId())
	if id >= len(g.kinds) {
		return "ERROR"
	}
	return g.kinds[id]
}

// child is n's first child in the named field, nil if none (or n is nil).
func (g *rustGrammar) child(n *sitter.Node, field string) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldId(g.fields[field])
}

var rustG = sync.OnceValue(func() *rustGrammar { return rustGrammarOf(sitter.NewLanguage(tsrust.Language())) })

type rustScope struct {
	qual  string
	kind  byte // 'm' mod block, 'i' impl, 't' trait, 'f' function, 's' other item
	tpLen int  // len(tparams) before this scope's generic parameters
}

// rustImpl is one `impl [Trait for] Type` block, resolved after the walk.
type rustImpl struct {
	self     string // Qualified name the methods hang under
	trait    string // trait as written, "" for inherent impls
	traitRef int    // index in refs of the trait's reference, -1 if none
	selfRef  int    // index in refs of the self type's reference, -1 if none
}

type rustX struct {
	src     []byte
	g       *rustGrammar
	f       *facts.File
	scopes  []rustScope
	fnDepth int
	mods    []string // inline `mod x { }` blocks around the current node
	tparams []string // generic parameter names in scope (not reported as refs)
	impls   []rustImpl
}

func rustExtract(root *sitter.Node, src []byte) *facts.File {
	x := &rustX{src: src, g: rustG(), f: &facts.File{}}
	c := root.Walk()
	defer c.Close()
	x.walk(c, "")
	x.finishImpls()
	return x.f
}

func (x *rustX) walk(c *sitter.TreeCursor, parentKind string) {
	n := c.Node()
	kind := x.g.kind(n)
	if parentKind == "impl_item" && len(x.impls) > 0 {
		switch c.FieldId() {
		case x.g.fields["trait"]:
			x.impls[len(x.impls)-1].traitRef = len(x.f.Refs)
		case x.g.fields["type"]:
			x.impls[len(x.impls)-1].selfRef = len(x.f.Refs)
		}
	}
	descend, pushed := x.enter(n, kind, c, parentKind)
	if descend && c.GotoFirstChild() {
		for {
			x.walk(c, kind)
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	if pushed {
		top := x.scopes[len(x.scopes)-1]
		x.scopes = x.scopes[:len(x.scopes)-1]
		x.tparams = x.tparams[:top.tpLen]
		switch top.kind {
		case 'f':
			x.fnDepth--
		case 'm':
			x.mods = x.mods[:len(x.mods)-1]
		}
	}
}

func (x *rustX) scope() (qual string, kind byte) {
	if len(x.scopes) == 0 {
		return "", 0
	}
	s := x.scopes[len(x.scopes)-1]
	return s.qual, s.kind
}

// push opens the scope of item n, whose generic parameters stay in scope
// until it is popped.
func (x *rustX) push(n *sitter.Node, qual string, kind byte) {
	x.scopes = append(x.scopes, rustScope{qual: qual, kind: kind, tpLen: len(x.tparams)})
	if kind == 'f' {
		x.fnDepth++
	}
	tp := x.g.child(n, "type_parameters")
	if tp == nil {
		return
	}
	for i := uint(0); i < tp.NamedChildCount(); i++ {
		if ch := tp.NamedChild(i); x.g.kind(ch) == "type_parameter" {
			x.tparams = append(x.tparams, Text(x.g.child(ch, "name"), x.src))
		}
	}
}

// enter handles one node and reports whether to visit its children and
// whether it pushed a scope.
func (x *rustX) enter(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	switch kind {
	case "function_item", "function_signature_item":
		if x.fnDepth > 0 {
			return true, false
		}
		_, sk := x.scope()
		k := facts.KindFunction
		if sk == 'i' || sk == 't' {
			k = facts.KindMethod
		}
		x.symbol(n, k)
		return true, true
	case "struct_item", "union_item", "enum_item", "trait_item", "type_item", "const_item", "static_item":
		if x.fnDepth > 0 {
			return true, false
		}
		_, sk := x.scope()
		var k string
		switch kind {
		case "struct_item", "union_item":
			k = facts.KindStruct
		case "enum_item":
			k = facts.KindEnum
		case "trait_item":
			k = facts.KindTrait
		case "type_item":
			if sk == 'i' || sk == 't' {
				return true, false // associated type
			}
			k = facts.KindType
		case "const_item":
			k = facts.KindConst
		default:
			k = facts.KindVar
		}
		s := x.symbol(n, k)
		if kind == "trait_item" {
			if b := x.g.child(n, "bounds"); b != nil {
				s.Extends = rustBounds(b, x.src)
			}
		}
		return true, true
	case "mod_item":
		name := Text(x.g.child(n, "name"), x.src)
		if x.g.child(n, "body") == nil {
			p := name
			if len(x.mods) > 0 {
				p = strings.Join(x.mods, "::") + "::" + name
			}
			x.f.Imports = append(x.f.Imports, facts.Import{Path: "self::" + p, Kind: "mod", Line: Line(n)})
			return false, false
		}
		if x.fnDepth > 0 {
			return true, false
		}
		x.symbol(n, facts.KindModule)
		x.mods = append(x.mods, name)
		return true, true
	case "impl_item":
		if x.fnDepth > 0 {
			x.impls = append(x.impls, rustImpl{traitRef: -1, selfRef: -1}) // local impl: never resolved
			return true, false
		}
		outer, _ := x.scope()
		self := rustTypeName(x.g.child(n, "type"), x.src)
		if outer != "" {
			self = outer + "." + self
		}
		im := rustImpl{self: self, traitRef: -1, selfRef: -1}
		if t := x.g.child(n, "trait"); t != nil {
			im.trait = rustStripGenerics(OneLine(Text(t, x.src)))
		}
		x.impls = append(x.impls, im)
		x.push(n, self, 'i')
		return true, true
	case "use_declaration":
		if a := x.g.child(n, "argument"); a != nil {
			x.use(a, "", Line(n))
		}
		return false, false
	case "extern_crate_declaration":
		x.f.Imports = append(x.f.Imports, facts.Import{
			Path: Text(x.g.child(n, "name"), x.src), Alias: Text(x.g.child(n, "alias"), x.src), Line: Line(n),
		})
		return false, false
	case "call_expression":
		x.call(x.g.child(n, "function"), Line(n))
		return true, false
	case "type_identifier":
		if parentKind != "struct_expression" && c.FieldId() == x.g.fields["name"] {
			return false, false
		}
		if name := Text(n, x.src); name != "Self" && !x.isTypeParam(name) {
			x.ref(name, "", facts.RefReference, Line(n))
		}
		return false, false
	case "scoped_type_identifier":
		q, ok := rustChain(x.g.child(n, "path"), x.src)
		if !ok {
			q = "?"
		}
		x.ref(Text(x.g.child(n, "name"), x.src), q, facts.RefReference, Line(n))
		return false, false
	case "macro_invocation", "macro_definition", "attribute_item", "inner_attribute_item",
		"line_comment", "block_comment", "string_literal", "raw_string_literal",
		"identifier", "field_identifier", "integer_literal", "primitive_type", "self", "mutable_specifier",
		"float_literal", "boolean_literal", "char_literal", "lifetime", "crate", "super":
		return false, false
	}
	// Anonymous tokens ("(", "::", keywords) have no children worth a visit.
	return kind != "", false
}

// rustModuleKey is the crate path of a file: src/lib.rs -> crate,
// src/a/mod.rs -> crate::a, src/a/b.rs -> crate::a::b.
func rustModuleKey(p string) string {
	rel := p
	if i := strings.LastIndex(p, "/src/"); i >= 0 {
		rel = p[i+len("/src/"):]
	} else if strings.HasPrefix(p, "src/") {
		rel = p[len("src/"):]
	}
	rel = strings.TrimSuffix(rel, ".rs")
	segs := strings.Split(rel, "/")
	last := segs[len(segs)-1]
	if last == "mod" || (len(segs) == 1 && (last == "lib" || last == "main")) {
		segs = segs[:len(segs)-1]
	}
	return strings.Join(append([]string{"crate"}, segs...), "::")
}

func rustImportCandidates(imp facts.Import, from string, p *Project) []string {
	m := rustModuleKey(from)
	if imp.Kind == "mod" {
		return []string{m + "::" + strings.TrimPrefix(imp.Path, "self::")}
	}
	segs := strings.Split(imp.Path, "::")
	var base []string
	switch segs[0] {
	case "crate":
		base = segs
	case "self":
		base = append(strings.Split(m, "::"), segs[1:]...)
	case "super":
		base = strings.Split(m, "::")
		k := 0
		for k < len(segs) && segs[k] == "super" {
			if len(base) <= 1 {
				return nil
			}
			base = base[:len(base)-1]
			k++
		}
		base = append(base, segs[k:]...)
	default:
		return nil
	}
	var out []string
	for n := len(base); n >= 2; n-- {
		out = append(out, strings.Join(base[:n], "::"))
	}
	return out
}
