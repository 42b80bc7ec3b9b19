package explicit

import "testing"

// cppDependentHeader declares overloads a template calls with arguments
// typed by its template parameter, and a pair of overloads one of which
// delegates to the other.
const cppDependentHeader = "namespace lib {\n" +
	"template <typename T> class Box {};\n" +
	"template <typename It> It reserve(It& it, int n) { return it; }\n" +
	"template <typename T> T* reserve(Box<T> it, int n) { return 0; }\n" +
	"inline int digits(unsigned x) { return 1; }\n" +
	"inline int digits(unsigned long x) { return 2; }\n" +
	"template <int BITS, typename UInt> int digits(UInt n) { return 3; }\n" +
	"class Stamp { public: long value; };\n" +
	"inline long when(long t) { return t; }\n" +
	"inline long when(Stamp s) { return when(s.value); }\n" +
	"}\n"

// TestCppDependentCallsLinkEachInstantiation: a call in a template whose
// argument a template parameter types links every overload of one scope
// that takes it, except one that needs template arguments the call does
// not write (digits<BITS>) and one taking a class where another takes
// any type (reserve(Box<T>)); with explicit template arguments it links
// only the function template, which only such a call reaches. Of two overloads a call cannot tell apart, one calling the other
// delegates.
func TestCppDependentCallsLinkEachInstantiation(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/core.h": cppDependentHeader,
		"lib/use.cc": "#include \"core.h\"\nnamespace lib {\n" +
			"template <typename T> int count(T value) {\n  reserve(value, 1);\n  return digits(value);\n}\n" +
			"template <typename T> int fixed(T value) { return digits<4>(value); }\n" +
			"int plain(long v) { return digits(v); }\n}\n",
	})
	check(t, got,
		[]string{
			"lib/use.cc#lib.count -> lib/core.h#lib.reserve [calls scope]",
			"lib/use.cc#lib.count -> lib/core.h#lib.digits [calls scope]",
			"lib/use.cc#lib.count -> lib/core.h#lib.digits~2 [calls scope]",
			"lib/core.h#lib.when~2 -> lib/core.h#lib.when [calls scope]",
			"lib/use.cc#lib.fixed -> lib/core.h#lib.digits~3 [calls scope]",
		},
		[]string{
			"lib/use.cc#lib.count -> lib/core.h#lib.reserve~2",
			"lib/use.cc#lib.count -> lib/core.h#lib.digits~3",
			"lib/use.cc#lib.fixed -> lib/core.h#lib.digits ",
			"lib/use.cc#lib.fixed -> lib/core.h#lib.digits~2",
			"lib/use.cc#lib.plain ->",
			"lib/core.h#lib.when~2 -> lib/core.h#lib.when~2",
		})
}

// TestCppTwinCallsReachTheOtherTwin: a call in one of a function's #if
// twins (or overloads of one parameter list) to their name links the
// other twin, not the caller itself.
func TestCppTwinCallsReachTheOtherTwin(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/count.h": "namespace lib {\n#if A\ninline int count() { return 1 + count(); }\n#else\ninline int count() { return 0; }\n#endif\n}\n",
	})
	check(t, got,
		[]string{"lib/count.h#lib.count -> lib/count.h#lib.count~2 [calls scope]"},
		[]string{"lib/count.h#lib.count -> lib/count.h#lib.count [calls"})
}

// TestCppDependentPointerOverloadLeftForAnyType: a bare dependent
// argument (OutputIt out) binds to an overload taking any type there, not
// to one taking a pointer (copy(T*, T*, U*)), though the other arguments
// are pointers.
func TestCppDependentPointerOverloadLeftForAnyType(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/copy.h": "namespace lib {\n" +
			"template <typename Char, typename In, typename Out> Out copy(In b, In e, Out o) { return o; }\n" +
			"template <typename Char, typename T, typename U> U* copy(T* b, T* e, U* o) { return o; }\n" +
			"template <typename Char, typename OutputIt> OutputIt put(OutputIt out) {\n" +
			"  Char buf[4];\n  return copy<Char>(buf, buf + 4, out);\n}\n}\n",
	})
	check(t, got,
		[]string{"lib/copy.h#lib.put -> lib/copy.h#lib.copy [calls scope]"},
		[]string{"lib/copy.h#lib.put -> lib/copy.h#lib.copy~2"})
}

