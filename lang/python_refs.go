package lang

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/facts"
)

func (e *pyExtractor) importStatement(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "dotted_name":
			e.f.Imports = append(e.f.Imports, facts.Import{Path: pyNoSpace(Text(c, e.src)), Line: Line(n)})
		case "aliased_import":
			imp := facts.Import{Path: pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src)), Line: Line(n)}
			imp.Alias = Text(c.ChildByFieldId(e.g.fAlias), e.src)
			e.f.Imports = append(e.f.Imports, imp)
		}
	}
}

func (e *pyExtractor) importFrom(n *sitter.Node) {
	mod := n.ChildByFieldId(e.g.fModule)
	if mod == nil {
		return
	}
	imp := facts.Import{Path: pyNoSpace(Text(mod, e.src)), Line: Line(n)}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Id() == mod.Id() {
			continue
		}
		switch e.g.kind(c) {
		case "dotted_name":
			imp.Names = append(imp.Names, pyNoSpace(Text(c, e.src)))
		case "aliased_import":
			imp.Names = append(imp.Names, pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src)))
		case "wildcard_import":
			imp.Kind = "wildcard"
		}
	}
	e.f.Imports = append(e.f.Imports, imp)
}

func (e *pyExtractor) call(n *sitter.Node) {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return
	}
	switch e.g.kind(fn) {
	case "identifier":
		e.skipID = fn.Id()
		e.ref(fn, Text(fn, e.src), "", facts.RefCall)
	case "attribute":
		attr := fn.ChildByFieldId(e.g.fAttr)
		obj := fn.ChildByFieldId(e.g.fObject)
		if attr == nil || obj == nil {
			return
		}
		qual := pyNoSpace(Text(obj, e.src))
		switch {
		case pyIsDotted(qual):
			e.skipID = fn.Id()
		case e.g.kind(obj) == "call" && pyIsSuperCall(obj, e):
			qual = "super"
		default:
			qual = "?"
		}
		e.ref(attr, Text(attr, e.src), qual, facts.RefCall)
	}
}

func pyIsSuperCall(call *sitter.Node, e *pyExtractor) bool {
	f := call.ChildByFieldId(e.g.fFunc)
	return f != nil && e.g.kind(f) == "identifier" && Text(f, e.src) == "super"
}

// dropBuiltinRefs removes bare references to builtins the file neither
// defines nor imports.
func (e *pyExtractor) dropBuiltinRefs() {
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
		if r.Qualifier == "" && pyBuiltins[r.Name] && !local[r.Name] {
			continue
		}
		out = append(out, r)
	}
	e.f.Refs = out
}

// pyDotted splits an identifier chain "a.b.c" into name "c" and qualifier
// "a.b"; ok is false when s is not a chain.
func pyDotted(s string) (name, qual string, ok bool) {
	s = pyNoSpace(s)
	if !pyIsDotted(s) {
		return "", "", false
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:], s[:i], true
	}
	return s, "", true
}

// pyIsDotted reports whether s is identifiers joined by dots.
func pyIsDotted(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if !pyIsIdent(part) {
			return false
		}
	}
	return true
}

func pyIsIdent(s string) bool {
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

func pyNoSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n\\") {
		return s
	}
	s = strings.ReplaceAll(s, "\\", "")
	return strings.Join(strings.Fields(s), "")
}
