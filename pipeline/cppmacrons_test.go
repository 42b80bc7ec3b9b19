package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// nsMacroFiles open their namespaces with macros one header defines, as
// fmt does: base.h defines them, util.hpp and main.cc only use them.
var nsMacroFiles = map[string]string{
	"include/lib/base.h": "#pragma once\n#define LIB_BEGIN_NAMESPACE \\\n  namespace lib {     \\\n  inline namespace v1 {\n" +
		"#define LIB_END_NAMESPACE }}\n#define LIB_BEGIN_DETAIL namespace detail {\n#define LIB_END_DETAIL }\n",
	"include/lib/util.hpp": "#pragma once\n#include \"base.h\"\nLIB_BEGIN_NAMESPACE\nLIB_BEGIN_DETAIL\ninline int width(int x) { return x; }\nLIB_END_DETAIL\n" +
		"inline int width(int x, int y) { return detail::width(x) + y; }\nLIB_END_NAMESPACE\n",
	"src/other.cc": "namespace detail { int width(int x) { return -x; } }\n",
	"src/main.cc":  "#include \"lib/util.hpp\"\nint run() { return lib::width(1, 2) + lib::detail::width(3); }\n",
}

const (
	nsDetailWidth = `"id":"sym:include/lib/util.hpp#lib.detail.width"`
	nsRunToDetail = `"source":"sym:src/main.cc#run","target":"sym:include/lib/util.hpp#lib.detail.width","kind":"calls"`
	nsToOther     = `"target":"sym:src/other.cc#detail.width","kind":"calls"`
)

func nsMacroSteps() []step {
	return []step{
		{name: "the header renames the detail namespace", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/lib/base.h": strings.Replace(r.Read("include/lib/base.h"), "namespace detail {", "namespace impl {", 1)})
		}, want: []string{`"id":"sym:include/lib/util.hpp#lib.impl.width"`}, absent: []string{nsDetailWidth, nsRunToDetail}},
		{name: "and back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/lib/base.h": nsMacroFiles["include/lib/base.h"]})
		}, want: []string{nsDetailWidth, nsRunToDetail}, absent: []string{nsToOther}},
		{name: "the header stops defining the macros", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/lib/base.h": "#pragma once\n"})
		}, want: []string{`"id":"sym:include/lib/util.hpp#width"`}, absent: []string{nsDetailWidth}},
		{name: "and defines them again", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/lib/base.h": nsMacroFiles["include/lib/base.h"]})
		}, want: []string{nsDetailWidth, nsRunToDetail}, absent: []string{nsToOther}},
		{name: "the macros' header is deleted", change: func(r *gittest.Repo) { r.Remove("include/lib/base.h") },
			want: []string{`"id":"sym:include/lib/util.hpp#width"`}, absent: []string{nsDetailWidth}},
		{name: "and added back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"include/lib/base.h": nsMacroFiles["include/lib/base.h"]})
		}, want: []string{nsDetailWidth, nsRunToDetail}},
	}
}

// TestNamespaceMacrosFollowTheirHeader: symbols inside namespaces a macro
// from another header opens are named and reached through those
// namespaces, and every edit of the macros' header renames them in update
// as init names them.
func TestNamespaceMacrosFollowTheirHeader(t *testing.T) {
	r, inc := indexedRepo(t, nsMacroFiles)
	got := inc.Export(t, "main")
	for _, w := range []string{nsDetailWidth, nsRunToDetail, `"source":"sym:src/main.cc#run","target":"sym:include/lib/util.hpp#lib.width","kind":"calls"`,
		`"source":"sym:include/lib/util.hpp#lib.width","target":"sym:include/lib/util.hpp#lib.detail.width","kind":"calls"`} {
		if !strings.Contains(got, w) {
			t.Fatalf("init export lacks %s:\n%s", w, got)
		}
	}
	if strings.Contains(got, nsToOther) {
		t.Errorf("init export calls %s:\n%s", nsToOther, got)
	}
	converge(t, r, inc, nsMacroSteps())
}
