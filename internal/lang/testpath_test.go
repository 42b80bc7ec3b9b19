package lang

import "testing"

// TestIsTestPath covers each rule with a path, and near misses.
func TestIsTestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"a/b_test.go": true, "a/test_x.py": true, "a/x_test.py": true, "web/x.test.ts": true,
		"web/x.spec.js": true, "src/FooTest.java": true, "lib/x_spec.rb": true, "tests/h.c": true,
		"a/b.go": false, "a/testing.py": false, "src/Foo.java": false, "a/contest.go": false,
	} {
		if got := IsTestPath(p); got != want {
			t.Errorf("IsTestPath(%q) = %v, want %v", p, got, want)
		}
	}
}
