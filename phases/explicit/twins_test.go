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
