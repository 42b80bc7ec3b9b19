package syntax

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Scope is one enclosing definition during a walk through nested types.
type Scope struct {
	Qual       string
	Name       string
	IsType     bool     // members of a type are symbols; anything else is local
	Extends    string   // first base class, for super(...) calls
	TypeParams []string // type variables declared here, never emitted as refs
	// Bounds holds, parallel to TypeParams, each one's first bound (Java's
	// T extends Foo), nil when unbounded or unknown.
	Bounds []*sitter.Node
}

// TypeWalk is the scope stack and reference list of the extractors whose
// languages nest types the same way (Java and C#). File is the facts being
// built; each ref's name position is in RefPos, for SortRefs.
type TypeWalk struct {
	File   *facts.File
	RefPos []uint
	Scopes []Scope
}

// From is the qualified name of the innermost scope ("" at top level).
func (x *TypeWalk) From() string {
	if len(x.Scopes) == 0 {
		return ""
	}
	return x.Scopes[len(x.Scopes)-1].Qual
}

// InTypeBody reports whether a declaration here is a symbol: at top level or
// directly in a type body (not inside a method, initializer or field value).
func (x *TypeWalk) InTypeBody() bool {
	return len(x.Scopes) == 0 || x.Scopes[len(x.Scopes)-1].IsType
}

// Qualify is name qualified by the innermost scope, and that scope.
func (x *TypeWalk) Qualify(name string) (qual, parent string) {
	if len(x.Scopes) == 0 {
		return name, ""
	}
	parent = x.Scopes[len(x.Scopes)-1].Qual
	return parent + "." + name, parent
}

// Ref records a reference from the innermost scope, at node at.
func (x *TypeWalk) Ref(name, qual, kind string, at *sitter.Node) {
	if name == "" {
		return
	}
	x.File.Refs = append(x.File.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: x.From(), Line: Line(at)})
	x.RefPos = append(x.RefPos, at.StartByte())
}

// IsTypeParam reports a type variable of an open scope.
func (x *TypeWalk) IsTypeParam(name string) bool {
	for i := len(x.Scopes) - 1; i >= 0; i-- {
		for _, t := range x.Scopes[i].TypeParams {
			if t == name {
				return true
			}
		}
	}
	return false
}

// DeclIDs are the grammar ids a field declaration is read with.
type DeclIDs struct{ TypeField, NameField, Declarator uint16 }

// Declarators emits one symbol per variable declarator of decl (a field
// declaration n, or its variable_declaration child in C#), each signed
// with the declaration's modifiers and type, and scopes what follows to
// the first: refs in the type and initializers come from that field.
func (x *TypeWalk) Declarators(src []byte, n, decl *sitter.Node, ids DeclIDs, kind, doc string) bool {
	head := ""
	if t := decl.ChildByFieldId(ids.TypeField); t != nil {
		head = OneLine(string(src[n.StartByte():t.EndByte()]))
	}
	first := ""
	for i := uint(0); i < decl.NamedChildCount(); i++ {
		d := decl.NamedChild(i)
		if d.KindId() != ids.Declarator {
			continue
		}
		name := Text(d.ChildByFieldId(ids.NameField), src)
		if name == "" {
			continue
		}
		qual, parent := x.Qualify(name)
		if first == "" {
			first = qual
		}
		x.File.Symbols = append(x.File.Symbols, facts.Symbol{
			Name: name, Qualified: qual, Kind: kind, Parent: parent,
			Line: Line(n), EndLine: EndLine(n), Signature: CapSignature(head + " " + name), Doc: doc,
		})
	}
	if first == "" {
		return false
	}
	x.Scopes = append(x.Scopes, Scope{Qual: first})
	return true
}
