package cfamily

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestClassTemplateInstances: a function's X<A> with a class or template
// parameter argument is a site named "<X" (a local alias read through);
// in a class template derived from its parameter, Handler::m() and
// this->m() have the Recv "$Handler^0", and the base is written so.
func TestClassTemplateInstances(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
struct setter { void on_align(int a); void on_error(const char*); };
template <typename Char, typename Handler> class checker : public Handler {
  void require() { this->on_error("x"); }
 public:
  void on_align(int a) { require(); Handler::on_align(a); }
};
template <typename H> void pass(H& h) { checker<char, H> c(h); std::vector<H> v; }
void use() {
  using handler_type = setter;
  auto c = checker<char, handler_type>(handler_type());
  int n = to<int>(1);
}
}
`)
	var got []string
	for _, s := range f.Sites {
		if strings.HasPrefix(s.Name, "<") {
			got = append(got, fmt.Sprintf("%s %s %s", s.From, s.Name, s.Args))
		}
	}
	want := []string{"lib.pass <checker (char,$H)", "lib.use <checker (char,setter)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("instances %q, want %q", got, want)
	}
	recv := map[string]string{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && strings.HasPrefix(r.From, "lib.checker.") {
			recv[r.Name] = r.Recv
		}
	}
	if recv["on_error"] != "$Handler^1" || recv["on_align"] != "$Handler^1" || recv["require"] != "" {
		t.Errorf("Recvs %v, want on_error and on_align $Handler^1, require none", recv)
	}
	for _, s := range f.Symbols {
		if s.Name == "checker" && (len(s.Extends) != 1 || s.Extends[0] != "$Handler^1") {
			t.Errorf("checker extends %q, want [$Handler^1]", s.Extends)
		}
	}
}

// TestComplementaryTemplates: two function templates of one name and
// parameters whose enable_if conditions negate each other are marked
// complementary (after explicitOnly); others told apart by enable_if are
// not.
func TestComplementaryTemplates(t *testing.T) {
	f := langtest.Extract(t, CPP(), `template <typename T, FMT_ENABLE_IF(is_signed<T>::value)>
constexpr auto is_negative(T value) -> bool { return value < 0; }
template <typename T, FMT_ENABLE_IF(!is_signed<T>::value)>
constexpr auto is_negative(T) -> bool { return false; }
template <typename T, FMT_ENABLE_IF(std::is_integral<T>::value)>
T to_ascii(T c) { return c; }
template <typename T, FMT_ENABLE_IF(std::is_enum<T>::value)>
T to_ascii(T c) { return c; }
template <typename T, typename std::enable_if<!is_x<T>::value, int>::type = 0>
bool f(T value) { return true; }
template <typename T, typename std::enable_if<is_x<T>::value, int>::type = 0>
bool f(T value) { return true; }
`)
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Qualified+s.Params)
	}
	want := []string{"is_negative($T)~", "is_negative($T)~", "to_ascii($T)", "to_ascii($T)", "f($T)~", "f($T)~"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Params %q, want %q", got, want)
	}
}

// TestClassParamDefault: a call qualified by a class template parameter
// with a default type has that type's chain as its Recv.
func TestClassParamDefault(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
template <typename Char, typename EH = detail::error_handler> class parse_context : private EH {
  void on_error(const char* m) { EH::on_error(m); }
};
}
`)
	for _, r := range f.Refs {
		if r.Name == "on_error" && r.Kind == facts.RefCall && r.Recv != "detail.error_handler" {
			t.Errorf("Recv of EH::on_error %q, want detail.error_handler", r.Recv)
		}
	}
}
