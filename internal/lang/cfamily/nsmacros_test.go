package cfamily

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestNamespaceOps reads what a macro's expansion does to namespaces, and
// refuses a macro that does anything else.
func TestNamespaceOps(t *testing.T) {
	for body, want := range map[string]string{
		"namespace fmt { \\\n inline namespace v9 {": "+fmt,+",
		"} \\\n }":           "-,-",
		"namespace detail {": "+detail",
		"namespace a::b {":   "+a.b",
		"namespace {":        "+",
		"__attribute__((visibility(\"default\")))": "",
		"namespace fmt { int x;":                   "",
		"":                                         "",
	} {
		got, ok := namespaceOps(body)
		if got != want || ok != (want != "") {
			t.Errorf("namespaceOps(%q) = %q, %v; want %q", body, got, ok, want)
		}
	}
}

// TestNamespaceMacrosScopeSymbols: a header records the namespace macros
// it defines, another the lines it writes them on; with the project's
// macros, the second file's symbols and the scopes of its references are
// named in those namespaces (an inline namespace left out), macros are
// not, and a file without such lines is left as it was.
func TestNamespaceMacrosScopeSymbols(t *testing.T) {
	defs := langtest.Extract(t, CPP(), "#define BEGIN_NS namespace lib { inline namespace v1 {\n#define END_NS }}\n#define BEGIN_DETAIL namespace detail {\n#define END_DETAIL }\n#define API __declspec(dllexport)\n")
	want := []facts.Macro{{Name: "BEGIN_NS", Line: 1, Ops: "+lib,+"}, {Name: "END_NS", Line: 2, Ops: "-,-"},
		{Name: "BEGIN_DETAIL", Line: 3, Ops: "+detail"}, {Name: "END_DETAIL", Line: 4, Ops: "-"}}
	if diff := cmp.Diff(want, defs.NamespaceMacros); diff != "" {
		t.Fatalf("NamespaceMacros (-want +got):\n%s", diff)
	}
	pr := &lang.Project{}
	newProject(lang.ProjectInput{Code: map[string]string{"b.h": projectFacts(defs), "a.h": "BEGIN_NS +other\n"}}).Finish(pr)
	if pr.NamespaceMacros["BEGIN_NS"] != "+other" || pr.NamespaceMacros["END_DETAIL"] != "-" {
		t.Fatalf("project macros %v: want a.h's BEGIN_NS (first in path order) and b.h's END_DETAIL", pr.NamespaceMacros)
	}
	pr.NamespaceMacros["BEGIN_NS"] = "+lib,+"
	use := langtest.Extract(t, CPP(), "BEGIN_NS\nBEGIN_DETAIL\nint width(int x) { return x; }\nEND_DETAIL\n"+
		"#define TWICE(x) (x + x)\nint width(int x, int y) { return width(x) + y; }\nstruct Box { int size(); };\nEND_NS\nint after() { return 0; }\n")
	got := scopeFacts(use, pr)
	var quals []string
	for _, s := range got.Symbols {
		quals = append(quals, s.Qualified+" in "+s.Parent)
	}
	wantQ := []string{"lib.detail.width in lib.detail", "TWICE in ", "lib.width in lib", "lib.Box in lib", "lib.Box.size in lib.Box", "after in "}
	if diff := cmp.Diff(wantQ, quals); diff != "" {
		t.Errorf("scoped symbols (-want +got):\n%s", diff)
	}
	for _, r := range got.Refs {
		if r.Name == "width" && r.From != "lib.width" {
			t.Errorf("the call of width comes from %q, want lib.width", r.From)
		}
	}
	if use.Symbols[0].Qualified != "width" {
		t.Errorf("scopeFacts changed its input: %q", use.Symbols[0].Qualified)
	}
	if plain := langtest.Extract(t, CPP(), "int f() { return 0; }\n"); scopeFacts(plain, pr) != plain {
		t.Error("a file without macro lines was copied")
	}
}
