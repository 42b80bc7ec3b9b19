package explicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/lang"
)

// TestTSConfigPathsWithGlobs: comments and trailing commas are dropped,
// but "/*" and "*/" inside strings (paths globs) are kept.
func TestTSConfigPathsWithGlobs(t *testing.T) {
	data := []byte(`{
  // line comment with "quotes"
  "compilerOptions": {
    /* block
       comment */ "baseUrl": ".",
    "paths": {
      "@vue/*": ["./packages/*/src"], // trailing
      "a\"b": ["x"],
    },
  },
  "include": ["packages/*/src", "packages/*/__tests__"]
}`)
	want := lang.TSConfig{BaseURL: ".", Paths: map[string][]string{"@vue/*": {"./packages/*/src"}, `a"b`: {"x"}}}
	if d := cmp.Diff(want, tsConfig(data)); d != "" {
		t.Errorf("tsconfig (-want +got):\n%s", d)
	}
}
