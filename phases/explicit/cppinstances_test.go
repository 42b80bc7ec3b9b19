package explicit

import "testing"

// cppChecker is a header with handler classes and a class template
// derived from its parameter, which calls the parameter's methods through
// a qualified name and through this, and its own.
const cppChecker = "namespace lib {\n" +
	"struct setter { void on_align(int a) {} void on_error() {} };\n" +
	"struct handler : setter {};\n" +
	"struct unused { void on_align(int a) {} void on_error() {} };\n" +
	"template <typename Char, typename Handler> class checker : public Handler {\n" +
	"  void require() { this->on_error(); this->own(); }\n  void own() {}\n" +
	" public:\n  checker(const Handler& h) : Handler(h) {}\n" +
	"  void on_align(int a) { require(); Handler::on_align(a); }\n};\n" +
	"template <typename H> void parse(H& h) { h.on_error(); }\n" +
	"}\n"

// TestCppClassTemplateParamDeduced: inside a class template, a call
// qualified by its parameter and this->m() of a base that is its
// parameter reach the methods of the classes its instantiations name (a
// local alias read through, another file's class named beside the
// instantiation, a function template passing its own parameter on); a
// class no instantiation names is not linked, nor one nested in a class;
// this->m() of the class's own m stays its own. A function template
// deduced to the class template reaches the base's method.
func TestCppClassTemplateParamDeduced(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/check.h": cppChecker,
		"app/a.cc": "#include \"../lib/check.h\"\nnamespace app {\nvoid run() {\n  using handler_type = lib::handler;\n" +
			"  lib::handler h;\n  lib::checker<char, handler_type> c(h);\n  lib::parse(c);\n}\n}\n",
		"app/b.cc": "#include \"../lib/check.h\"\nstruct mine { void on_align(int a) {} void on_error() {} };\n" +
			"template <typename H> void pass(H& h) { lib::checker<char, H> c(h); }\n" +
			"void run2() {\n  lib::setter s;\n  pass(s);\n  lib::checker<char, mine> m(mine());\n}\n" +
			"struct outer { struct nested { void on_align(int a) {} }; void f() { lib::checker<char, nested> n(nested()); } };\n",
	})
	check(t, got,
		[]string{
			"lib/check.h#lib.checker.on_align -> lib/check.h#lib.setter.on_align [calls type]",
			"lib/check.h#lib.checker.require -> lib/check.h#lib.setter.on_error [calls type]",
			"lib/check.h#lib.checker.require -> lib/check.h#lib.checker.own [calls type]",
			"lib/check.h#lib.checker.on_align -> app/b.cc#mine.on_align [calls type]",
			"lib/check.h#lib.checker.require -> app/b.cc#mine.on_error [calls type]",
			"lib/check.h#lib.parse -> lib/check.h#lib.setter.on_error [calls type]",
		},
		[]string{
			"lib/check.h#lib.checker.on_align -> lib/check.h#lib.unused.on_align",
			"lib/check.h#lib.checker.on_align -> app/b.cc#outer.nested.on_align",
		})
}
