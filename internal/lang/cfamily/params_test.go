package cfamily

import (
	"testing"

	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestParamTypes: a function's Params list its parameters' types with the
// declarator's marks, defaults, packs and C's "...", so that twins under
// an #ifdef compare equal and overloads do not.
func TestParamTypes(t *testing.T) {
	f := langtest.Extract(t, CPP(), `int printf_like(const char *fmt, ...) { return 0; }
void take(std::vector<int> &v, int n = 3, int (*cb)(int), int arr[]) {}
void none(void) {}
template <typename... Args> void pack(const Args &...args) {}
struct S { int m(long x, char c) const; T *data() &; };
`)
	for qual, want := range map[string]string{
		"printf_like": "(char*,?...)",
		"take":        "(std::vector<int>&,int=,int(*),int[])",
		"none":        "()",
		"pack":        "(Args&...)",
		"S.m":         "(long,char)const",
		"S.data":      "()&",
	} {
		if got := langtest.Symbol(t, f, qual).Params; got != want {
			t.Errorf("%s: Params %q, want %q", qual, got, want)
		}
	}
}
