package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// globalMacroFiles: a method calls the system function of its own name
// through a macro one header defines as fmt's os.h does (::call); the
// repository defines that global function in a third file.
var globalMacroFiles = map[string]string{
	"include/sys.h": "#pragma once\n#ifdef _WIN32\n#  define SYS_CALL(call) ::_##call\n#else\n#  define SYS_CALL(call) ::call\n#endif\n",
	"src/file.cc": "#include \"../include/sys.h\"\nclass file {\n public:\n  int close(int fd);\n  void reset();\n  int fd_;\n};\n" +
		"void file::reset() { SYS_CALL(close(fd_)); }\nint file::close(int fd) { return fd; }\n",
	"src/posix.cc": "int close(int fd) { return fd; }\n",
}

const (
	resetToGlobal = `"source":"sym:src/file.cc#file.reset~2","target":"sym:src/posix.cc#close","kind":"calls"`
	resetToMethod = `"source":"sym:src/file.cc#file.reset~2","target":"sym:src/file.cc#file.close~2","kind":"calls"`
)

// TestGlobalCallMacroFollowsItsHeader: a call written in the argument of a
// macro that writes it after "::" reaches the global function, not the
// method around it; when the header's macro stops qualifying (one branch
// writes the bare call), is deleted or comes back, update relinks the
// call in the file that did not change, as init does.
func TestGlobalCallMacroFollowsItsHeader(t *testing.T) {
	r, inc := indexedRepo(t, globalMacroFiles)
	got := inc.Export(t, "main")
	if !strings.Contains(got, resetToGlobal) || strings.Contains(got, resetToMethod) {
		t.Fatalf("init export should link reset to the global close only:\n%s", got)
	}
	converge(t, r, inc, []step{
		{name: "one branch writes the bare call", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/sys.h": strings.Replace(globalMacroFiles["include/sys.h"], "::_##call", "call", 1)})
		}, want: []string{resetToMethod}, absent: []string{resetToGlobal}},
		{name: "and back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/sys.h": globalMacroFiles["include/sys.h"]})
		}, want: []string{resetToGlobal}, absent: []string{resetToMethod}},
		{name: "the macro's header is deleted", change: func(r *gittest.Repo) { r.Remove("include/sys.h") },
			want: []string{resetToMethod}, absent: []string{resetToGlobal}},
		{name: "and added back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/sys.h": globalMacroFiles["include/sys.h"]})
		}, want: []string{resetToGlobal}, absent: []string{resetToMethod}},
	})
}
