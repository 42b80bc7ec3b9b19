package cfamily

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestParamTypes: a function's Params list its parameters' types with the
// declarator's marks, defaults, packs and C's "...", so that twins under
// an #ifdef compare equal and overloads do not.
func TestParamTypes(t *testing.T) {
	f := langtest.Extract(t, CPP(), `int printf_like(const char *fmt, ...) { return 0; }
void take(std::vector<int> &v, int n = 3, int (*cb)(int), int arr[]) {}
void none(void) {}
template <typename... Args> void pack(const Args &...args) {}
struct S { int m(long x, char c) const; T *data() &; };
`)
	for qual, want := range map[string]string{
		"printf_like": "(char*,?...)",
		"take":        "(std::vector<int>&,int=,int(*),int[])",
		"none":        "()",
		"pack":        "($Args&...)",
		"S.m":         "(long,char)const",
		"S.data":      "()&",
	} {
		if got := langtest.Symbol(t, f, qual).Params; got != want {
			t.Errorf("%s: Params %q, want %q", qual, got, want)
		}
	}
}

// TestArgTypes: a C++ call's Args give each argument's type where the
// file tells (literals, parameters, locals, auto, &x, casts, p + n), "$T"
// for a value of template parameter T, "$T*" for &t, "$" for *it (T may
// be a pointer or an iterator), "?" where it does
// not tell (an unknown name, the literal 0, which is also a null pointer,
// a braced list); a pack expansion leaves the count unknown. Explicit
// template arguments mark the list ("<"), dependent arguments kept.
func TestArgTypes(t *testing.T) {
	f := langtest.Extract(t, CPP(), `template <typename T> void g(T t, const Slice &s, unsigned long n, char *p) {
  Buffer local(s);
  auto count = 3u;
  const char *text = "x";
  use(1, 2.5, 'c', "lit", true, nullptr);
  use(t, s, n, p, local, count);
  use(&s, *p, static_cast<long>(n), text, unknown, 0);
  use(10L, 1.5f, sizeof(s), n == 1, !p, 7ull);
  use(s, {}, {1, 2});
  use(t...);
  use(&t, *t, p + n, p - q, use<T>(t), lib::use<T>(t));
}
`)
	var got []string
	for _, r := range f.Refs {
		if r.Name == "use" {
			got = append(got, r.Args)
		}
	}
	want := []string{
		"(int,double,char,char*,bool,nullptr)",
		"($T,Slice,unsignedlong,char*,Buffer,unsigned)",
		"(Slice*,char,long,char*,?,?)",
		"(long,float,size_t,bool,bool,unsignedlonglong)",
		"(Slice,?,?)",
		"",
		"($T*,$,char*,?,?,?)",
		"<($T)", "<($T)", // use<T>(t) and lib::use<T>(t), inside the one before

	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Args\n got %q\nwant %q", got, want)
	}
}

// TestExplicitOnlyTemplates: a function template with a template
// parameter that no parameter's type names and that has no default is
// marked explicit-only; a method defined outside its class template is
// not (the template is its class's).
func TestExplicitOnlyTemplates(t *testing.T) {
	f := langtest.Extract(t, CPP(), `template <int BITS, typename UInt> int digits(UInt n) { return 0; }
template <typename Char, typename It> It put(It out, Char c) { return out; }
template <typename To, typename From> To cast(const From& from) { return To(); }
template <typename T, int N = 2> T* at(T* p) { return p; }
template <typename T, int SIZE> void Buf<T, SIZE>::grow(size_t n) {}
`)
	for qual, want := range map[string]string{
		"digits":   "($UInt)!",
		"put":      "($It,$Char)",
		"cast":     "($From&)!",
		"at":       "($T*)",
		"Buf.grow": "(size_t)",
	} {
		if got := langtest.Symbol(t, f, qual).Params; got != want {
			t.Errorf("%s: Params %q, want %q", qual, got, want)
		}
	}
}

// TestTemplateInBranchMarked: a function template in a branch of an #if
// that has another branch ends its Params with inBranch; one under an
// include guard or a lone #if, and a plain function in a branch, do not.
func TestTemplateInBranchMarked(t *testing.T) {
	f := langtest.Extract(t, CPP(), `#ifndef LIB_H_
#define LIB_H_
namespace lib {
#if defined(SECURE)
template <typename T> T* checked(T* p, int n) { return p; }
#else
template <typename T> T* unchecked(T* p, int) { return p; }
inline int plain(int n) { return n; }
#endif
#if defined(EXTRA)
template <typename T> T* extra(T* p) { return p; }
#endif
template <typename T> T* guarded(T* p) { return p; }
}
#endif
`)
	for qual, want := range map[string]string{
		"lib.checked":   "($T*,int)" + inBranch,
		"lib.unchecked": "($T*,int)" + inBranch,
		"lib.plain":     "(int)",
		"lib.extra":     "($T*)",
		"lib.guarded":   "($T*)",
	} {
		if got := langtest.Symbol(t, f, qual).Params; got != want {
			t.Errorf("%s: Params %q, want %q", qual, got, want)
		}
	}
}

// TestTemplateArgsOfParamsMarked: a template parameter among a parameter
// type's template arguments is marked "$" like a bare one, a namespace's
// name or another type among them is not.
func TestTemplateArgsOfParamsMarked(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace lib {
template <typename T> T* to_ptr(Box<T> it, std::map<T, ns::T> m) { return 0; }
inline int plain(Box<int> b) { return 0; }
}
`)
	for qual, want := range map[string]string{
		"lib.to_ptr": "(Box<$T>,std::map<$T;ns::T>)",
		"lib.plain":  "(Box<int>)",
	} {
		if got := langtest.Symbol(t, f, qual).Params; got != want {
			t.Errorf("%s: Params %q, want %q", qual, got, want)
		}
	}
}
