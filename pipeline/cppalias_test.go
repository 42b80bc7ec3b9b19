package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppAliasFiles: a call's argument is typed by an alias one header
// declares (string_view), and of two overloads declared in another
// header only one takes the aliased type in that position.
var cppAliasFiles = map[string]string{
	"fmt/core.h": "namespace fmt {\ntemplate <typename Char> class basic_string_view {};\nusing string_view = basic_string_view<char>;\n}\n",
	"fmt/color.h": "#include \"core.h\"\nnamespace fmt {\nclass text_style {};\n" +
		"void vformat_to(int b, const text_style& ts, basic_string_view<char> s) {}\n" +
		"void vformat_to(int b, basic_string_view<char> s, long n) {}\n}\n",
	"app/use.cc": "#include \"../fmt/color.h\"\nnamespace fmt {\nvoid run(string_view sv, widget x) {\n  vformat_to(1, sv, x);\n}\n}\n",
}

const (
	runToStyled = `"source":"sym:app/use.cc#fmt.run","target":"sym:fmt/color.h#fmt.vformat_to","kind":"calls"`
	runToPlain  = `"source":"sym:app/use.cc#fmt.run","target":"sym:fmt/color.h#fmt.vformat_to~2","kind":"calls"`
)

// TestCppOverloadFollowsAliases: the overload a C++ call links to follows
// the alias its argument's type is declared with in another header (made
// to name the other overload's type, removed so that the overloads tie),
// and update's export equals init's after each edit.
func TestCppOverloadFollowsAliases(t *testing.T) {
	r, inc := indexedRepo(t, cppAliasFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, runToPlain) || strings.Contains(got, runToStyled) {
		t.Fatalf("init export should link run to vformat_to(int, basic_string_view, long) only:\n%s", got)
	}
	converge(t, r, inc, []step{
		{name: "the alias names the other overload's type", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"fmt/core.h": strings.Replace(cppAliasFiles["fmt/core.h"], "basic_string_view<char>;", "text_style;", 1)})
		}, want: []string{runToStyled}, absent: []string{runToPlain}},
		{name: "the alias removed", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"fmt/core.h": "namespace fmt {\ntemplate <typename Char> class basic_string_view {};\n}\n"})
		}, absent: []string{runToStyled, runToPlain}},
		{name: "and back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"fmt/core.h": cppAliasFiles["fmt/core.h"]})
		}, want: []string{runToPlain}, absent: []string{runToStyled}},
	})
}
