package snapshot

import "testing"

// edgeSet tells edges apart exactly as their reverse-edge keys do, also
// when a field holds the keys' NUL separator.
func TestEdgeSetFollowsRevEdgeKeys(t *testing.T) {
	edges := []Edge{
		{Target: "sym:a.go#F", Kind: "calls", Source: "sym:b.go#G"},
		{Target: "sym:a.go#F", Kind: "calls", Source: "sym:b.go#G"}, // the same again
		{Target: "sym:a.go#F", Kind: "calls", Source: "sym:b.go#H"},
		{Target: "sym:a.go#F", Kind: "calls", Source: "sym:b.go#G", Via: "x"},
		{Target: "sym:a.go#F", Kind: "calls", Source: "s\x00t", Via: "u"},
		{Target: "sym:a.go#F", Kind: "calls", Source: "s", Via: "t\x00u"}, // the same key as the one before
		{Target: "sym:a.go#F", Kind: "calls", Source: "s", Via: "t\x00v"},
	}
	var set edgeSet
	keys := map[string]bool{}
	for i, e := range edges {
		k := string(RevEdgeKey(e))
		if got, want := set.add(e), !keys[k]; got != want {
			t.Errorf("edge %d: add = %v, want %v (its key new: %v)", i, got, want, want)
		}
		keys[k] = true
	}
}
