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
