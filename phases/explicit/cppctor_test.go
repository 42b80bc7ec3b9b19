package explicit

import "testing"

// TestCppOwnClassNotConstructor: inside a class with constructors, a
// parameter typed by the class itself (const bigint& other) has the
// class's type, not its constructor's: other.num() is the class's num.
func TestCppOwnClassNotConstructor(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/bigint.h": "namespace lib {\nclass bigint {\n  int n_;\n public:\n  bigint() : n_(0) {}\n  explicit bigint(int n) : n_(n) {}\n" +
			"  int num() const { return n_; }\n  friend int compare(const bigint& lhs, const bigint& rhs) { return lhs.num() - rhs.num(); }\n" +
			"  void assign(const bigint& other) { n_ = other.num(); }\n};\n}\n",
	})
	check(t, got,
		[]string{
			"lib/bigint.h#lib.bigint.assign -> lib/bigint.h#lib.bigint.num [calls type]",
			"lib/bigint.h#lib.bigint.compare -> lib/bigint.h#lib.bigint.num [calls type]",
		},
		nil)
}

// TestCppSpecializationsCalledByName: a template's call X<T>::m(k) of a
// class template's explicitly specialized method reaches m in each
// specialization; a call inside one specialization stays its own.
func TestCppSpecializationsCalledByName(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/cache.h": "namespace lib {\ntemplate <typename T> struct cache;\n" +
			"template <> struct cache<float> {\n  static int get(int k) { return k; }\n  static int twice(int k) { return get(k) * 2; }\n};\n" +
			"template <> struct cache<double> {\n  static int get(int k) { return -k; }\n  static int twice(int k) { return get(k) * 2; }\n};\n" +
			"template <typename T> int use(T x, int k) { return cache<T>::get(k); }\n}\n",
	})
	check(t, got,
		[]string{
			"lib/cache.h#lib.use -> lib/cache.h#lib.cache.get [calls type]",
			"lib/cache.h#lib.use -> lib/cache.h#lib.cache.get~2 [calls type]",
		},
		[]string{
			"lib/cache.h#lib.cache.twice -> lib/cache.h#lib.cache.get~2",
			"lib/cache.h#lib.cache.twice~2 -> lib/cache.h#lib.cache.get [",
		})
}

// TestCppComplementaryTemplatesBothLinked: a dependent call of two
// function templates whose enable_if conditions negate each other links
// both; of two told apart otherwise, neither.
func TestCppComplementaryTemplatesBothLinked(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/neg.h": "namespace lib {\n" +
			"template <typename T, FMT_ENABLE_IF(is_signed<T>::value)>\nconstexpr auto is_negative(T value) -> bool { return value < 0; }\n" +
			"template <typename T, FMT_ENABLE_IF(!is_signed<T>::value)>\nconstexpr auto is_negative(T) -> bool { return false; }\n" +
			"template <typename T, FMT_ENABLE_IF(std::is_integral<T>::value)>\nT to_ascii(T c) { return c; }\n" +
			"template <typename T, FMT_ENABLE_IF(std::is_enum<T>::value)>\nT to_ascii(T c) { return c; }\n" +
			"template <typename T> bool check(T value) { to_ascii(value); return is_negative(value); }\n}\n",
	})
	check(t, got,
		[]string{
			"lib/neg.h#lib.check -> lib/neg.h#lib.is_negative [calls scope]",
			"lib/neg.h#lib.check -> lib/neg.h#lib.is_negative~2 [calls scope]",
		},
		[]string{"lib/neg.h#lib.check -> lib/neg.h#lib.to_ascii"})
}

// TestCppLocalClassFields: the methods of a class declared in a function
// call methods on its fields by the fields' types.
func TestCppLocalClassFields(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/ctx.h": "namespace lib {\nstruct parse_context { int next_arg_id() { return 0; } };\n" +
			"void run() {\n  struct handler {\n    parse_context ctx;\n    int on_arg_id() { return ctx.next_arg_id(); }\n  };\n  handler h;\n}\n}\n",
	})
	check(t, got,
		[]string{"lib/ctx.h#lib.run -> lib/ctx.h#lib.parse_context.next_arg_id [calls type]"},
		nil)
}
