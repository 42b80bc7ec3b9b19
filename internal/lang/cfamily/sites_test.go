package cfamily

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestCallSites: a C++ file keeps as sites its calls of a name with an
// argument of a class's type or of a template parameter's (with its
// name), not member calls nor calls of builtin values alone; a member
// call on a value of a template parameter's type without a default has
// the Recv "$T", which the resolver deduces from those sites.
func TestCallSites(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
struct checker { void on_text(int n); };
template <typename Handler> void parse(const char* s, Handler&& handler) {
  handler.on_text(1);
  helper(s, 2);
}
template <typename H> void outer(H& h) { parse("x", h); }
void use() {
  checker c;
  lib::parse("y", c);
  c.on_text(3);
  count(4);
}
}
`)
	var got []string
	for _, s := range f.Sites {
		got = append(got, fmt.Sprintf("%s %s %s", s.From, s.Name, s.Args))
	}
	want := []string{"lib.outer parse (char*,$H)", "lib.use parse (char*,checker)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Sites %q, want %q", got, want)
	}
	var recv string
	for _, r := range f.Refs {
		if r.Name == "on_text" && r.Kind == facts.RefCall && r.From == "lib.parse" {
			recv = r.Recv
		}
	}
	if recv != "$Handler" {
		t.Errorf("Recv of handler.on_text %q, want $Handler", recv)
	}
}

// TestLocalConstructedFromField: a local declared with constructor
// arguments that are a field of the file and a parameter
// (dynamic_specs_handler<Ctx> handler(specs_, ctx)) is a variable of its
// type, which a call site passes.
func TestLocalConstructedFromField(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
struct specs {};
template <typename Ctx> struct handler { handler(specs& s, Ctx& c) {} };
struct fmt {
  specs specs_;
  template <typename Ctx> void parse(Ctx& ctx) {
    lib::handler<Ctx> h(specs_, ctx);
    parse_specs(1, h);
  }
};
}
`)
	var calls []facts.Ref // the instantiation handler<Ctx> aside
	for _, s := range f.Sites {
		if !strings.HasPrefix(s.Name, "<") {
			calls = append(calls, s)
		}
	}
	if len(calls) != 1 || calls[0].Args != "(int,handler)" {
		t.Errorf("Sites %+v, want parse_specs (int,handler)", calls)
	}
}

// TestConstructedTemporaries: T(args) is a temporary of type T where the
// file declared T as a class before, or as a function's own alias of a
// named type (using checker = format_string_checker<...>); a call of an
// unknown name stays unknown.
func TestConstructedTemporaries(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
template <typename... Args> class string_checker {};
struct handler {};
template <typename... Args, typename S> void check(S s) {
  using checker = string_checker<Args...>;
  parse(s, checker(s, {}));
  parse(s, handler());
  parse(s, make_handler());
}
}
`)
	var got []string
	for _, r := range f.Refs {
		if r.Name == "parse" {
			got = append(got, r.Args)
		}
	}
	want := "($S,string_checker)|($S,handler)|($S,?)"
	if strings.Join(got, "|") != want {
		t.Errorf("Args of parse %q, want %q", strings.Join(got, "|"), want)
	}
}
