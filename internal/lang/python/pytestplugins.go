package python

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// pytestPlugins records, as facts.ImportPlugin imports, the modules a
// module-level pytest_plugins = ["a.b", ...] (a list, a tuple or one
// string) names: pytest imports them, and their fixtures reach the tests
// the listing file's own fixtures reach.
func (e *extractor) pytestPlugins(n *sitter.Node) {
	left, right := n.ChildByFieldId(e.g.fLeft), n.ChildByFieldId(e.g.fRight)
	if left == nil || right == nil || e.g.Kind(left) != "identifier" || syntax.Text(left, e.src) != "pytest_plugins" {
		return
	}
	values := []*sitter.Node{right}
	if k := e.g.Kind(right); k == "list" || k == "tuple" {
		values = values[:0]
		for i := uint(0); i < right.NamedChildCount(); i++ {
			values = append(values, right.NamedChild(i))
		}
	}
	for _, v := range values {
		if e.g.Kind(v) != "string" {
			continue
		}
		if module := unquote(syntax.Text(v, e.src)); isDottedIdent(module) {
			e.f.Imports = append(e.f.Imports, facts.Import{Path: module, Kind: facts.ImportPlugin, Line: syntax.Line(v)})
		}
	}
}

// isDottedIdent reports whether s is a module path: identifiers joined
// by dots.
func isDottedIdent(s string) bool {
	for {
		head, rest, more := cutDot(s)
		if !isIdent(head) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}
