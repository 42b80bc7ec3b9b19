package explicit

import "testing"

// TestCppOwnClassNotConstructor: inside a class with constructors, a
// parameter typed by the class itself (const bigint& other) has the
// class's type, not its constructor's: other.num() is the class's num.
func TestCppOwnClassNotConstructor(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/bigint.h": "namespace lib {\nclass bigint {\n  int n_;\n public:\n  bigint() : n_(0) {}\n  explicit bigint(int n) : n_(n) {}\n" +
			"  int num() const { return n_; }\n  friend int compare(const bigint& lhs, const bigint& rhs) { return lhs.num() - rhs.num(); }\n" +
			"  void assign(const bigint& other) { n_ = other.num(); }\n};\n}\n",
	})
	check(t, got,
		[]string{
			"lib/bigint.h#lib.bigint.assign -> lib/bigint.h#lib.bigint.num [calls type]",
			"lib/bigint.h#lib.bigint.compare -> lib/bigint.h#lib.bigint.num [calls type]",
		},
		nil)
}
