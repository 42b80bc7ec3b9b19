package cfamily

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestAnnotationMacrosAfterDeclarators: thread-safety macros after a
// parameter list or a field's name (leveldb's port and db headers) leave
// the function or field its own name; a macro called as a statement stays.
func TestAnnotationMacrosAfterDeclarators(t *testing.T) {
	f := langtest.Extract(t, CPP(), `#define GUARDED_BY(x) __attribute__((guarded_by(x)))
namespace db {
class LOCKABLE Mutex {
 public:
  void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }
  void AssertHeld() const ASSERT_EXCLUSIVE_LOCK() {}
  void Compact()
      EXCLUSIVE_LOCKS_REQUIRED(mu_);
  explicit Mutex(int n) ACQUIRE(n) : n_(n) {}
  int Count() NO_THREAD_SAFETY_ANALYSIS;
 private:
  Impl* const impl_ GUARDED_BY(mu_);
  Stats stats_[kLevels] GUARDED_BY(mu_);
  int n_;
};
void Run(Mutex* m) {
  if (m) CHECK_HELD(m);
  m->Lock();
}
inline null<> localtime_r FMT_NOMACRO(...) { return null<>(); }
}
`)
	var got []string
	for _, s := range f.Symbols {
		if s.Kind == facts.KindMethod || s.Kind == facts.KindField || s.Kind == facts.KindClass {
			got = append(got, s.Qualified)
		}
	}
	want := "db.Mutex db.Mutex.Lock db.Mutex.AssertHeld db.Mutex.Compact db.Mutex.Mutex db.Mutex.Count db.Mutex.impl_ db.Mutex.stats_ db.Mutex.n_"
	if strings.Join(got, " ") != want {
		t.Errorf("classes, methods and fields:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	// An empty macro between a function's name and its parameters.
	if lt := langtest.Symbol(t, f, "db.localtime_r"); lt.Params != "(?...)" {
		t.Errorf("localtime_r params %q, want (?...)", lt.Params)
	}
	if impl := langtest.Symbol(t, f, "db.Mutex.impl_"); impl.Type != "Impl" {
		t.Errorf("impl_ type %q, want Impl", impl.Type)
	}
	calls := map[string]bool{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			calls[r.Name] = true
		}
	}
	if !calls["CHECK_HELD"] || !calls["Lock"] {
		t.Errorf("calls %v: want the statement macro CHECK_HELD and Lock", calls)
	}
}

// TestConstructedLocalIsAVariable: a local constructed from other
// variables parses as a prototype (log::Writer writer(file)); its calls
// still name its type, while a prototype of types declares nothing.
func TestConstructedLocalIsAVariable(t *testing.T) {
	f := langtest.Extract(t, CPP(), `void Save(WritableFile* file, Record rec) {
  log::Writer writer(file);
  writer.AddRecord(rec);
  Reader reader(Options);
  reader.Read();
}
`)
	recv := map[string]string{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			recv[r.Name] = r.Recv
		}
	}
	if recv["AddRecord"] != "log.Writer" {
		t.Errorf("AddRecord receiver %q, want log.Writer", recv["AddRecord"])
	}
	if recv["Read"] != "reader" {
		t.Errorf("Read receiver %q, want the bare name reader (Options is no variable)", recv["Read"])
	}
}

// TestMacroBeforeQualifiedType: a macro word before a declaration whose
// type is qualified, templated or bound to "&" (fmt's color.h) is blanked
// like one before a plain type, also after friend or explicit; before,
// get_foreground read as a field named detail.
func TestMacroBeforeQualifiedType(t *testing.T) {
	f := langtest.Extract(t, CPP(), `class text_style {
 public:
  FMT_CONSTEXPR text_style& operator|=(const text_style& rhs) { return *this; }
  FMT_CONSTEXPR detail::color_type get_foreground() const noexcept {
    return foreground_color;
  }
  FMT_CONSTEXPR basic_string_view<char> name() const { return {}; }
  explicit FMT_CONSTEXPR text_style(int em) noexcept : ems(em) {}
 private:
  detail::color_type foreground_color;
  int ems;
};
`)
	want := map[string]string{
		"text_style.operator|=":       "text_style",
		"text_style.get_foreground":   "detail.color_type",
		"text_style.name":             "?",
		"text_style.text_style":       "",
		"text_style.foreground_color": "detail.color_type",
	}
	got := map[string]bool{}
	for _, s := range f.Symbols {
		got[s.Qualified] = true
		if w, ok := want[s.Qualified]; ok && w != "?" && s.Type != w {
			t.Errorf("%s: type %q, want %q", s.Qualified, s.Type, w)
		}
	}
	for q := range want {
		if !got[q] {
			t.Errorf("no symbol %s in %v", q, got)
		}
	}
	if got["text_style.detail"] {
		t.Errorf("a field named detail: the macro before detail::color_type was read as a type")
	}
}

// TestFriendFunctionDefinitions: a friend function defined in its class
// is a function with its calls (fmt's operators on uint128_fallback); a
// friend class declares nothing.
func TestFriendFunctionDefinitions(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace fmt {
class uint128 {
  FMT_CONSTEXPR friend bool operator==(const uint128& a, const uint128& b) { return eq(a, b); }
  friend class other;
  friend int helper(uint128 x) { return x.lo(); }
  int lo() const;
};
}
`)
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Qualified)
	}
	if want := "fmt fmt.uint128 fmt.uint128.operator== fmt.uint128.helper fmt.uint128.lo"; strings.Join(got, " ") != want {
		t.Errorf("symbols %q, want %q", strings.Join(got, " "), want)
	}
	from := map[string]string{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			from[r.Name] = r.From
		}
	}
	if from["eq"] != "fmt.uint128.operator==" || from["lo"] != "fmt.uint128.helper" {
		t.Errorf("calls from %v", from)
	}
}

// TestUsingDeclarationsImportTheirNamespace: using leveldb::Status (as
// leveldb's C API writes for each name it wraps) looks bare names up in
// leveldb, once per namespace; std and a function's own using stay out.
func TestUsingDeclarationsImportTheirNamespace(t *testing.T) {
	f := langtest.Extract(t, CPP(), "using leveldb::Status;\nusing leveldb::DB;\nusing leveldb::port::Mutex;\nusing std::string;\nusing namespace util;\n"+
		"void f() { using x::y; Status s; s.ok(); }\n")
	var got []string
	for _, im := range f.Imports {
		got = append(got, im.Path+" "+im.Kind)
	}
	if want := "leveldb wildcard,leveldb::port wildcard,util wildcard"; strings.Join(got, ",") != want {
		t.Errorf("imports %q, want %q", strings.Join(got, ","), want)
	}
}

// TestConditionalInClassHead: an #if block between a class's name and its
// body (fmt's dynamic_format_arg_store) no longer loses the class: its
// methods are its members, not functions of the namespace, lines kept.
func TestConditionalInClassHead(t *testing.T) {
	f := langtest.Extract(t, CPP(), `namespace fmt {
template <typename Context>
class dynamic_format_arg_store
#if FMT_GCC_VERSION && FMT_GCC_VERSION < 409
    : public basic_format_args<Context>
#endif
{
 public:
  void clear() { data_.clear(); }
  auto data() const -> int { return 1; }
};
}
`)
	got := map[string]int{}
	for _, s := range f.Symbols {
		got[s.Qualified] = s.Line
	}
	want := map[string]int{"fmt": 1, "fmt.dynamic_format_arg_store": 3, "fmt.dynamic_format_arg_store.clear": 9, "fmt.dynamic_format_arg_store.data": 10}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("symbols and lines (-want +got):\n%s", d)
	}
}
