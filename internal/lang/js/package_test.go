package js

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestParsePackageJSON: entries from "exports" (every condition, nested),
// "source", "main", "module" and "types"; source entries first, then built
// ones (dist/, build/modern/) mapped back to src/, then as they are;
// declaration and JS extensions dropped; subpaths and patterns kept apart.
func TestParsePackageJSON(t *testing.T) {
	name, exports, ok := parsePackageJSON([]byte(`{
		"name": "@tanstack/query-core",
		"types": "build/legacy/index.d.ts",
		"main": "build/legacy/index.cjs",
		"exports": {
			".": {"@tanstack/custom-condition": "./src/index.ts", "import": {"types": "./build/modern/index.d.ts", "default": "./build/modern/index.js"}},
			"./util": "./dist/util.mjs",
			"./features/*": "./src/features/*.ts",
			"./package.json": "./package.json"
		}
	}`))
	if !ok || name != "@tanstack/query-core" {
		t.Fatalf("name %q, ok %v", name, ok)
	}
	want := map[string][]string{
		".":            {"src/index", "build/legacy/index", "build/modern/index"},
		"./util":       {"src/util", "dist/util"},
		"./features/*": {"src/features/*"},
	}
	for sub, keys := range want {
		if !slices.Equal(exports[sub], keys) {
			t.Errorf("exports[%q] = %q, want %q", sub, exports[sub], keys)
		}
	}
	if _, has := exports["./package.json"]; has {
		t.Errorf("a non-code export kept: %q", exports)
	}
	if _, _, ok := parsePackageJSON([]byte(`{"private": true}`)); ok {
		t.Error("a package.json without a name was taken")
	}
	if _, _, ok := parsePackageJSON([]byte(`{not json`)); ok {
		t.Error("broken JSON was taken")
	}
}

// TestWorkspaceCandidates: a package's name and its subpaths map to its
// entries, its src/ and its directory; an unknown or external name, and a
// name that only shares a prefix, give nothing.
func TestWorkspaceCandidates(t *testing.T) {
	p := &facts.Project{JSPackages: map[string]facts.JSPackage{
		"@acme/core": {Dir: "packages/core", Exports: map[string][]string{".": {"src/main"}, "./features/*": {"src/features/*"}}},
		"tools":      {Dir: "", Exports: nil},
	}}
	for _, tt := range []struct {
		spec string
		want []string
	}{
		{"@acme/core", []string{"packages/core/src/main", "packages/core/src", "packages/core"}},
		{"@acme/core/features/cache", []string{"packages/core/src/features/cache", "packages/core/src/features/cache", "packages/core/features/cache"}},
		{"@acme/core/internal/x.js", []string{"packages/core/src/internal/x.js", "packages/core/src/internal/x", "packages/core/internal/x.js", "packages/core/internal/x"}},
		{"tools/lint", []string{"src/lint", "lint"}},
		{"tools", []string{"src"}},
		{"@acme/corex", nil},
		{"react", nil},
	} {
		got := importCandidates(facts.Import{Path: tt.spec}, "packages/ui/src/view.ts", p)
		want := slices.Compact(tt.want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: candidates %q, want %q", tt.spec, got, want)
		}
	}
}

// TestDirectoryRequireLoadsThePackageEntry: require('..') and its kin name
// a directory, which Node loads through the package.json there before the
// index file: its entry keys come first, then the directory's own key (an
// index file's, "." at the root). A specifier that may name a file does
// not consult the package, nor does a directory without one.
func TestDirectoryRequireLoadsThePackageEntry(t *testing.T) {
	p := &facts.Project{JSPackages: map[string]facts.JSPackage{
		"fastify":  {Dir: "", Exports: map[string][]string{".": {"fastify"}}},
		"@acme/ui": {Dir: "packages/ui", Exports: map[string][]string{".": {"src/main"}}},
	}}
	for _, tt := range []struct {
		spec, from string
		want       []string
	}{
		{"..", "test/a.test.js", []string{"fastify", "."}},
		{"../", "test/a.test.js", []string{"fastify", "."}},
		{"../..", "test/types/b.test.js", []string{"fastify", "."}},
		{"./", "server.js", []string{"fastify", "."}},
		{"..", "packages/ui/test/x.js", []string{"packages/ui/src/main", "packages/ui"}},
		{"../ui/", "packages/web/y.js", []string{"packages/ui/src/main", "packages/ui"}},
		{"../fastify", "test/a.test.js", []string{"fastify"}},
		{"..", "lib/deep/z.js", []string{"lib"}},
	} {
		got := importCandidates(facts.Import{Path: tt.spec}, tt.from, p)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s from %s: candidates %q, want %q", tt.spec, tt.from, got, tt.want)
		}
	}
}
