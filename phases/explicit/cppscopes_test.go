package explicit

import "testing"

// TestCppGlobalQualifiedCall: ::close(fd) inside a method named close
// names the global namespace: the global function where the repository
// defines one, never the method itself or a namespace's namesake.
func TestCppGlobalQualifiedCall(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"os.cc": "namespace fmt {\nclass file {\n public:\n  int fd_;\n  void close();\n  void dup();\n};\n" +
			"void file::close() { ::close(fd_); }\nvoid file::dup() { ::dup(fd_); }\nint dup(int fd) { return fd; }\n}\n",
		"posix.cc": "int close(int fd) { return fd; }\n",
	})
	check(t, got,
		[]string{"os.cc#fmt.file.close~2 -> posix.cc#close [calls scope]"},
		[]string{"-> os.cc#fmt.file.close", "-> os.cc#fmt.file.dup", "-> os.cc#fmt.dup"})
}

// TestCppSpecializationCallsItsOwnMethods: a class template and its
// specialization each define flush; a call in either body reaches its
// own body's flush, not the other's (which is no definition outside the
// class of the first).
func TestCppSpecializationCallsItsOwnMethods(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"buf.h": "template <typename It, typename T> class iterator_buffer {\n  void flush() {}\n  void grow() { flush(); }\n};\n" +
			"template <typename T> class iterator_buffer<T*, T> {\n  void flush() {}\n  void grow() { flush(); }\n};\n",
	})
	check(t, got,
		[]string{
			"buf.h#iterator_buffer.grow -> buf.h#iterator_buffer.flush [calls scope]",
			"buf.h#iterator_buffer.grow~2 -> buf.h#iterator_buffer.flush~2 [calls scope]",
		},
		[]string{"buf.h#iterator_buffer.grow -> buf.h#iterator_buffer.flush~2", "buf.h#iterator_buffer.grow~2 -> buf.h#iterator_buffer.flush [calls"})
}

// TestCppNamespaceOverloadsByArguments: detail::f(...) is chosen among
// the namespace's overloads in every file by the call's arguments, not
// by which file is nearest; overloads that tie link to none.
func TestCppNamespaceOverloadsByArguments(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"a.h": "namespace detail {\nvoid vformat_to(int buf, const char* fmt, double args, long loc) {}\nvoid count(int n) {}\n}\n",
		"use.cc": "namespace detail {\nvoid vformat_to(int buf, const style& ts, const char* fmt, double args) {}\nvoid count(long n) {}\n}\n" +
			"void run(const char* s, double d, unsigned u) {\n  detail::vformat_to(1, s, d, {});\n  detail::count(u);\n}\n",
	})
	check(t, got,
		[]string{"use.cc#run -> a.h#detail.vformat_to [calls type]"},
		[]string{"-> use.cc#detail.vformat_to", "-> a.h#detail.count", "-> use.cc#detail.count"})
}

// TestCppTemplateParamDefault: a receiver typed by a template parameter
// with a default type (typename ErrorHandler = error_handler) reaches the
// default's method, where two classes answering the name leave a receiver
// of unknown type unresolved.
func TestCppTemplateParamDefault(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"err.h": "namespace detail {\nstruct error_handler { void on_error(const char* m) {} };\nstruct specs_checker { void on_error(const char* m) {} };\n}\n",
		"check.h": "#include \"err.h\"\ntemplate <typename Char, typename ErrorHandler = detail::error_handler>\nbool check(int n, ErrorHandler&& eh) {\n  eh.on_error(\"x\");\n  return true;\n}\n" +
			"template <typename T>\nvoid other(T t) { t.on_error(\"y\"); }\n",
	})
	check(t, got,
		[]string{"check.h#check -> err.h#detail.error_handler.on_error [calls type]"},
		[]string{"check.h#check -> err.h#detail.specs_checker.on_error", "check.h#other -> "})
}
