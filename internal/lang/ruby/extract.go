package ruby

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// table is the Ruby grammar's kinds and fields, read once.
var table = sync.OnceValue(func() *syntax.Table { return syntax.NewTable(rubyGrammar()) })

type scope struct {
	qual string
	kind byte // 'c' class, 'm' module, 'k' constant, 'f' method, 's' class << self
	sym  int  // index of the scope's symbol in Symbols, -1 if none
}

type extractor struct {
	src     []byte
	g       *syntax.Table
	f       *facts.File
	scopes  []scope
	fnDepth int
	// locals are the variables of the open methods and blocks with their
	// type chains, innermost last.
	locals syntax.Locals
	// fields maps a field's Qualified name to its index in Symbols.
	fields map[string]int
}

func extract(root *sitter.Node, src []byte) *facts.File {
	x := &extractor{src: src, g: table(), f: &facts.File{}, fields: map[string]int{}}
	x.locals.Push() // the file's own locals
	c := root.Walk()
	defer c.Close()
	x.walk(c)
	return x.f
}

func (x *extractor) walk(c *sitter.TreeCursor) {
	n := c.Node()
	kind := x.g.Kind(n)
	block := vocab().blocks[kind]
	if block {
		x.locals.Push()
		x.declareParams(x.g.Child(n, "parameters"))
	}
	if kind == "identifier" {
		x.identifier(n, c.FieldName())
	}
	descend, pushed := x.enter(n, kind)
	if descend && c.GotoFirstChild() {
		for {
			x.walk(c)
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	if pushed {
		if x.scopes[len(x.scopes)-1].kind == 'f' {
			x.fnDepth--
			x.locals.Pop()
		}
		x.scopes = x.scopes[:len(x.scopes)-1]
	}
	if block {
		x.locals.Pop()
	}
}

func (x *extractor) scope() string {
	if len(x.scopes) == 0 {
		return ""
	}
	return x.scopes[len(x.scopes)-1].qual
}

// inType reports whether a class, module or constant (Struct.new do ... end)
// encloses the current node, so that a def in it is a method.
func (x *extractor) inType() bool {
	for _, s := range x.scopes {
		if s.kind != 'f' {
			return true
		}
	}
	return false
}

func (x *extractor) enter(n *sitter.Node, kind string) (descend, pushed bool) {
	switch kind {
	case "class", "module":
		if x.fnDepth > 0 {
			return true, false
		}
		nameNode := x.g.Child(n, "name")
		written := syntax.NoSpace(syntax.Text(nameNode, x.src))
		k, sk := facts.KindClass, byte('c')
		if kind == "module" {
			k, sk = facts.KindModule, 'm'
		}
		var extends []string
		if sc := x.g.Child(n, "superclass"); sc != nil && sc.NamedChildCount() > 0 {
			if base := sc.NamedChild(0); isConst(base) {
				extends = []string{syntax.NoSpace(syntax.Text(base, x.src))}
			}
		}
		x.symbol(n, written, k, sk, extends)
		// The name is a definition, not a reference: visit the rest only.
		x.walkExcept(n, nameNode)
		return false, true
	case "method", "singleton_method":
		if x.fnDepth > 0 {
			return true, false
		}
		k := facts.KindFunction
		if x.inType() {
			k = facts.KindMethod
		}
		x.symbol(n, syntax.Text(x.g.Child(n, "name"), x.src), k, 'f', nil)
		x.fnDepth++
		x.locals.Push()
		x.declareParams(x.g.Child(n, "parameters"))
		return true, true
	case "singleton_class":
		x.scopes = append(x.scopes, scope{qual: x.scope(), kind: 's', sym: -1})
		return true, true
	case "assignment", "operator_assignment":
		left := x.g.Child(n, "left")
		if left != nil {
			x.assign(n, left, x.g.Child(n, "right"))
		}
		if x.fnDepth > 0 || left == nil || x.g.Kind(left) != "constant" || kind != "assignment" {
			return true, false
		}
		x.symbol(n, syntax.Text(left, x.src), facts.KindConst, 'k', nil)
		if r := x.g.Child(n, "right"); r != nil {
			x.walkNode(r)
		}
		return false, true
	case "call":
		return x.call(n), false
	case "super":
		x.superCall(n)
		return false, false
	case "constant":
		x.ref(syntax.Text(n, x.src), "", facts.RefReference, syntax.Line(n))
		return false, false
	case "scope_resolution":
		q := ""
		if s := x.g.Child(n, "scope"); s != nil {
			q = syntax.NoSpace(syntax.Text(s, x.src))
		}
		x.ref(syntax.Text(x.g.Child(n, "name"), x.src), q, facts.RefReference, syntax.Line(n))
		return false, false
	case "comment", "string_content", "escape_sequence", "simple_symbol",
		"identifier", "integer", "float", "instance_variable", "class_variable", "global_variable",
		"self", "nil", "true", "false":
		return false, false
	}
	// Anonymous tokens ("(", "do", "end") have no children worth a visit.
	return kind != "", false
}

// walkNode visits a subtree with its own cursor (used when part of a node
// must be skipped).
func (x *extractor) walkNode(n *sitter.Node) {
	c := n.Walk()
	defer c.Close()
	x.walk(c)
}

// walkExcept visits the children of n other than skip.
func (x *extractor) walkExcept(n, skip *sitter.Node) {
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		if skip != nil && ch.Id() == skip.Id() {
			continue
		}
		x.walkNode(ch)
	}
}

// symbol records a definition; written is its name as written ("A::B" for
// class A::B, which nests as A.B).
func (x *extractor) symbol(n *sitter.Node, written, kind string, sk byte, extends []string) {
	parent := x.scope()
	if strings.HasPrefix(written, "::") {
		parent, written = "", strings.TrimPrefix(written, "::")
	}
	segs := strings.Split(written, "::")
	name := segs[len(segs)-1]
	qual := strings.Join(segs, ".")
	if parent != "" {
		qual = parent + "." + qual
	}
	symParent := parent
	if i := strings.LastIndexByte(qual, '.'); i >= 0 {
		symParent = qual[:i]
	}
	if name == "" { // MISSING name in broken code: scope only
		x.scopes = append(x.scopes, scope{qual: qual, kind: sk, sym: -1})
		return
	}
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: kind, Parent: symParent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n),
		Signature: header(n, x.src),
		Doc:       doc(n, x.src),
		Extends:   extends,
	})
	x.scopes = append(x.scopes, scope{qual: qual, kind: sk, sym: len(x.f.Symbols) - 1})
}

