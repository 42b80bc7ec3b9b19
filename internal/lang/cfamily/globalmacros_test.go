package cfamily

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestCallOp classifies a function-like macro's definition by what it
// does with the call in its argument.
func TestCallOp(t *testing.T) {
	for _, c := range []struct {
		params []string
		body   string
		want   string
	}{
		{[]string{"call"}, "::call", globalOp},
		{[]string{"call"}, " :: call ", globalOp},
		{[]string{"call"}, "::_##call", globalOp},
		{[]string{"call"}, "FMT_SYSTEM(call)", "=FMT_SYSTEM"},
		{[]string{"call"}, "call", ""},
		{[]string{"call"}, "_##call", ""},
		{[]string{"call"}, "::other", ""},
		{[]string{"call"}, "::call + 1", ""},
		{[]string{"a", "b"}, "::a", ""},
		{[]string{"call"}, "lower(call)", ""},
	} {
		if got := callOp(c.params, c.body); got != c.want {
			t.Errorf("callOp(%q, %q) = %q, want %q", c.params, c.body, got, c.want)
		}
	}
}

// sysHeader defines its macros as fmt's os.h does: one per #if branch.
const sysHeader = `#ifdef FMT_SYSTEM
#  define FMT_POSIX_CALL(call) FMT_SYSTEM(call)
#else
#  define FMT_SYSTEM(call) ::call
#  ifdef _WIN32
#    define FMT_POSIX_CALL(call) ::_##call
#  else
#    define FMT_POSIX_CALL(call) ::call
#  endif
#endif
#ifdef _WIN32
#  define FMT_POSIX(call) _##call
#else
#  define FMT_POSIX(call) call
#endif
`

// TestGlobalCallMacros: a header records the macros every definition of
// which writes the call in its argument after "::" (also through another
// such macro), not one that some build expands without it; a using file
// records the calls it writes in macro arguments, and with the project's
// macros those in a global-call macro are qualified by the global
// namespace, as ::close is, while a bare call stays bare.
func TestGlobalCallMacros(t *testing.T) {
	header := langtest.Extract(t, CPP(), sysHeader)
	want := []facts.Macro{{Name: "FMT_POSIX_CALL", Line: 2, Ops: globalOp}, {Name: "FMT_SYSTEM", Line: 4, Ops: globalOp}}
	if d := cmp.Diff(want, header.NamespaceMacros); d != "" {
		t.Errorf("header's macros (-want +got):\n%s", d)
	}
	user := langtest.Extract(t, CPP(), "class file {\n  int fd_;\n  void close();\n};\n"+
		"void file::close() {\n  FMT_POSIX_CALL(close(fd_));\n  FMT_POSIX(close(fd_));\n  ::close(fd_);\n  close();\n}\n")
	wantCalls := []facts.Macro{{Name: "FMT_POSIX_CALL", Line: 6, Call: "close"}, {Name: "FMT_POSIX", Line: 7, Call: "close"}}
	if d := cmp.Diff(wantCalls, user.MacroCalls); d != "" {
		t.Errorf("macro calls (-want +got):\n%s", d)
	}
	p := &lang.Project{NamespaceMacros: namespaceMacros(map[string]string{"os.h": projectFacts(header), "os.cc": projectFacts(user)})}
	scoped := scopeFacts(user, p)
	got := map[int]string{}
	for _, r := range scoped.Refs {
		if r.Name == "close" {
			got[r.Line] = r.Qualifier
		}
	}
	wantQual := map[int]string{6: facts.GlobalScope, 7: "", 8: facts.GlobalScope, 9: ""}
	if d := cmp.Diff(wantQual, got); d != "" {
		t.Errorf("qualifiers of close by line (-want +got):\n%s", d)
	}
	for _, r := range user.Refs {
		if r.Name == "close" && r.Line == 6 && r.Qualifier != "" {
			t.Errorf("scopeFacts changed its input: %+v", r)
		}
	}
}
