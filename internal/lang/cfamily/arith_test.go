package cfamily

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestArithmeticArgTypes: an arithmetic operation's Args type is its
// operands' common builtin type (an int literal takes the other's), a
// shift's its left operand's; short operands, which promote, stay
// unknown.
func TestArithmeticArgTypes(t *testing.T) {
	f := langtest.Extract(t, CPP(), `void use(uint32_t n, uint64_t m, short s) {
  rotr(n * n, 2);
  rotr(m * 5, n >> 1);
  rotr(s * s, n & m);
}
`)
	var got []string
	for _, r := range f.Refs {
		if r.Name == "rotr" && r.Kind == facts.RefCall {
			got = append(got, r.Args)
		}
	}
	want := []string{"(uint32_t,int)", "(uint64_t,uint32_t)", "(?,?)"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("Args %q, want %q", got, want)
	}
}

// TestDependentAliasArgType: a value typed by an alias template given a
// template parameter (uint32_or_64_or_128_t<T>, or an alias the file
// declares) is dependent, as
// T::value_type is; a class template's instance keeps its class.
func TestDependentAliasArgType(t *testing.T) {
	f := langtest.Extract(t, CPP(), `template <typename T> using wide_t = T;
template <typename T> using widened = T;
template <typename T> void write(T value) {
  auto a = static_cast<uint32_or_64_or_128_t<T>>(value);
  count_digits(a);
  remove_cvref_t<T> b = value;
  count_digits(b);
  widened<T> w = value;
  count_digits(w);
  basic_string_view<T> c;
  count_digits(c);
}
`)
	var got []string
	for _, r := range f.Refs {
		if r.Name == "count_digits" && r.Kind == facts.RefCall {
			got = append(got, r.Args)
		}
	}
	want := []string{"($)", "($)", "($)", "(basic_string_view)"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Args %q, want %q", got, want)
	}
}
