package snapshot

import (
	"strings"
	"testing"
)

// TestRevEdgeKeyRoundTrip: every edge comes back from its reverse-edge key,
// and keys of other shapes are refused.
func TestRevEdgeKeyRoundTrip(t *testing.T) {
	for _, e := range []Edge{
		{Source: "file:a.py", Target: "sym:b.py#f", Kind: "calls", Via: "f", ResolvedBy: ByImport},
		{Source: "sym:a/x.go#T.M", Target: "file:b/y.go", Kind: "imports", Via: "ex.com/b"},
		{Source: "file:a.py", Target: "file:b.py", Kind: "implicit", Via: "env:HOME"},
		{Source: "", Target: "", Kind: "", Via: "", ResolvedBy: ""},
	} {
		got, ok := ParseRevEdge(RevEdgeKey(e))
		if !ok || got != e {
			t.Fatalf("ParseRevEdge(RevEdgeKey(%+v)) = %+v, %v", e, got, ok)
		}
	}
	good := RevEdgeKey(Edge{Source: "file:a", Target: "file:b", Kind: "imports"})
	for _, key := range [][]byte{nil, {KsRevEdge}, good[:len(good)-2], append(append([]byte{}, good...), 0, 'x'), append([]byte{KsName}, good[1:]...),
		[]byte(string(KsRevEdge) + strings.Repeat("a\x00", 4) + "a")} {
		if e, ok := ParseRevEdge(key); ok {
			t.Errorf("ParseRevEdge(%q) = %+v, want refused", key, e)
		}
	}
}
