package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppDependentFiles: a template in one file calls, with an argument its
// template parameter types, overloads declared in a header of another
// directory.
var cppDependentFiles = map[string]string{
	"lib/core.h": "namespace lib {\ninline int digits(unsigned x) { return 1; }\ninline int digits(unsigned long x) { return 2; }\n}\n",
	"app/use.cc": "#include \"../lib/core.h\"\nnamespace lib {\ntemplate <typename T> int count(T value) {\n  return digits(value);\n}\n}\n",
}

const (
	toFirstDigits  = `"source":"sym:app/use.cc#lib.count","target":"sym:lib/core.h#lib.digits","kind":"calls"`
	toSecondDigits = `"source":"sym:app/use.cc#lib.count","target":"sym:lib/core.h#lib.digits~2","kind":"calls"`
)

// TestCppDependentCallFollowsOverloads: the overloads a dependent C++
// call links to (each one its instantiations may take) follow edits of
// the header in another directory: one overload turned into a template
// only explicit template arguments call, then more overloads than a
// dependent call links; update's export equals init's after each.
func TestCppDependentCallFollowsOverloads(t *testing.T) {
	r, inc := indexedRepo(t, cppDependentFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toFirstDigits) || !strings.Contains(got, toSecondDigits) {
		t.Fatalf("init export should link count to both digits overloads")
	}
	converge(t, r, inc, []step{
		{name: "the second overload needs template arguments", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"lib/core.h": "namespace lib {\ninline int digits(unsigned x) { return 1; }\n" +
				"template <int BITS, typename UInt> int digits(UInt n) { return 2; }\n}\n"})
		}, want: []string{toFirstDigits}, absent: []string{toSecondDigits}},
		{name: "four overloads take the argument", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"lib/core.h": "namespace lib {\ninline int digits(unsigned x) { return 1; }\n" +
				"inline int digits(unsigned long x) { return 2; }\ninline int digits(int x) { return 3; }\ninline int digits(long x) { return 4; }\n}\n"})
		}, absent: []string{toFirstDigits, toSecondDigits}},
		{name: "back to two", change: func(r *gittest.Repo) { r.Write(cppDependentFiles) },
			want: []string{toFirstDigits, toSecondDigits}},
	})
}
