package explicit

import "testing"

// cppHandlers is a header with handler classes and templates that call a
// handler's methods, one passing its handler on to the other.
const cppHandlers = "namespace lib {\n" +
	"struct checker { void on_text(int n) {} void on_error() {} };\n" +
	"struct setter { void on_text(int n) {} };\n" +
	"struct unused { void on_text(int n) {} void on_fill() {} };\n" +
	"template <typename Handler> void parse(const char* s, Handler&& handler) {\n  handler.on_text(1);\n  handler.on_error();\n}\n" +
	"template <typename H> void outer(const char* s, H& h) { parse(s, h); }\n" +
	"struct base { void on_sign() {} void on_fill() {} };\nstruct derived : base {};\nstruct wrapper { void on_sign() {} };\n" +
	"template <typename S> void signs(S& s) {\n  s.on_sign();\n  s.on_fill();\n}\n" +
	"}\n"

// TestCppReceiverDeducedFromCallers: a member call on a parameter typed
// by a template parameter reaches the method of each class the template's
// callers pass, in other files and through a template that passes its own
// parameter on; a class no caller passes is not linked, nor a class that
// lacks the method. Where one deduced class declares the method itself,
// another's inherited one is not linked (a wrapper's override hides it);
// where none does, the inherited one is. A class defined outside the
// template's file is not linked (for each of the calls on the receiver).
func TestCppReceiverDeducedFromCallers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/parse.h": cppHandlers,
		"app/a.cc":    "#include \"../lib/parse.h\"\nnamespace app {\nvoid run() {\n  lib::checker c;\n  lib::parse(\"x\", c);\n}\n}\n",
		"app/b.cc":    "#include \"../lib/parse.h\"\nnamespace app {\nvoid run2() {\n  lib::setter s;\n  lib::outer(\"y\", s);\n}\n}\n",
		"app/d.cc":    "#include \"../lib/parse.h\"\nstruct mine { void on_text(int n) {} void on_error() {} };\nvoid run4() {\n  mine m;\n  lib::parse(\"z\", m);\n}\n",
		"app/c.cc":    "#include \"../lib/parse.h\"\nvoid run3() {\n  lib::derived d;\n  lib::signs(d);\n  lib::wrapper w;\n  lib::signs(w);\n}\n",
	})
	check(t, got,
		[]string{
			"lib/parse.h#lib.parse -> lib/parse.h#lib.checker.on_text [calls type]",
			"lib/parse.h#lib.parse -> lib/parse.h#lib.setter.on_text [calls type]",
			"lib/parse.h#lib.signs -> lib/parse.h#lib.wrapper.on_sign [calls type]",
			"lib/parse.h#lib.signs -> lib/parse.h#lib.base.on_fill [calls type]",
		},
		[]string{
			"lib/parse.h#lib.parse -> lib/parse.h#lib.unused.on_text",
			"lib/parse.h#lib.signs -> lib/parse.h#lib.base.on_sign",
			"lib/parse.h#lib.parse -> app/d.cc#mine.on_text",
		})
}
