package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// cfamChain returns the text of an identifier chain receiver (obj, p,
// a.b->c, this, ns::x) and whether n is one.
func (g *ids) chain(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch g.Kind(n) {
	case "identifier", "this", "field_identifier", "namespace_identifier", "type_identifier":
		return syntax.Text(n, src), true
	case "qualified_identifier":
		name, q := g.splitQualified(n, src)
		if q == "" {
			return name, true
		}
		return q + "::" + name, true
	case "field_expression":
		q, ok := g.chain(g.Child(n, "argument"), src)
		op := g.Child(n, "operator")
		return q + syntax.Text(op, src) + g.simpleName(g.Child(n, "field"), src), ok
	case "pointer_expression": // *p
		return "", false
	}
	return "", false
}

// cfamSplitQualified splits A::B::f (or std::vector<int>::size) into the
// simple name and the qualifier with template arguments dropped.
func (g *ids) splitQualified(n *sitter.Node, src []byte) (name, qual string) {
	var scopes []string
	for n != nil && g.Kind(n) == "qualified_identifier" {
		if s := g.Child(n, "scope"); s != nil {
			scopes = append(scopes, syntax.CutGenerics(syntax.NoSpace(syntax.Text(s, src))))
		}
		n = g.Child(n, "name")
	}
	return g.simpleName(n, src), strings.Join(scopes, "::")
}

// cfamSimpleName is the identifier of a name node without template
// arguments (get for template get<int>, ~A for a destructor).
func (g *ids) simpleName(n *sitter.Node, src []byte) string {
	if n == nil {
		return ""
	}
	switch g.Kind(n) {
	case "template_function", "template_method", "template_type":
		return syntax.Text(g.Child(n, "name"), src)
	case "dependent_name":
		if n.NamedChildCount() > 0 {
			return g.simpleName(n.NamedChild(0), src)
		}
	}
	return stripTemplate(syntax.NoSpace(syntax.Text(n, src)))
}

// cfamTypeRef returns the name and qualifier of a type usage node
// (type_identifier, template_type, qualified_identifier naming a type).
func (g *ids) typeRef(n *sitter.Node, src []byte) (name, qual string, ok bool) {
	switch g.Kind(n) {
	case "type_identifier":
		return syntax.Text(n, src), "", true
	case "template_type":
		return syntax.Text(g.Child(n, "name"), src), "", true
	case "qualified_identifier":
		inner := n
		for inner != nil && g.Kind(inner) == "qualified_identifier" {
			inner = g.Child(inner, "name")
		}
		if inner == nil || (g.Kind(inner) != "type_identifier" && g.Kind(inner) != "template_type") {
			return "", "", false
		}
		name, qual = g.splitQualified(n, src)
		return name, qual, true
	}
	return "", "", false
}

// cfamInnerName is the innermost type_identifier of a (qualified or
// template) type name.
func (g *ids) innerName(n *sitter.Node) *sitter.Node {
	for n != nil {
		switch g.Kind(n) {
		case "type_identifier":
			return n
		case "qualified_identifier", "template_type":
			n = g.Child(n, "name")
		default:
			return nil
		}
	}
	return nil
}

// cfamDeclName follows a declarator to the declared name node (identifier,
// field_identifier, type_identifier, qualified_identifier, destructor or
// operator name).
func (g *ids) declName(n *sitter.Node) *sitter.Node {
	for n != nil {
		switch g.Kind(n) {
		case "identifier", "field_identifier", "type_identifier", "qualified_identifier",
			"destructor_name", "operator_name", "operator_cast", "primitive_type":
			return n
		case "parenthesized_declarator", "attributed_declarator", "reference_declarator":
			if d := g.Child(n, "declarator"); d != nil {
				n = d
			} else if n.NamedChildCount() > 0 {
				n = n.NamedChild(0)
			} else {
				return nil
			}
		default:
			d := g.Child(n, "declarator")
			if d == nil {
				return nil
			}
			n = d
		}
	}
	return nil
}

// cfamIsFunctionDecl reports whether a declarator declares a function
// (int f(int)), not a variable or a function pointer (int (*fp)(int)).
func (g *ids) isFunctionDecl(n *sitter.Node) bool {
	for n != nil {
		switch g.Kind(n) {
		case "operator_cast":
			return true
		case "function_declarator":
			d := g.Child(n, "declarator")
			return d == nil || g.Kind(d) != "parenthesized_declarator"
		case "init_declarator":
			return false
		case "pointer_declarator", "reference_declarator", "attributed_declarator":
			if d := g.Child(n, "declarator"); d != nil {
				n = d
			} else if n.NamedChildCount() > 0 {
				n = n.NamedChild(n.NamedChildCount() - 1)
			} else {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// cfamBases lists the base classes of a base_class_clause.
func (g *ids) bases(bc *sitter.Node, src []byte) []string {
	var out []string
	for i := uint(0); i < bc.NamedChildCount(); i++ {
		ch := bc.NamedChild(i)
		switch g.Kind(ch) {
		case "type_identifier", "qualified_identifier", "template_type":
			name, q := g.splitQualified(ch, src)
			if q != "" {
				name = q + "::" + name
			}
			out = append(out, name)
		}
	}
	return out
}

func (g *ids) lastTypeIdent(n *sitter.Node) *sitter.Node {
	if nm := g.Child(n, "name"); nm != nil {
		return nm
	}
	for i := int(n.NamedChildCount()) - 1; i >= 0; i-- {
		if ch := n.NamedChild(uint(i)); g.Kind(ch) == "type_identifier" {
			return ch
		}
	}
	return nil
}

// splitScope splits "a::b::C" into its segments, dropping template
// arguments ("Box<int>" -> "Box").
func splitScope(s string) []string {
	segs := strings.Split(s, "::")
	for i, sg := range segs {
		segs[i] = stripTemplate(sg)
	}
	return segs
}

// stripTemplate drops template arguments ("Box<int>" -> "Box") but
// keeps operator names ("operator<").
func stripTemplate(s string) string {
	if strings.HasPrefix(s, "operator") {
		return s
	}
	return syntax.CutGenerics(s)
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "." + b
}

// funcDeclarator is the function_declarator inside a function
// definition's declarator (through the pointers of its result type).
func (g *ids) funcDeclarator(n *sitter.Node) *sitter.Node {
	for n != nil {
		switch g.Kind(n) {
		case "function_declarator":
			return n
		case "pointer_declarator", "reference_declarator", "attributed_declarator":
			if d := g.Child(n, "declarator"); d != nil {
				n = d
			} else if n.NamedChildCount() > 0 {
				n = n.NamedChild(n.NamedChildCount() - 1)
			} else {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// childOfKind returns n's first named child of the kind, or nil.
func (g *ids) childOfKind(n *sitter.Node, kind string) *sitter.Node {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if ch := n.NamedChild(i); g.Kind(ch) == kind {
			return ch
		}
	}
	return nil
}
