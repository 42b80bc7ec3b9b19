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
			name := pyNoSpace(Text(c.ChildByFieldId(e.g.fName), e.src))
			imp.Names = append(imp.Names, name)
			if strings.HasPrefix(imp.Path, ".") {
				e.alias(c, name)
			}
		case "wildcard_import":
			imp.Kind = "wildcard"
		}
	}
	e.f.Imports = append(e.f.Imports, imp)
}

// alias records "from .m import name as alias" so that uses of the alias
// are reported under the name the import finds. Only relative imports
// count: they stay in the repository, while an absolute one may name a
// package outside it, whose aliased names (redirect as _wz_redirect) would
// then be taken for a repository definition of the same name.
func (e *pyExtractor) alias(aliased *sitter.Node, name string) {
	if a := aliased.ChildByFieldId(e.g.fAlias); a != nil {
		if local := Text(a, e.src); local != name && !strings.Contains(name, ".") {
			e.aliases[local] = name
		}
	}
}

// moduleAliases collects the aliases of the file's top-level from-imports
// (also under if and try) before the walk, so that a function defined
// above an import still sees it.
func (e *pyExtractor) moduleAliases(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.kind(c) {
		case "import_from_statement":
			mod := c.ChildByFieldId(e.g.fModule)
			if mod == nil || !strings.HasPrefix(Text(mod, e.src), ".") {
				continue
			}
			for j := uint(0); j < c.NamedChildCount(); j++ {
				if a := c.NamedChild(j); e.g.kind(a) == "aliased_import" && (mod == nil || a.Id() != mod.Id()) {
					e.alias(a, pyNoSpace(Text(a.ChildByFieldId(e.g.fName), e.src)))
				}
			}
		case "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause", "finally_clause", "block":
			e.moduleAliases(c)
		}
	}
}

// unalias returns the imported name a module-scope name is an alias of.
func (e *pyExtractor) unalias(name string) string {
	if orig, ok := e.aliases[name]; ok && e.localFlags(name) == 0 {
		return orig
	}
	return name
}

// unaliasQual applies unalias to the first segment of a dotted qualifier.
func (e *pyExtractor) unaliasQual(qual string) string {
	head, rest, dotted := cutDot(qual)
	if orig := e.unalias(head); orig != head {
		if dotted {
			return orig + "." + rest
		}
		return orig
	}
	return qual
}

func (e *pyExtractor) call(n *sitter.Node) {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return
	}
	switch e.g.kind(fn) {
	case "identifier":
		e.skipID = fn.Id()
		name := Text(fn, e.src)
		if isPyVariable(e.localFlags(name)) {
			return // a parameter or local variable, not a definition of that name
		}
		e.ref(fn, e.unalias(name), "", facts.RefCall)
	case "attribute":
		attr := fn.ChildByFieldId(e.g.fAttr)
		obj := fn.ChildByFieldId(e.g.fObject)
		if attr == nil || obj == nil || e.isLiteral(obj) {
			return // "sep".join(...), [].append(...): a builtin type's method
		}
		qual := pyNoSpace(Text(obj, e.src))
		switch {
		case pyIsDotted(qual):
			e.skipID = fn.Id()
			head, _, _ := cutDot(qual)
			if isPyBuiltinVar(e.localFlags(head)) || strings.Contains("."+qual+".", ".__dict__.") {
				return // a local holding a literal, or an instance dict
			}
			qual = e.unaliasQual(qual)
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
		if head := pyBuiltinHead(r.Qualifier); head != "" && !local[head] {
			continue // str.join(...), object.__setattr__(...)
		}
		out = append(out, r)
	}
	e.f.Refs = out
}

// pyBuiltinHead returns the first segment of a qualifier when it names a
// builtin (not the "super" and "?" markers), else "".
func pyBuiltinHead(qual string) string {
	if qual == "" || qual == "super" || qual == "?" {
		return ""
	}
	head, _, _ := cutDot(qual)
	if pyBuiltins[head] {
		return head
	}
	return ""
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