func (x *extractor) ref(name, qual, kind string, line int) {
	x.refRecv(name, qual, "", kind, line)
}

func (x *extractor) refRecv(name, qual, recv, kind string, line int) {
	if name == "" {
		return
	}
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: x.scope(), Line: line, Recv: recv})
}

// header is the definition line up to its name, parameters or
// superclass ("def m(a, b = 2)", "class B < Base").
func header(n *sitter.Node, src []byte) string {
	end := n.StartByte()
	for _, f := range []string{"name", "object", "parameters", "superclass", "left"} {
		if ch := table().Child(n, f); ch != nil && ch.EndByte() > end {
			end = ch.EndByte()
		}
	}
	if table().Kind(n) == "assignment" { // FOO = value, first line only
		end = n.EndByte()
		if i := strings.IndexByte(string(src[n.StartByte():end]), '\n'); i >= 0 {
			end = n.StartByte() + uint(i)
		}
	}
	s := syntax.OneLine(string(src[n.StartByte():end]))
	if len(s) > 400 {
		s = s[:400]
	}
	return s
}

// doc returns the # comment lines directly above n. A comment above the
// first statement of a class body belongs to the class node, so the search
// continues above the body.
func doc(n *sitter.Node, src []byte) string {
	var lines []string
	next := int(n.StartPosition().Row)
	for cur := n; cur != nil; {
		p := cur.PrevSibling()
		if p == nil {
			if par := cur.Parent(); par != nil && table().Kind(par) == "body_statement" && par.StartByte() == cur.StartByte() {
				cur = par
				continue
			}
			break
		}
		if table().Kind(p) != "comment" || int(p.EndPosition().Row) < next-1 {
			break
		}
		lines = append(lines, syntax.StripComment(syntax.Text(p, src)))
		next = int(p.StartPosition().Row)
		cur = p
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

func moduleKeys(p string, f *facts.File, pr *lang.Project) []string {
	k := strings.TrimSuffix(p, ".rb")
	if rest, ok := strings.CutPrefix(k, "lib/"); ok {
		return []string{k, rest}
	}
	return []string{k}
}

func importCandidates(imp facts.Import, from string, p *lang.Project) []string {
	spec := strings.TrimSuffix(imp.Path, ".rb")
	if spec == "" {
		return nil
	}
	switch imp.Kind {
	case "relative":
		return []string{path.Clean(path.Join(path.Dir(from), spec))}
	case "require":
		return []string{spec, "lib/" + spec}
	}
	return nil
}
