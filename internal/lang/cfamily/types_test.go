package cfamily

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// TestCppFieldAndResultTypes: fields are symbols with their declared
// types; functions carry their result types; std types are outside the
// repository except a smart pointer, which is its pointee.
func TestCppFieldAndResultTypes(t *testing.T) {
	src := `namespace app {
struct Conn {
    int (*on_close)(int);
    Buffer *buf;
    std::vector<Item> items;
    std::unique_ptr<Codec> codec;
    net::Socket sock;
    int fd;
};
Conn *open_conn(const char *path);
Conn *open_conn(const char *path) { return nullptr; }
auto make_codec() -> Codec { return Codec(); }
void Conn::close() {}
using Handle = Conn;
}
`
	f := langtest.Extract(t, CPP(), src)
	want := map[string]string{
		"app.Conn.on_close": facts.NotRepo, "app.Conn.buf": "Buffer", "app.Conn.items": facts.NotRepo,
		"app.Conn.codec": "Codec", "app.Conn.sock": "net.Socket", "app.Conn.fd": facts.NotRepo,
		"app.open_conn": "Conn", "app.make_codec": "Codec", "app.Conn.close": facts.NotRepo, "app.Handle": "Conn",
	}
	if d := cmp.Diff(want, langtest.Types(f)); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
	if s := langtest.Symbol(t, f, "app.Conn.buf"); s.Kind != facts.KindField || s.Parent != "app.Conn" {
		t.Errorf("buf: %+v", s)
	}
}

// TestCTypedefFields: the fields of typedef struct { ... } name belong to
// name; typedef struct tag alias gives the alias the tag's type.
func TestCTypedefFields(t *testing.T) {
	src := "typedef struct { struct ops *ops; } handle;\ntypedef struct conn conn_t;\ntypedef int (*cb_t)(void);\n"
	f := langtest.Extract(t, C(), src)
	want := map[string]string{"handle.ops": "ops", "conn_t": "conn", "cb_t": facts.NotRepo}
	if d := cmp.Diff(want, langtest.Types(f)); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
}

