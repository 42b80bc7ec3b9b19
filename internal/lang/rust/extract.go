package rust

import (
	"sort"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// table is the Rust grammar's kinds and fields, read once.
var table = sync.OnceValue(func() *syntax.Table { return syntax.NewTable(rustGrammar()) })

type scope struct {
	qual  string
	kind  byte // 'm' mod block, 'i' impl, 't' trait, 'f' function, 'S' struct or union, 's' other item
	tpLen int  // len(tparams) before this scope's generic parameters
}

// impl is one `impl [Trait for] Type` block, resolved after the walk.
type impl struct {
	self     string // Qualified name the methods hang under
	trait    string // trait as written, "" for inherent impls
	traitRef int    // index in refs of the trait's reference, -1 if none
	selfRef  int    // index in refs of the self type's reference, -1 if none
}

// tParam is a generic parameter in scope with the chain of the
// values it types: its first bound that is not a standard trait.
type tParam struct{ name, chain string }

type extractor struct {
	src     []byte
	g       *syntax.Table
	f       *facts.File
	scopes  []scope
	fnDepth int
	mods    []string // inline `mod x { }` blocks around the current node
	tparams []tParam // generic parameters in scope (not reported as refs)
	impls   []impl
	// What the file says about its names (rust_names.go): each name a use
	// binds, with the path it names (`use crate::a::B as C`: C ->
	// crate::a::B); the file's own items; the file-level glob imports
	// that may reach the repository.
	uses  map[string]string
	items map[string]bool
	globs []string
	// locals are the open blocks of the current function (rust_locals.go).
	locals []locals
	// paths are the module paths given an Import of kind "path" so far.
	paths map[string]bool
	// root is the file's tree; argsTree is the second reading of the
	// arguments of expression macros, parsed on first need (macros.go).
	root      *sitter.Node
	argsTree  *sitter.Tree
	argsTried bool
	// variants are the field types of the file's one-value tuple enum
	// variants, by "Enum::Variant" (locals.go).
	variants map[string]*sitter.Node
}

func extract(root *sitter.Node, src []byte) *facts.File {
	x := &extractor{src: src, g: table(), f: &facts.File{}, uses: map[string]string{}, items: map[string]bool{}, paths: map[string]bool{}, root: root, variants: map[string]*sitter.Node{}}
	defer func() {
		if x.argsTree != nil {
			x.argsTree.Close()
		}
	}()
	x.declarations(root)
	c := root.Walk()
	defer c.Close()
	x.walk(c, "")
	x.finishImpls()
	x.fieldsLast()
	sort.SliceStable(x.f.Imports, func(i, j int) bool { return x.f.Imports[i].Line < x.f.Imports[j].Line })
	return x.f
}

func (x *extractor) walk(c *sitter.TreeCursor, parentKind string) {
	n := c.Node()
	x.popLocals(n.StartByte())
	kind := x.g.Kind(n)
	if parentKind == "impl_item" && len(x.impls) > 0 {
		switch c.FieldId() {
		case x.g.Field("trait"):
			x.impls[len(x.impls)-1].traitRef = len(x.f.Refs)
		case x.g.Field("type"):
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
	x.leave(n, kind)
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

func (x *extractor) scope() (qual string, kind byte) {
	if len(x.scopes) == 0 {
		return "", 0
	}
	s := x.scopes[len(x.scopes)-1]
	return s.qual, s.kind
}

// push opens the scope of item n, whose generic parameters stay in scope
// until it is popped.
func (x *extractor) push(n *sitter.Node, qual string, kind byte) {
	x.scopes = append(x.scopes, scope{qual: qual, kind: kind, tpLen: len(x.tparams)})
	if kind == 'f' {
		x.fnDepth++
	}
	x.typeParams(n)
}

// enter handles one node and reports whether to visit its children and
// whether it pushed a scope.
func (x *extractor) enter(n *sitter.Node, kind string, c *sitter.TreeCursor, parentKind string) (descend, pushed bool) {
	if x.fnDepth > 0 && x.enterBody(n, kind) {
		return true, false
	}
	switch kind {
	case "function_item", "function_signature_item":
		// (inside a function body, enterBody takes these)
		_, sk := x.scope()
		k := facts.KindFunction
		if sk == 'i' || sk == 't' {
			k = facts.KindMethod
		}
		x.symbol(n, k).Type = x.resultType(n)
		if kind == "function_item" {
			x.pushLocals(n.EndByte())
			x.declareParams(x.g.Child(n, "parameters"))
		}
		return true, true
	case "struct_item", "union_item", "enum_item", "trait_item", "type_item", "const_item", "static_item":
		return x.item(n, kind)
	case "field_declaration":
		if _, sk := x.scope(); sk == 'S' && x.fnDepth == 0 && parentKind == "field_declaration_list" {
			x.field(n)
		}
		return true, false
	case "mod_item":
		if x.g.Child(n, "body") == nil {
			return false, false
		}
		x.symbol(n, facts.KindModule)
		x.mods = append(x.mods, syntax.Text(x.g.Child(n, "name"), x.src))
		return true, true
	case "impl_item":
		return x.impl(n)
	case "use_declaration", "extern_crate_declaration":
		if x.fnDepth > 0 {
			x.useDecl(n, kind)
		}
		return false, false
	case "call_expression":
		x.call(x.g.Child(n, "function"), syntax.Line(n))
		return true, false
	case "type_identifier":
		if parentKind != "struct_expression" && c.FieldId() == x.g.Field("name") {
			return false, false
		}
		if name := syntax.Text(n, x.src); name != "Self" && !x.isTypeParam(name) {
			x.ref(name, "", facts.RefReference, syntax.Line(n))
		}
		return false, false
	case "scoped_type_identifier":
		x.typePathRef(n)
		return false, false
	case "macro_invocation":
		if x.fnDepth > 0 {
			if tt := x.macroArgs(n); tt != nil {
				x.walkMacro(tt)
			}
		}
		return false, false
	case "macro_definition", "attribute_item", "inner_attribute_item",
		"line_comment", "block_comment", "string_literal", "raw_string_literal",
		"identifier", "field_identifier", "integer_literal", "primitive_type", "self", "mutable_specifier",
		"float_literal", "boolean_literal", "char_literal", "lifetime", "crate", "super":
		return false, false
	}
	// Anonymous tokens ("(", "::", keywords) have no children worth a visit.
	return kind != "", false
}

// item handles a type, trait, constant or static definition.
func (x *extractor) item(n *sitter.Node, kind string) (descend, pushed bool) {
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
	switch kind {
	case "trait_item":
		if b := x.g.Child(n, "bounds"); b != nil {
			s.Extends = bounds(b, x.src)
		}
	case "const_item", "static_item":
		s.Type = symType(x.typeChain(x.g.Child(n, "type"), true))
	}
	return true, true
}

// impl opens an impl block: its methods hang under the self type.
func (x *extractor) impl(n *sitter.Node) (descend, pushed bool) {
	if x.fnDepth > 0 {
		x.impls = append(x.impls, impl{traitRef: -1, selfRef: -1}) // local impl: never resolved
		return true, false
	}
	outer, _ := x.scope()
	self := typeName(x.g.Child(n, "type"), x.src)
	if outer != "" {
		self = outer + "." + self
	}
	im := impl{self: self, traitRef: -1, selfRef: -1}
	if t := x.g.Child(n, "trait"); t != nil {
		im.trait = syntax.CutGenerics(syntax.OneLine(syntax.Text(t, x.src)))
	}
	x.impls = append(x.impls, im)
	x.push(n, self, 'i')
	return true, true
}

// leave finishes a node after its children: a let binds its names for
// what follows it, not for its own initializer.
func (x *extractor) leave(n *sitter.Node, kind string) {
	if x.fnDepth == 0 || (kind != "let_declaration" && kind != "let_condition") {
		return
	}
	x.popLocals(n.EndByte())
	chain := facts.Unknown
	if t := x.g.Child(n, "type"); t != nil {
		chain = x.typeChain(t, false)
	}
	if chain == facts.Unknown {
		chain = x.exprChain(x.g.Child(n, "value"))
	}
	x.declarePattern(x.g.Child(n, "pattern"), chain)
}
