package syntax

import sitter "github.com/tree-sitter/go-tree-sitter"

// Table caches what a walk asks of a grammar: node kind names by id and
// field ids by name, so that visiting a node converts no C string. An
// extractor reads the ids it uses from its grammar's Table once, in a
// sync.OnceValue, and compares numbers from then on.
type Table struct {
	lang   *sitter.Language
	kinds  []string // by kind id; named kinds only, "" for anonymous tokens
	fields map[string]uint16
}

// NewTable reads a grammar's kinds and fields.
func NewTable(l *sitter.Language) *Table {
	t := &Table{lang: l, kinds: make([]string, l.NodeKindCount()), fields: map[string]uint16{}}
	for i := range t.kinds {
		if l.NodeKindIsNamed(uint16(i)) {
			t.kinds[i] = l.NodeKindForId(uint16(i))
		}
	}
	for i := uint32(1); i <= l.FieldCount(); i++ {
		t.fields[l.FieldNameForId(uint16(i))] = uint16(i)
	}
	return t
}

// Kind is n's kind name ("" for anonymous tokens, "ERROR" for errors).
func (t *Table) Kind(n *sitter.Node) string {
	id := int(n.KindId())
	if id >= len(t.kinds) {
		return "ERROR"
	}
	return t.kinds[id]
}

// Child is n's first child in the named field, nil if none (or n is nil).
func (t *Table) Child(n *sitter.Node, field string) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldId(t.fields[field])
}

// Field is the id of a field name (0 when the grammar has no such field).
func (t *Table) Field(name string) uint16 { return t.fields[name] }

// ID is the id of a named node kind.
func (t *Table) ID(kind string) uint16 { return t.lang.IdForNodeKind(kind, true) }

// Token is the id of an anonymous node kind (a keyword or punctuation).
func (t *Table) Token(kind string) uint16 { return t.lang.IdForNodeKind(kind, false) }

// Len is the number of node kinds of the grammar.
func (t *Table) Len() int { return len(t.kinds) }

// Name is the name of any node kind, named or not (a cgo call: for
// building tables, not for walks).
func (t *Table) Name(id int) string { return t.lang.NodeKindForId(uint16(id)) }

// Named reports whether a node kind is named (not a token).
func (t *Table) Named(id int) bool { return t.lang.NodeKindIsNamed(uint16(id)) }