// TestCppVisitorLinksEveryOverload: a call in a class's generic call
// operator passing its value on (a visitor, called with every
// alternative of a variant) links every overload the arguments fit,
// more than three of them, one taking a pointer; the same call in a
// plain function template links none taking a pointer.
func TestCppVisitorLinksEveryOverload(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/visit.h": "namespace lib {\n" +
			"struct monostate {};\n" +
			"template <typename Char, typename It, typename T> It put(It out, T value) { return out; }\n" +
			"template <typename Char, typename It, typename T> It put(It out, T value, int n) { return out; }\n" +
			"template <typename Char, typename It> It put(It out, monostate) { return out; }\n" +
			"template <typename Char, typename It> It put(It out, const Char* s) { return out; }\n" +
			"template <typename Char, typename It> It put(It out, Char c) { return out; }\n" +
			"template <typename Char> struct formatter {\n" +
			"  Char* out;\n" +
			"  template <typename T> Char* operator()(T value) { return put<Char>(out, value); }\n" +
			"};\n" +
			"template <typename Char, typename T> Char* once(Char* out, T value) { return put<Char>(out, value); }\n" +
			"}\n",
	})
	check(t, got,
		[]string{
			"lib/visit.h#lib.formatter.operator() -> lib/visit.h#lib.put [calls scope]",
			"lib/visit.h#lib.formatter.operator() -> lib/visit.h#lib.put~3 [calls scope]",
			"lib/visit.h#lib.formatter.operator() -> lib/visit.h#lib.put~4 [calls scope]",
			"lib/visit.h#lib.formatter.operator() -> lib/visit.h#lib.put~5 [calls scope]",
		},
		[]string{
			"lib/visit.h#lib.formatter.operator() -> lib/visit.h#lib.put~2",
			"lib/visit.h#lib.once -> lib/visit.h#lib.put~4",
		})
}

// TestCppExplicitCallReachesClassOverload: a call with template
// arguments whose dependent argument an overload takes as a plain class
// (an appender) links it beside the overload taking any type; one in a
// file that includes the caller's is not linked, nor is the class
// overload from a call without template arguments.
func TestCppExplicitCallReachesClassOverload(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/core.h": "namespace lib {\n" +
			"struct appender {};\n" +
			"template <typename Char, typename In, typename Out> Out copy(In b, In e, Out o) { return o; }\n" +
			"template <typename Char, typename In> appender copy(In b, In e, appender o) { return o; }\n" +
			"template <typename In, typename Out> Out move(In b, Out o) { return o; }\n" +
			"template <typename In> appender move(In b, appender o) { return o; }\n" +
			"}\n",
		"lib/format.h": "#include \"core.h\"\nnamespace lib {\n" +
			"template <typename Char, typename Out> Out put(const Char* s, Out out) {\n" +
			"  move(s, out);\n" +
			"  return copy<Char>(s, s + 1, out);\n}\n}\n",
		"lib/compile.h": "#include \"format.h\"\nnamespace lib {\n" +
			"struct counter {};\n" +
			"template <typename Char, typename In> counter copy(In b, In e, counter o) { return o; }\n" +
			"}\n",
	})
	check(t, got,
		[]string{
			"lib/format.h#lib.put -> lib/core.h#lib.copy [calls scope]",
			"lib/format.h#lib.put -> lib/core.h#lib.copy~2 [calls scope]",
			"lib/format.h#lib.put -> lib/core.h#lib.move [calls scope]",
		},
		[]string{
			"lib/format.h#lib.put -> lib/compile.h",
			"lib/format.h#lib.put -> lib/core.h#lib.move~2",
		})
}

// TestCppUnknownArgInTemplateIsDependent: inside a function template, a
// call whose argument's type the file does not tell links each overload
// that takes it, as a call with a template parameter's type does; the
// same call in a plain function links none.
func TestCppUnknownArgInTemplateIsDependent(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/core.h": cppDependentHeader,
		"lib/use.cc": "#include \"core.h\"\nnamespace lib {\n" +
			"template <typename T> int count(T value) {\n  auto n = value.size();\n  return digits(n);\n}\n" +
			"int plain(Stamp s) {\n  auto n = s.size();\n  return digits(n);\n}\n}\n",
	})
	check(t, got,
		[]string{
			"lib/use.cc#lib.count -> lib/core.h#lib.digits [calls scope]",
			"lib/use.cc#lib.count -> lib/core.h#lib.digits~2 [calls scope]",
		},
		[]string{
			"lib/use.cc#lib.count -> lib/core.h#lib.digits~3",
			"lib/use.cc#lib.plain -> lib/core.h#lib.digits",
		})
}

