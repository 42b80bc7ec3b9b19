package explicit

import "testing"

// TestCTwinsLinkEveryBranch: a C function defined under both branches of
// an #ifdef is one function per build, so a call links to both
// definitions, also when a parameter's type differs between them; a C++
// overload (other parameters) stays apart from the one the call names.
func TestCTwinsLinkEveryBranch(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/clock.h": "#ifdef _WIN32\nstatic int clock_now(void) { return 1; }\nstatic int dup_fd(HANDLE h) { return 0; }\n" +
			"#else\nstatic int clock_now(void) { return 2; }\nstatic int dup_fd(int fd) { return fd; }\n#endif\n",
		"src/parser.c": "#include \"clock.h\"\nint parse(void) { return clock_now() + dup_fd(0); }\n",
		"src/fmt.hpp": "namespace fmt {\n#ifdef FMT_WIN\ninline int width(int x) { return x; }\n#else\ninline int width(int x) { return x + 1; }\n#endif\n" +
			"inline int size(int x) { return x; }\ninline int size(const char *s, int n) { return n; }\n" +
			"inline int use() { return width(1) + size(2); }\n}\n",
	})
	check(t, got,
		[]string{
			"src/parser.c#parse -> src/clock.h#clock_now [calls scope]",
			"src/parser.c#parse -> src/clock.h#clock_now~2 [calls scope]",
			"src/parser.c#parse -> src/clock.h#dup_fd [calls scope]",
			"src/parser.c#parse -> src/clock.h#dup_fd~2 [calls scope]",
			"src/fmt.hpp#fmt.use -> src/fmt.hpp#fmt.width [calls scope]",
			"src/fmt.hpp#fmt.use -> src/fmt.hpp#fmt.width~2 [calls scope]",
			"src/fmt.hpp#fmt.use -> src/fmt.hpp#fmt.size [calls scope]",
		},
		[]string{"src/fmt.hpp#fmt.use -> src/fmt.hpp#fmt.size~2"})
}

// TestCppOverloadsByArity: a C++ call picks the overload that takes as
// many arguments (defaults and parameter packs counted), in its file and
// in the namespaces around it; of two that take as many, where the
// argument's type is not known, it links to neither.
func TestCppOverloadsByArity(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/io.hpp": "namespace lib {\nint write(int x);\nint write(int x, int y);\nint pad(int x, int w = 0);\nint pad(int x, int w, int f, int g);\n" +
			"int both(int a);\nint both(char c);\ntemplate <typename... T> int log(const char *f, const T &...args) { return 0; }\ninline int log(int level) { return level; }\n}\n",
		"lib/io.cpp": "#include \"io.hpp\"\nnamespace lib {\nint write(int x) { return x; }\nint write(int x, int y) { return y; }\n" +
			"int pad(int x, int w) { return x; }\nint pad(int x, int w, int f, int g) { return g; }\nint both(int a) { return a; }\nint both(char c) { return c; }\n" +
			"int use() { return write(1, 2) + pad(1) + both(unknown_value) + log(\"a\", 1, 2); }\n}\n",
	})
	check(t, got,
		[]string{
			"lib/io.cpp#lib.use -> lib/io.cpp#lib.write~2 [calls scope]",
			"lib/io.cpp#lib.use -> lib/io.cpp#lib.pad [calls scope]",
			"lib/io.cpp#lib.use -> lib/io.hpp#lib.log [calls scope]",
		},
		[]string{"lib/io.cpp#lib.use -> lib/io.cpp#lib.write [", "-> lib/io.cpp#lib.pad~2", "-> lib/io.cpp#lib.both", "-> lib/io.hpp#lib.log~2"})
}

// TestCppCallsReachOutOfLineDefinitions: a call of a method its class only
// declares links to the definition outside the class (in the .cc, or
// later in the header), the overload with the call's parameters; a pure
// virtual method and one defined in its class keep their own node.
func TestCppCallsReachOutOfLineDefinitions(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"db/table.h": "namespace db {\nclass Table {\n public:\n  int Add(int k, int v = 0);\n  int Add(const char* s, int n, int m);\n" +
			"  int Size() const;\n  int Hash() { return 1; }\n  virtual int Flush() = 0;\n};\ninline int Table::Size() const { return 0; }\n}\n",
		"db/table.cc": "#include \"table.h\"\nnamespace db {\nint Table::Add(int k, int v) { return k; }\nint Table::Add(const char* s, int n, int m) { return n; }\n}\n",
		"db/build.cc": "#include \"table.h\"\nnamespace db {\nint Build(Table* t) {\n  t->Add(1);\n  t->Add(\"a\", 1, 2);\n  t->Hash();\n  t->Flush();\n  return t->Size();\n}\n}\n",
	})
	check(t, got,
		[]string{
			"db/build.cc#db.Build -> db/table.cc#db.Table.Add [calls type]",
			"db/build.cc#db.Build -> db/table.cc#db.Table.Add~2 [calls type]",
			"db/build.cc#db.Build -> db/table.h#db.Table.Size~2 [calls type]",
			"db/build.cc#db.Build -> db/table.h#db.Table.Hash [calls type]",
			"db/build.cc#db.Build -> db/table.h#db.Table.Flush [calls type]",
		},
		[]string{"-> db/table.h#db.Table.Add", "-> db/table.h#db.Table.Size ["})
}

