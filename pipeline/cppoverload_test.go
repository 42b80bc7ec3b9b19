package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppOverloadFiles: a member call whose overload depends on its
// argument's type (a parameter of the caller) and the overloads'
// parameter types, declared in a header of another directory; the
// argument's class is declared in a third file.
var cppOverloadFiles = map[string]string{
	"db/slice.h": "namespace db {\nclass Slice {};\nclass InternalKey {};\n}\n",
	"db/cmp.h": "#include \"slice.h\"\nnamespace db {\nclass Comparator {\n public:\n" +
		"  int Compare(const Slice& a, const Slice& b) const { return 1; }\n" +
		"  int Compare(const InternalKey& a, const InternalKey& b) const { return 2; }\n};\n}\n",
	"app/use.cc": "#include \"../db/cmp.h\"\nnamespace db {\nint Use(Comparator* c, const Slice& k) {\n  return c->Compare(k, k);\n}\n}\n",
}

const (
	toFirstCompare  = `"source":"sym:app/use.cc#db.Use","target":"sym:db/cmp.h#db.Comparator.Compare","kind":"calls"`
	toSecondCompare = `"source":"sym:app/use.cc#db.Use","target":"sym:db/cmp.h#db.Comparator.Compare~2","kind":"calls"`
)

// TestCppOverloadFollowsParamTypes: the overload a C++ call links to
// follows edits of the overloads' parameter types in another file (the
// types swapped, both made the same so that the call is ambiguous, one
// overload removed), and update's export equals init's after each.
func TestCppOverloadFollowsParamTypes(t *testing.T) {
	r, inc := indexedRepo(t, cppOverloadFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toFirstCompare) || strings.Contains(got, toSecondCompare) {
		t.Fatalf("init export should link Use to Compare(Slice, Slice) only")
	}
	converge(t, r, inc, []step{
		{name: "the overloads' parameter types swapped", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/cmp.h": "#include \"slice.h\"\nnamespace db {\nclass Comparator {\n public:\n" +
				"  int Compare(const InternalKey& a, const InternalKey& b) const { return 2; }\n" +
				"  int Compare(const Slice& a, const Slice& b) const { return 1; }\n};\n}\n"})
		}, want: []string{toSecondCompare}, absent: []string{toFirstCompare}},
		{name: "both overloads take the argument's type", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/cmp.h": "#include \"slice.h\"\nnamespace db {\nclass Comparator {\n public:\n" +
				"  int Compare(const Slice& a, const InternalKey& b) const { return 2; }\n" +
				"  int Compare(const Slice& a, const Slice& b) const { return 1; }\n};\n}\n"})
		}, want: []string{toSecondCompare}, absent: []string{toFirstCompare}},
		{name: "the exact overload removed", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/cmp.h": "#include \"slice.h\"\nnamespace db {\nclass Comparator {\n public:\n" +
				"  int Compare(const Slice& a, const InternalKey& b) const { return 2; }\n" +
				"  int Compare(const InternalKey& a, const InternalKey& b, int n) const { return 1; }\n};\n}\n"})
		}, want: []string{toFirstCompare}, absent: []string{toSecondCompare}},
	})
}
