package snapshot

import (
	"reflect"
	"testing"
)

// TestDefRoundTrip: a name-index entry reads back as written, with a
// union alias's members and without them (the form written before the
// field); damage after the line is an error.
func TestDefRoundTrip(t *testing.T) {
	for _, union := range [][]string{nil, {"Literal", "@./ast|Union"}} {
		d := Def{Path: "src/ast.ts", ID: "sym:src/ast.ts#AST", Name: "AST", Qualified: "AST", Kind: "type", Type: "Literal", Bases: ";", Order: 3, Line: 24, Params: "", Union: union}
		e := DefEntry("js", d)
		got, err := DecodeDef(e.Key, e.Value)
		if err != nil || !reflect.DeepEqual(got, d) {
			t.Errorf("union %q: read back %+v, %v", union, got, err)
		}
	}
	e := DefEntry("js", Def{Path: "a.ts", Name: "A", Qualified: "A", Kind: "type", Union: []string{"B", "C"}})
	for _, bad := range [][]byte{e.Value[:len(e.Value)-1], append(append([]byte(nil), e.Value...), 1)} {
		if _, err := DecodeDef(e.Key, bad); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// TestDefWithoutLine: a definition's value without its line is the same
// for two lines and keeps a union alias's members; a value that does not
// decode is kept whole.
func TestDefWithoutLine(t *testing.T) {
	d := Def{Path: "a.ts", ID: "sym:a.ts#A", Name: "A", Qualified: "A", Kind: "type", Type: "B", Line: 3}
	moved := d
	moved.Line = 300
	if a, b := DefWithoutLine(EncodeDef(d)), DefWithoutLine(EncodeDef(moved)); string(a) != string(b) {
		t.Errorf("moved definition differs: %q, %q", a, b)
	}
	withUnion := d
	withUnion.Union = []string{"B", "C"}
	other := d
	other.Union = []string{"B", "D"}
	if a, b := DefWithoutLine(EncodeDef(withUnion)), DefWithoutLine(EncodeDef(other)); string(a) == string(b) {
		t.Errorf("different unions read the same: %q", a)
	}
	if a, b := DefWithoutLine(EncodeDef(withUnion)), DefWithoutLine(EncodeDef(d)); string(a) == string(b) {
		t.Errorf("a union reads as none: %q", a)
	}
	if bad := []byte{9, 1}; string(DefWithoutLine(bad)) != string(bad) {
		t.Errorf("undecodable value changed")
	}
}
