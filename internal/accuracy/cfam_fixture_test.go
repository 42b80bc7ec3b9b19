package accuracy

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// clangFixture is a two-unit C++ corpus with the call forms the clang truth
// must tell apart.
var clangFixture = map[string]string{
	"a.h": `int helper(int);
#define TWICE(x) (helper(x) + helper(x))
#define KEEP(e) (e)
`,
	"a.cc": `#include "a.h"
namespace ns {
struct V { int size() const { return 0; } };
struct S {
  int m() const;
  template <class T> int t(T x) { return x.size() + m(); }
};
int S::m() const { return helper(1); }
int caller() {
  S s;
  auto l = [&] { return s.m(); };
  return l() + TWICE(2) + KEEP(helper(3)) + s.t(V{});
}
}  // namespace ns
struct L { template <class U> int push(U u) { return 0; } };
template <class T> int w(T x) { L l; return l.push<T>(x); }
`,
	"b.cc": "int helper(int x) { return x; }\n",
}

// TestClangTruthFixture checks the truth's reading of clang's JSON AST on
// the fixture: a callee defined in another unit, a call in a lambda (the
// enclosing function's), calls in a macro's body and in its argument, and
// a call clang resolves only in the template's instantiation, and one it
// leaves dependent in a template never instantiated.
func TestClangTruthFixture(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("no clang on PATH: apt-get install clang")
	}
	dir := t.TempDir()
	for name, text := range clangFixture {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	inCorp := func(f string) bool { _, ok := clangFixture[f]; return ok }
	src := func(f string) []byte { return []byte(clangFixture[f]) }
	var units []*cUnit
	for _, u := range []string{"a.cc", "b.cc"} {
		unit, err := runClang(context.Background(), clang, dir, "", []string{"-x", "c++", "-std=c++17", u}, "", inCorp, src)
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, unit)
	}
	calls, _, noDef := resolveCalls(units)
	var got []string
	for _, c := range calls {
		got = append(got, fmt.Sprintf("%s:%d %s -> %s:%d %s (%s)", c.caller.at.file, c.caller.at.line, c.caller.name,
			c.def.at.file, c.def.at.line, c.def.name, c.shape))
	}
	slices.Sort(got)
	got = slices.Compact(got)
	want := []string{
		"a.cc:6 t -> a.cc:3 size (dependent call)",
		"a.cc:6 t -> a.cc:8 m (member call)",
		"a.cc:8 m -> b.cc:1 helper (call)",
		"a.cc:9 caller -> a.cc:6 t (member call)",
		"a.cc:9 caller -> a.cc:8 m (member call)",
		"a.cc:9 caller -> b.cc:1 helper (in a macro argument)",
		"a.cc:9 caller -> b.cc:1 helper (in a macro body)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("calls:\n got %q\nwant %q", got, want)
	}
	if noDef != 0 {
		t.Errorf("%d calls of declarations defined nowhere, want 0", noDef)
	}
	// w is never instantiated: its call of a member template with
	// template arguments is left dependent, named by the word before them.
	if !units[0].dependent[pos{"a.cc", 16}]["push"] {
		t.Errorf("dependent names of w: %v, want push", units[0].dependent[pos{"a.cc", 16}])
	}
}
