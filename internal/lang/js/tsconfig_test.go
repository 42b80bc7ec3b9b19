package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
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
	got, _ := tsConfig(data)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("tsconfig (-want +got):\n%s", d)
	}
}

// TestTSConfigExtends: a config takes the baseUrl and paths it does not
// set from the configs it extends (a chain, with or without ".json", an
// array's last entry), resolved against the file that wrote them; its own
// settings win; a package's config, a missing file and a cycle stop the
// chain.
func TestTSConfigExtends(t *testing.T) {
	files := map[string]tsFile{}
	add := func(p, data string) {
		cfg, ext := tsConfig([]byte(data))
		files[p] = tsFile{cfg: cfg, extends: ext}
	}
	add("tsconfig.base.json", `{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["libs/shared/src/*"]}}}`)
	add("tsconfig.json", `{"extends": "./tsconfig.base.json"}`)
	add("apps/web/tsconfig.json", `{"extends": "../../tsconfig.json", "compilerOptions": {}}`)
	add("apps/api/tsconfig.json", `{"extends": ["@tsconfig/node20/tsconfig.json", "../../tsconfig.base"], "compilerOptions": {"paths": {"~/*": ["./src/*"]}}}`)
	add("libs/ui/tsconfig.json", `{"extends": "@tsconfig/strictest"}`)
	add("loop/a/tsconfig.json", `{"extends": "../b/tsconfig.json"}`)
	add("loop/b/tsconfig.json", `{"extends": "../a/tsconfig.json"}`)
	for _, tt := range []struct {
		p    string
		want lang.TSConfig
	}{
		{"apps/web/tsconfig.json", lang.TSConfig{BaseURL: "/", Paths: map[string][]string{"@shared/*": {"/libs/shared/src/*"}}}},
		{"apps/api/tsconfig.json", lang.TSConfig{BaseURL: "/", Paths: map[string][]string{"~/*": {"./src/*"}}}},
		{"libs/ui/tsconfig.json", lang.TSConfig{}},
		{"loop/a/tsconfig.json", lang.TSConfig{}},
	} {
		if d := cmp.Diff(tt.want, effectiveTSConfig(files, tt.p, 0)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.p, d)
		}
	}
	// What the candidates make of them: apps/api's own paths stay relative
	// to the inherited baseUrl, the root.
	pr := &lang.Project{TSConfigs: map[string]lang.TSConfig{
		"apps/web": effectiveTSConfig(files, "apps/web/tsconfig.json", 0),
		"apps/api": effectiveTSConfig(files, "apps/api/tsconfig.json", 0),
	}}
	web := TypeScript().ImportCandidates(facts.Import{Path: "@shared/date"}, "apps/web/src/page.ts", pr)
	if len(web) == 0 || web[0] != "libs/shared/src/date" {
		t.Errorf("apps/web @shared/date: %q", web)
	}
	api := TypeScript().ImportCandidates(facts.Import{Path: "~/db"}, "apps/api/src/main.ts", pr)
	if len(api) == 0 || api[0] != "src/db" {
		t.Errorf("apps/api ~/db: %q", api)
	}
}