// TestCppPointerArgBindsNoClassOverload: a pointer argument binds
// directly to an overload taking a pointer there, not to one taking a
// class a pointer converts to (copy_str's appender).
func TestCppPointerArgBindsNoClassOverload(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/copy.h": "namespace lib {\n" +
			"struct appender {};\n" +
			"template <typename Char, typename In, typename Out> Out copy(In b, In e, Out o) { return o; }\n" +
			"template <typename Char, typename T, typename U> U* copy(T* b, T* e, U* o) { return o; }\n" +
			"template <typename Char, typename In> appender copy(In b, In e, appender o) { return o; }\n" +
			"template <typename S> void each(S s) {\n  char buf[4];\n  auto p = s.data();\n  copy<char>(p, p + 1, buf);\n}\n}\n",
	})
	check(t, got,
		[]string{"lib/copy.h#lib.each -> lib/copy.h#lib.copy~2 [calls scope]"},
		[]string{"lib/copy.h#lib.each -> lib/copy.h#lib.copy~3", "lib/copy.h#lib.each -> lib/copy.h#lib.copy "})
}

// TestCppTemplateTwinsUnderIf: two function templates of one name and
// parameters in the branches of an #if are one template per build (fmt's
// make_checked), and a call links both, as it does twin functions; two
// such templates outside a conditional are SFINAE overloads, and a call
// the arguments cannot tell links neither.
func TestCppTemplateTwinsUnderIf(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/check.h": "#ifndef LIB_CHECK_H_\n#define LIB_CHECK_H_\nnamespace lib {\n" +
			"#if defined(SECURE)\n" +
			"template <typename T> T* checked(T* p, int n) { return p; }\n" +
			"#else\n" +
			"template <typename T> T* checked(T* p, int) { return p; }\n" +
			"#endif\n" +
			"template <typename T> T* plain(T* p, int n) { return p; }\n" +
			"template <typename T> T* plain(T* p, int) { return p; }\n" +
			"inline int* use(int* p) { plain(p, 1); return checked(p, 1); }\n" +
			"}\n#endif\n",
	})
	check(t, got,
		[]string{
			"lib/check.h#lib.use -> lib/check.h#lib.checked [calls scope]",
			"lib/check.h#lib.use -> lib/check.h#lib.checked~2 [calls scope]",
		},
		[]string{"lib/check.h#lib.use -> lib/check.h#lib.plain"})
}

// TestCppExplicitCallReachesTemplateOfClassArg: a function template
// whose parameter is a class template instance of its own parameter
// (Box<T>) is a function template a call with template arguments
// reaches, beside the one only such a call can call.
func TestCppExplicitCallReachesTemplateOfClassArg(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/core.h": cppDependentHeader,
		"lib/ptr.h": "#include \"core.h\"\nnamespace lib {\n" +
			"template <typename T, typename It> T* to_ptr(It it, int n) { return 0; }\n" +
			"template <typename T> T* to_ptr(Box<T> it, int n) { return 0; }\n" +
			"template <typename Char> Char* put(int n) {\n  auto out = make();\n  return to_ptr<Char>(out, n);\n}\n}\n",
	})
	check(t, got,
		[]string{
			"lib/ptr.h#lib.put -> lib/ptr.h#lib.to_ptr [calls scope]",
			"lib/ptr.h#lib.put -> lib/ptr.h#lib.to_ptr~2 [calls scope]",
		},
		nil)
}

// TestCppHiddenFriendFoundByArgument: a call by bare name with a
// class's value reaches the friend function the class defines in its
// body, which argument-dependent lookup finds.
func TestCppHiddenFriendFoundByArgument(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/big.h": "namespace lib {\n" +
			"class big {\n public:\n  friend int compare(const big& a, const big& b) { return 0; }\n};\n" +
			"class view {\n public:\n  int compare(view other) const { return 0; }\n};\n" +
			"inline int order(int n) {\n  big a, b;\n  return compare(a, b);\n}\n}\n",
	})
	check(t, got,
		[]string{"lib/big.h#lib.order -> lib/big.h#lib.big.compare [calls type]"},
		[]string{"lib/big.h#lib.order -> lib/big.h#lib.view.compare"})
}