// TestCppLocalReceivers: a member call on a local or parameter names the
// local's declared or initializing type; on this->field the chain through
// this; a std value is outside the repository; a local of unknown type is
// Unknown.
func TestCppLocalReceivers(t *testing.T) {
	src := `void Server::run(Request &req, std::string name) {
    Conn *c = open_conn("x");
    c->send();
    auto w = Worker(3);
    w.start();
    auto p = new ns::Pool();
    p->drain();
    auto q = std::make_unique<Queue>();
    q->push();
    Logger log;
    log.write();
    req.parse();
    name.size();
    this->cache->clear();
    registry.add();
    for (auto &item : items) item.touch();
    std::sort(a, b);
}
`
	f := langtest.Extract(t, CPP(), src)
	want := []callRow{
		{"open_conn", "", ""},
		{"send", "c", "Conn"},
		{"Worker", "", ""},
		{"start", "w", "Worker()"},
		{"drain", "p", "ns.Pool()"},
		{"make_unique", "std", facts.NotRepo},
		{"push", "q", "Queue"},
		{"write", "log", "Logger"},
		{"parse", "req", "Request"},
		{"size", "name", facts.NotRepo},
		{"clear", "this->cache", "this.cache"},
		{"add", "registry", "registry"},
		{"touch", "item", facts.Unknown},
		{"sort", "std", facts.NotRepo},
	}
	got := langtest.Calls[callRow](f)
	// new ns::Pool() is a call of Pool; keep the rows this test is about.
	var rows []callRow
	for _, r := range got {
		if r.Name != "Pool" {
			rows = append(rows, r)
		}
	}
	if d := cmp.Diff(want, rows); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestCFunctionPointerCalls: a call through a parameter or local function
// pointer names no function; a call through a struct field keeps its
// receiver so that the resolver finds the field, not a function.
func TestCFunctionPointerCalls(t *testing.T) {
	src := "void run(struct conn *c, int (*cb)(int)) {\n  int (*fp)(int) = pick();\n  cb(1);\n  fp(2);\n  c->on_close(3);\n  helper(4);\n}\n"
	f := langtest.Extract(t, C(), src)
	want := []callRow{{"pick", "", ""}, {"on_close", "c", "conn"}, {"helper", "", ""}}
	if d := cmp.Diff(want, langtest.Calls[callRow](f)); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestCppUsingNamespace: using namespace is a wildcard import of the
// namespace; a using declaration of one name imports its namespace
// (TestUsingDeclarationsImportTheirNamespace).
func TestCppUsingNamespace(t *testing.T) {
	src := "using namespace std;\nusing namespace app::net;\nusing app::Conn;\nvoid f() { using namespace detail; }\n"
	f := langtest.Extract(t, CPP(), src)
	want := []facts.Import{
		{Path: "std", Kind: "wildcard", Line: 1},
		{Path: "app::net", Kind: "wildcard", Line: 2},
		{Path: "app", Kind: "wildcard", Line: 3},
		{Path: "detail", Kind: "wildcard", Line: 4},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

// TestCHeaderWrittenInCpp: a .h file the C grammar cannot read but C++ can
// is read as C++ (classes, methods, namespaces).
func TestCHeaderWrittenInCpp(t *testing.T) {
	src := "#pragma once\nnamespace app {\nclass Conn : public Base {\n public:\n  void send(int n);\n private:\n  Buffer *buf_;\n};\n}\n"
	f := langtest.Extract(t, C(), src)
	want := []symLineRow{
		{"app", "app", facts.KindModule, "", 2},
		{"Conn", "app.Conn", facts.KindClass, "app", 3},
		{"send", "app.Conn.send", facts.KindMethod, "app.Conn", 5},
		{"buf_", "app.Conn.buf_", facts.KindField, "app.Conn", 7},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	// A C header stays C.
	c := langtest.Extract(t, C(), "struct s { int class_id; };\nint f(void);\n")
	if d := cmp.Diff([]symLineRow{{"s", "s", facts.KindStruct, "", 1}, {"class_id", "s.class_id", facts.KindField, "s", 1}}, langtest.SymLines[symLineRow](c)); d != "" {
		t.Errorf("C header (-want +got):\n%s", d)
	}
}

// TestCppMacroLines: a line that is only a macro and macro words before a
// declaration do not swallow the declarations after them.
func TestCppMacroLines(t *testing.T) {
	src := "LIB_BEGIN_NAMESPACE\nclass LIB_API file {\n public:\n  LIB_CONSTEXPR auto size() const -> int;\n};\nLIB_INLINE void flush(file &f) { f.size(); }\nLIB_END_NAMESPACE\n"
	f := langtest.Extract(t, CPP(), src)
	want := []symLineRow{
		{"file", "file", facts.KindClass, "", 2},
		{"size", "file.size", facts.KindMethod, "file", 4},
		{"flush", "flush", facts.KindFunction, "", 6},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]callRow{{"size", "f", "file"}}, langtest.Calls[callRow](f)); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestCppMacroBeforeConstructor: a macro word before a member template
// constructor with an initializer list leaves a constructor, not a method
// named like the member it initializes (fmt's args.h).
func TestCppMacroBeforeConstructor(t *testing.T) {
	src := "namespace detail {\ntemplate <typename T> struct typed_node {\n  template <typename Arg>\n" +
		"  FMT_CONSTEXPR typed_node(const Arg& arg) : value(arg) {}\n  T value;\n};\n}\n"
	f := langtest.Extract(t, CPP(), src)
	want := []symLineRow{
		{"detail", "detail", facts.KindModule, "", 1},
		{"typed_node", "detail.typed_node", facts.KindStruct, "detail", 2},
		{"typed_node", "detail.typed_node.typed_node", facts.KindMethod, "detail.typed_node", 4},
		{"value", "detail.typed_node.value", facts.KindField, "detail.typed_node", 5},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

func TestCfamBlankMacros(t *testing.T) {
	tests := []struct{ in, want string }{
		{"FMT_BEGIN_NAMESPACE\nint x;\n", "                   \nint x;\n"},
		{"FMT_API void f();\n", "        void f();\n"},
		{"class EXPORT_API A {};\n", "class            A {};\n"},
		{"YY_BUFFER_STATE yy_create(int n);\n", "YY_BUFFER_STATE yy_create(int n);\n"}, // a type in capitals
		{"#define FOO_BAR BAZ_QUX\n", "#define FOO_BAR BAZ_QUX\n"},                     // directives stay
		{"#define A \\\nFOO_BAR\n", "#define A \\\nFOO_BAR\n"},                         // and their continuation lines
		{"Foo bar;\n", "Foo bar;\n"},
		// A constructor of a class of the file, after a macro word.
		{"struct node {\n  FMT_CONSTEXPR node(int x) : v(x) {}\n", "struct node {\n                node(int x) : v(x) {}\n"},
		{"class FMT_API file {\n  FMT_API file(int fd);\n", "class         file {\n          file(int fd);\n"},
		{"YY_BUFFER_STATE node(int n);\n", "YY_BUFFER_STATE node(int n);\n"}, // no class node here
	}
	for _, tt := range tests {
		got, _ := blankMacros([]byte(tt.in))
		if string(got) != tt.want {
			t.Errorf("cfamBlankMacros(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
