package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppDeduceFiles: a header's template calls a method on a parameter its
// template parameter types; a file in another directory calls the
// template with one of the header's classes.
var cppDeduceFiles = map[string]string{
	"lib/parse.h": "namespace lib {\nstruct alpha { void on_text(int n) {} };\nstruct beta { void on_text(int n) {} };\n" +
		"template <typename Handler> void parse(const char* s, Handler&& handler) {\n  handler.on_text(1);\n}\n" +
		"template <typename H> void outer(const char* s, H& h) { parse(s, h); }\n}\n",
	"app/use.cc": "#include \"../lib/parse.h\"\nnamespace app {\nvoid run() {\n  lib::alpha a;\n  lib::parse(\"x\", a);\n}\n}\n",
}

const (
	toAlphaText = `"source":"sym:lib/parse.h#lib.parse","target":"sym:lib/parse.h#lib.alpha.on_text","kind":"calls"`
	toBetaText  = `"source":"sym:lib/parse.h#lib.parse","target":"sym:lib/parse.h#lib.beta.on_text","kind":"calls"`
)

// TestCppReceiverFollowsCallers: the methods a template's receiver is
// deduced to follow edits of its callers' files while the template's file
// stays as it is: the caller passes another class, then calls the
// template through another template, then a second caller file appears,
// then the callers go; update's export equals init's after each.
func TestCppReceiverFollowsCallers(t *testing.T) {
	r, inc := indexedRepo(t, cppDeduceFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toAlphaText) || strings.Contains(got, toBetaText) {
		t.Fatalf("init export should link parse to alpha.on_text alone")
	}
	use := func(body string) func(*gittest.Repo) {
		return func(r *gittest.Repo) {
			r.Write(map[string]string{"app/use.cc": "#include \"../lib/parse.h\"\nnamespace app {\nvoid run() {\n" + body + "}\n}\n"})
		}
	}
	converge(t, r, inc, []step{
		{name: "the caller passes beta", change: use("  lib::beta b;\n  lib::parse(\"x\", b);\n"),
			want: []string{toBetaText}, absent: []string{toAlphaText}},
		{name: "through outer", change: use("  lib::alpha a;\n  lib::outer(\"x\", a);\n"),
			want: []string{toAlphaText}, absent: []string{toBetaText}},
		{name: "a second caller", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/more.cc": "#include \"../lib/parse.h\"\nvoid more() {\n  lib::beta b;\n  lib::parse(\"y\", b);\n}\n"})
		}, want: []string{toAlphaText, toBetaText}},
		{name: "no caller passes a class", change: func(r *gittest.Repo) {
			use("  lib::parse(\"x\", 1);\n")(r)
			r.Remove("app/more.cc")
		}, absent: []string{toAlphaText, toBetaText}},
	})
}
