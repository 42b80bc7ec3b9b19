package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppInstanceFiles: a class template derived from its parameter in one
// directory, instantiated with a handler class of another directory.
var cppInstanceFiles = map[string]string{
	"lib/check.h": "namespace lib {\n" +
		"template <typename Char, typename Handler> class checker : public Handler {\n" +
		" public:\n  checker(const Handler& h) : Handler(h) {}\n" +
		"  void on_align(int a) { Handler::on_align(a); }\n};\n}\n",
	"app/a.cc": "#include \"../lib/check.h\"\n" +
		"struct mine { void on_align(int a) {} };\nstruct other { void on_align(int a) {} };\n" +
		"void run() {\n  lib::checker<char, mine> c(mine());\n}\n",
}

const (
	toMineAlign  = `"source":"sym:lib/check.h#lib.checker.on_align","target":"sym:app/a.cc#mine.on_align","kind":"calls"`
	toOtherAlign = `"source":"sym:lib/check.h#lib.checker.on_align","target":"sym:app/a.cc#other.on_align","kind":"calls"`
)

// TestCppClassTemplateFollowsInstances: the classes a class template's
// parameter is deduced to (from the instantiations other files write)
// follow edits of those files: the instantiation changes class, goes, and
// comes back; update's export equals init's after each.
func TestCppClassTemplateFollowsInstances(t *testing.T) {
	r, inc := indexedRepo(t, cppInstanceFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toMineAlign) {
		t.Fatalf("init export should link checker::on_align to mine::on_align")
	}
	converge(t, r, inc, []step{
		{name: "instantiated with other", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/a.cc": strings.Replace(cppInstanceFiles["app/a.cc"],
				"lib::checker<char, mine> c(mine());", "lib::checker<char, other> c(other());", 1)})
		}, want: []string{toOtherAlign}, absent: []string{toMineAlign}},
		{name: "not instantiated", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/a.cc": "struct mine { void on_align(int a) {} };\nvoid run() {}\n"})
		}, absent: []string{toMineAlign, toOtherAlign}},
		{name: "back", change: func(r *gittest.Repo) { r.Write(cppInstanceFiles) }, want: []string{toMineAlign}},
	})
}

// cppFriendFiles: a class defining a friend in its body in a header, and
// a call in another directory that only argument-dependent lookup finds.
var cppFriendFiles = map[string]string{
	"lib/big.h":  "namespace lib {\nclass big {\n public:\n  friend int compare(const big& a, const big& b) { return 0; }\n};\n}\n",
	"app/use.cc": "#include \"../lib/big.h\"\nnamespace app {\nint order() {\n  lib::big a, b;\n  return compare(a, b);\n}\n}\n",
}

const toFriendCompare = `"source":"sym:app/use.cc#app.order","target":"sym:lib/big.h#lib.big.compare","kind":"calls"`

// TestCppHiddenFriendFollowsHeader: a call reaching a friend defined in
// its argument's class follows edits of the header that defines it.
func TestCppHiddenFriendFollowsHeader(t *testing.T) {
	r, inc := indexedRepo(t, cppFriendFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toFriendCompare) {
		t.Fatalf("init export should link order to big's friend compare")
	}
	converge(t, r, inc, []step{
		{name: "the friend goes", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"lib/big.h": "namespace lib {\nclass big {\n public:\n  int size() const { return 0; }\n};\n}\n"})
		}, absent: []string{toFriendCompare}},
		{name: "back", change: func(r *gittest.Repo) { r.Write(cppFriendFiles) }, want: []string{toFriendCompare}},
	})
}
