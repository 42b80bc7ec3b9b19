package lang

import "testing"

func TestHasCPPSyntax(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{"namespace leveldb {\nstruct Options { int n; };\n}\n", true},
		{"  namespace a::b {}\n", true},
		{"namespace {\nint hidden;\n}\n", true},
		{"namespace leveldb\n{\n}\n", true},
		{"template <typename T>\nT max(T a, T b);\n", true},
		{"template<class T> struct X;\n", true},
		{"class Options;\n", true},
		{"\tclass EXPORT Options {\n", true},
		{"using namespace std;\n", true},
		{"struct A {\n public:\n  int x;\n};\n", true},
		{"  protected :\n", true},
		// C: the same words as names, in comments, or not opening a line.
		{"int namespace_count;\nint classify(int x);\n", false},
		{"/* namespace leveldb { */\nint f(void);\n", false},
		{"int f(int class_, int template_);\n", false},
		{"public::x = 1;\n", false},
		{"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n", false},
		{"int templates < 3;\nint namespaces;\n", false},
		{"classes x;\n", false},
		{"", false},
	}
	for _, c := range cases {
		if got := HasCPPSyntax([]byte(c.src)); got != c.want {
			t.Errorf("HasCPPSyntax(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
