package facts

import (
	"slices"
	"strings"
	"testing"
)

// A TypeApply root comes apart into the generic and its arguments, nested
// applications and calls included, and survives SplitChain as one root
// (its dots and bars inside the parentheses), steps after it kept; it
// holds no comma, at which a Params list is split.
func TestTypeApplyRoundTrip(t *testing.T) {
	inner := TypeApply(Imported("./types", "Maybe"), []string{Imported("./user.js", "User")})
	root := TypeApply(Imported("../Array.js", "NonEmpty"), []string{inner, Unknown, Wrapped("Route")})
	if strings.Contains(root, ",") {
		t.Fatalf("%q holds a comma", root)
	}
	module, r, steps := SplitChain(root + ".first().name")
	if module != "" || r != root || !slices.Equal(steps, []string{"first()", "name"}) {
		t.Fatalf("SplitChain: %q %q %q", module, r, steps)
	}
	g, args, ok := SplitTypeApply(r)
	if !ok || g != "@../Array.js|NonEmpty" || !slices.Equal(args, []string{inner, "?", "-Route"}) {
		t.Fatalf("SplitTypeApply(%q) = %q %q %v", r, g, args, ok)
	}
	if g, args, ok := SplitTypeApply(inner); !ok || g != "@./types|Maybe" || !slices.Equal(args, []string{"@./user.js|User"}) {
		t.Fatalf("SplitTypeApply(%q) = %q %q %v", inner, g, args, ok)
	}
	for _, bad := range []string{"Maybe", "<>(Maybe)", "<>(\x1eA)", "<>(A\x1eB", "<>(A\x1eB))", "f(<>(A\x1eB))"} {
		if _, _, ok := SplitTypeApply(bad); ok {
			t.Errorf("SplitTypeApply(%q) took it apart", bad)
		}
	}
}

func TestTypeParam(t *testing.T) {
	for _, c := range []struct {
		chain            string
		i                int
		wrapped, isParam bool
	}{
		{TypeParam(0), 0, false, true},
		{Wrapped(TypeParam(2)), 2, true, true},
		{"$", 0, false, false},
		{"$01", 0, false, false},
		{"$x", 0, false, false},
		{"Server", 0, false, false},
		{"-Server", 0, false, false},
	} {
		i, w, ok := SplitTypeParam(c.chain)
		if ok != c.isParam || ok && (i != c.i || w != c.wrapped) {
			t.Errorf("SplitTypeParam(%q) = %d %v %v", c.chain, i, w, ok)
		}
	}
}

// A receiver chain rooted at a type parameter is told from any other,
// steps after it or not.
func TestTypeParamRooted(t *testing.T) {
	for chain, want := range map[string]bool{
		TypeParam(0): true, TypeParam(1) + ".items.first()": true, Wrapped(TypeParam(0)): true,
		"$http.get": false, "Server.cfg": false, "": false,
		TypeApply("Box", []string{TypeParam(0)}) + ".value": false,
	} {
		if got := TypeParamRooted(chain); got != want {
			t.Errorf("TypeParamRooted(%q) = %v", chain, got)
		}
	}
}