// TestCppOverloadsByArgumentTypes: of overloads that take as many
// arguments, a call links to the one its argument types match exactly
// (literals, parameters, locals, a class declared in another file), a
// template parameter takes any type but not exactly (f(int) wins over
// f(T) for an int), and a tie in exact matches, or
// arguments of unknown types, link to none.
func TestCppOverloadsByArgumentTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"db/slice.h": "namespace db {\nclass Slice { public: Slice(const char* p); };\nclass InternalKey {};\n}\n",
		"db/cmp.h": "#include \"slice.h\"\nnamespace db {\nclass Comparator {\n public:\n  int Compare(const Slice& a, const Slice& b) const;\n" +
			"  int Compare(const InternalKey& a, const InternalKey& b) const;\n};\n" +
			"inline int put(int v) { return 1; }\ninline int put(double v) { return 2; }\ninline int put(const char* s) { return 3; }\n" +
			"inline int mix(int a, double b) { return 1; }\ninline int mix(double a, int b) { return 2; }\n" +
			"template <typename T> int any(T v, int w) { return 1; }\ninline int any(Slice s, char* w) { return 2; }\n" +
			"template <typename T> int one(T v) { return 1; }\ninline int one(int v) { return 2; }\n}\n",
		"db/use.cc": "#include \"cmp.h\"\nnamespace db {\nint Use(Comparator* c, const Slice& k, InternalKey ik, long n) {\n" +
			"  InternalKey other;\n  c->Compare(k, k);\n  c->Compare(ik, other);\n  put(1);\n  put(2.5);\n  put(\"s\");\n" +
			"  mix(1, 2);\n  put(mystery);\n  one(7);\n  return any(n, 3);\n}\n}\n",
	})
	check(t, got,
		[]string{
			"db/use.cc#db.Use -> db/cmp.h#db.Comparator.Compare [calls type]",
			"db/use.cc#db.Use -> db/cmp.h#db.Comparator.Compare~2 [calls type]",
			"db/use.cc#db.Use -> db/cmp.h#db.put [calls scope]",
			"db/use.cc#db.Use -> db/cmp.h#db.put~2 [calls scope]",
			"db/use.cc#db.Use -> db/cmp.h#db.put~3 [calls scope]",
			"db/use.cc#db.Use -> db/cmp.h#db.any [calls scope]",
			"db/use.cc#db.Use -> db/cmp.h#db.one~2 [calls scope]",
		},
		[]string{"-> db/cmp.h#db.mix", "-> db/cmp.h#db.any~2", "-> db/cmp.h#db.one ["})
}

// TestCppUnknownReceiversAndSfinae: a member call on a receiver typed by
// a template parameter links only to a method whose name one class of the
// project declares (on_fill), not to one of several classes' (begin),
// even where one of them is in the caller's file; two
// function templates of one name and parameters are overloads an
// enable_if tells apart, not #if twins: a call links to neither.
func TestCppUnknownReceiversAndSfinae(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fmt/core.h": "namespace fmt {\nclass string_view {\n public:\n  const char* begin() const { return p_; }\n};\n" +
			"class specs_setter {\n public:\n  void on_fill(char c) {}\n};\n" +
			"template <typename To, typename From, enable_if_t<(sizeof(To) == sizeof(From)), int> = 0>\nTo bit_cast(const From& from) { return to; }\n" +
			"template <typename To, typename From, enable_if_t<(sizeof(To) > sizeof(From)), int> = 0>\nTo bit_cast(const From& from) { return to; }\n" +
			"template <typename Ctx, typename Handler> int parse(Ctx& ctx, Handler&& handler) {\n  ctx.begin();\n  handler.on_fill('x');\n  return bit_cast<int>(1.5f);\n}\n}\n",
		"fmt/args.h": "namespace fmt {\nclass parse_context {\n public:\n  const char* begin() const { return p_; }\n};\n}\n",
	})
	check(t, got,
		[]string{"fmt/core.h#fmt.parse -> fmt/core.h#fmt.specs_setter.on_fill [calls name]"},
		[]string{"-> fmt/core.h#fmt.string_view.begin", "-> fmt/args.h#fmt.parse_context.begin", "-> fmt/core.h#fmt.bit_cast"})
}
