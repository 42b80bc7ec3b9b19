package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (e *extractor) importStatement(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.Kind(c) {
		case "dotted_name":
			e.f.Imports = append(e.f.Imports, facts.Import{Path: noSpace(syntax.Text(c, e.src)), Line: syntax.Line(n)})
		case "aliased_import":
			imp := facts.Import{Path: noSpace(syntax.Text(c.ChildByFieldId(e.g.fName), e.src)), Line: syntax.Line(n)}
			imp.Alias = syntax.Text(c.ChildByFieldId(e.g.fAlias), e.src)
			e.f.Imports = append(e.f.Imports, imp)
		}
	}
}

func (e *extractor) importFrom(n *sitter.Node) {
	mod := n.ChildByFieldId(e.g.fModule)
	if mod == nil {
		return
	}
	imp := facts.Import{Path: noSpace(syntax.Text(mod, e.src)), Line: syntax.Line(n)}
	var as []string
	renamed := false
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Id() == mod.Id() {
			continue
		}
		switch e.g.Kind(c) {
		case "dotted_name":
			imp.Names = append(imp.Names, noSpace(syntax.Text(c, e.src)))
			as = append(as, "")
		case "aliased_import":
			name := noSpace(syntax.Text(c.ChildByFieldId(e.g.fName), e.src))
			local := syntax.Text(c.ChildByFieldId(e.g.fAlias), e.src)
			if local == name {
				local = ""
			}
			renamed = renamed || local != ""
			imp.Names = append(imp.Names, name)
			as = append(as, local)
		case "wildcard_import":
			imp.Kind = "wildcard"
		}
	}
	if renamed {
		imp.As = as
	}
	e.f.Imports = append(e.f.Imports, imp)
}

func (e *extractor) call(n *sitter.Node) {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return
	}
	switch e.g.Kind(fn) {
	case "identifier":
		e.skipID = fn.Id()
		name := syntax.Text(fn, e.src)
		if isPyVariable(e.localFlags(name)) {
			return // a parameter or local variable, not a definition of that name
		}
		e.ref(fn, name, "", facts.RefCall)
	case "attribute":
		attr := fn.ChildByFieldId(e.g.fAttr)
		obj := fn.ChildByFieldId(e.g.fObject)
		if attr == nil || obj == nil || e.isLiteral(obj) {
			return // "sep".join(...), [].append(...): a builtin type's method
		}
		qual := noSpace(syntax.Text(obj, e.src))
		if isDotted(qual) {
			e.skipID = fn.Id()
			head, _, _ := cutDot(qual)
			if isPyBuiltinVar(e.localFlags(head)) || strings.Contains("."+qual+".", ".__dict__.") {
				return // a local holding a literal, or an instance dict
			}
		}
		name := syntax.Text(attr, e.src)
		e.side, e.sides = 0, 0
		qual, recv := e.callRecv(obj, qual)
		e.refRecv(attr, name, qual, recv, facts.RefCall)
		// The receiver is one of several values (cls = A if x else B,
		// composed = A | B, for c in [A, B]): the call is written once
		// for each.
		seen := []string{recv}
		for e.side = 1; e.side < min(e.sides, maxSides); e.side++ {
			if q, other := e.callRecv(obj, qual); !slices.Contains(seen, other) {
				seen = append(seen, other)
				e.refRecv(attr, name, q, other, facts.RefCall)
			}
		}
		e.side, e.sides = 0, 0
	}
}

// callRecv is the qualifier and receiver chain of a call on obj, whose
// text is qual: a dotted name's chain through the local or class-body
// attribute its head names, super, or else the expression's chain ("?").
func (e *extractor) callRecv(obj *sitter.Node, qual string) (string, string) {
	switch {
	case isDotted(qual):
		recv := e.localRecv(qual, obj.StartByte())
		if recv == "" {
			recv = e.classBodyRecv(qual)
		}
		return qual, recv
	case e.g.Kind(obj) == "call" && isSuperCall(obj, e):
		return "super", ""
	}
	if c := e.exprChain(obj, pyRecv, 0); c != facts.Unknown {
		return "?", c
	}
	return "?", ""
}

// localRecv is the receiver chain of a dotted qualifier whose head is a
// parameter or local variable: its type with the other parts as steps;
// Unknown when its type is unknown. It is "" for self and cls (the
// resolver reads them as written) and for names the module scope binds.
func (e *extractor) localRecv(qual string, at uint) string {
	head, rest, dotted := cutDot(qual)
	if !isPyVariable(e.localFlags(head)) {
		return ""
	}
	c := e.nameChain(head, at, pyRecv, 0)
	if c == "self" && (head == "self" || head == "cls") {
		return ""
	}
	if dotted {
		return steps(c, strings.Split(rest, "."))
	}
	return c
}

// classBodyRecv is the receiver chain of a dotted qualifier in a class
// body itself whose head the body assigned before (router = Router(), then
// router.register(...)): the attribute's type with the other parts as
// steps. "" elsewhere, and when the type is unknown.
func (e *extractor) classBodyRecv(qual string) string {
	if len(e.stack) == 0 || !e.stack[len(e.stack)-1].class {
		return ""
	}
	head, rest, dotted := cutDot(qual)
	f, ok := e.fields[e.stack[len(e.stack)-1].qual+"."+head]
	if !ok || e.f.Symbols[f.idx].Type == "" {
		return ""
	}
	c := e.f.Symbols[f.idx].Type
	if dotted {
		return steps(c, strings.Split(rest, "."))
	}
	return c
}

func isSuperCall(call *sitter.Node, e *extractor) bool {
	f := call.ChildByFieldId(e.g.fFunc)
	return f != nil && e.g.Kind(f) == "identifier" && syntax.Text(f, e.src) == "super"
}

// dropBuiltinRefs removes bare references to builtins the file neither
// defines nor imports.
func (e *extractor) dropBuiltinRefs() {
	local := map[string]bool{}
	for _, s := range e.f.Symbols {
		local[s.Name] = true
	}
	for _, imp := range e.f.Imports {
		for _, n := range imp.Names {
			local[n] = true
		}
		if imp.Alias != "" {
			local[imp.Alias] = true
		}
	}
	out := e.f.Refs[:0]
	for _, r := range e.f.Refs {
		if r.Qualifier == "" && builtins()[r.Name] && !local[r.Name] {
			continue
		}
		if head := builtinHead(r.Qualifier); head != "" && !local[head] {
			continue // str.join(...), object.__setattr__(...)
		}
		out = append(out, r)
	}
	e.f.Refs = out
}

// builtinHead returns the first segment of a qualifier when it names a
// builtin (not the "super" and "?" markers), else "".
func builtinHead(qual string) string {
	if qual == "" || qual == "super" || qual == "?" {
		return ""
	}
	head, _, _ := cutDot(qual)
	if builtins()[head] {
		return head
	}
	return ""
}

// dotted splits an identifier chain "a.b.c" into name "c" and qualifier
// "a.b"; ok is false when s is not a chain.
func dotted(s string) (name, qual string, ok bool) {
	s = noSpace(s)
	if !isDotted(s) {
		return "", "", false
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:], s[:i], true
	}
	return s, "", true
}

// isDotted reports whether s is identifiers joined by dots.
func isDotted(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r > 127:
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

func noSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n\\") {
		return s
	}
	s = strings.ReplaceAll(s, "\\", "")
	return strings.Join(strings.Fields(s), "")
}
