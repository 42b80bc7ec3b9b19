package rust

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

func TestParseCargoToml(t *testing.T) {
	src := `[package]
name = "grep-searcher"
description = """
[not a table]
name = "not the name"
"""
build = "build.rs"

[lib]
path = "src/main_lib.rs"

[[bin]]
name = "rg"
path = "crates/core/main.rs" # the binary

[[test]]
name = "integration"
path = "tests/tests.rs"

[dependencies]
memmap = { package = "memmap2", version = "0.9.0" }
log = "0.4"

[target.'cfg(windows)'.dependencies.winapi-util]
package = "winapi-util-renamed"
`
	got, ok := parseCargoToml([]byte(src))
	if !ok {
		t.Fatal("a manifest with [package] was not read as one")
	}
	want := lang.RustPackage{
		Name: "grep-searcher", Lib: "grep_searcher", LibPath: "src/main_lib.rs",
		Roots: []string{"build.rs", "crates/core/main.rs", "tests/tests.rs"},
		Deps:  map[string]string{"memmap": "memmap2", "winapi_util": "winapi-util-renamed"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("package (-want +got):\n%s", d)
	}

	named, _ := parseCargoToml([]byte("[package]\nname = \"globset\"\n[lib]\nname = \"glob_set\"\n"))
	if named.Lib != "glob_set" {
		t.Errorf("[lib] name: Lib = %q", named.Lib)
	}
	if _, ok := parseCargoToml([]byte("[workspace]\nmembers = [\"a\"]\n")); ok {
		t.Error("a virtual workspace manifest was read as a package")
	}
}

// workspace is ripgrep's layout: a root package whose binary lives in
// crates/core, with its integration tests rooted at tests/tests.rs, and
// library members under crates/.
var workspace = &lang.Project{Rust: map[string]lang.RustPackage{
	"":                {Name: "ripgrep", Lib: "ripgrep", Roots: []string{"build.rs", "crates/core/main.rs", "tests/tests.rs"}},
	"crates/searcher": {Name: "grep-searcher", Lib: "grep_searcher", Deps: map[string]string{"memmap": "memmap2"}},
	"crates/matcher":  {Name: "grep-matcher", Lib: "grep_matcher"},
	"crates/glob":     {Name: "globset", Lib: "globset", LibPath: "lib/globset.rs"},
}}

func TestRustModuleKeys(t *testing.T) {
	tests := []struct {
		path string
		pr   *lang.Project
		want []string
	}{
		// Without Cargo.toml the crate is rooted at the nearest src/.
		{"src/lib.rs", nil, []string{"src/crate"}},
		{"src/main.rs", nil, []string{"src/crate"}},
		{"src/a/mod.rs", nil, []string{"src/crate::a"}},
		{"src/a/b.rs", nil, []string{"src/crate::a::b"}},
		{"crates/core/src/net/tcp.rs", nil, []string{"crates/core/src/crate::net::tcp"}},
		{"a/src/b/src/c.rs", nil, []string{"a/src/b/src/crate::c"}},
		{"lib.rs", nil, []string{"crate"}},
		{"tests/it.rs", nil, []string{"crate::tests::it"}},
		// With it, each crate of the workspace has its own keys.
		{"crates/searcher/src/lib.rs", workspace, []string{"crates/searcher/src/crate"}},
		{"crates/searcher/src/searcher/mod.rs", workspace, []string{"crates/searcher/src/crate::searcher"}},
		{"crates/matcher/src/lib.rs", workspace, []string{"crates/matcher/src/crate"}},
		{"crates/glob/lib/globset.rs", workspace, []string{"crates/glob/lib/crate"}},
		{"crates/glob/lib/glob.rs", workspace, []string{"crates/glob/lib/crate::glob"}},
		{"crates/core/main.rs", workspace, []string{"crates/core/crate"}},
		{"crates/core/flags/hiargs.rs", workspace, []string{"crates/core/crate::flags::hiargs"}},
		{"tests/tests.rs", workspace, []string{"tests/crate"}},
		{"tests/util.rs", workspace, []string{"tests/crate::util"}},
		{"build.rs", workspace, []string{"crate"}},
		// A file directly in tests/ or examples/ is a crate root of its own,
		// and may also be a module of a sibling root.
		{"crates/searcher/examples/search.rs", workspace, []string{"crates/searcher/examples/crate", "crates/searcher/examples/crate::search"}},
		{"crates/searcher/tests/common/mod.rs", workspace, []string{"crates/searcher/tests/crate::common"}},
		{"crates/searcher/src/bin/tool/main.rs", workspace, []string{"crates/searcher/src/bin/tool/crate"}},
	}
	spec := Language()
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, spec.ModuleKeys(tt.path, nil, tt.pr)); d != "" {
			t.Errorf("ModuleKeys(%q): %s", tt.path, d)
		}
	}
}

func TestRustImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		from string
		pr   *lang.Project
		want []string
	}{
		{facts.Import{Path: "crate::a::b"}, "src/x.rs", nil, []string{"src/crate::a::b", "src/crate::a", "src/crate"}},
		{facts.Import{Path: "crate", Names: []string{"C"}}, "src/x.rs", nil, []string{"src/crate"}},
		{facts.Import{Path: "self::c"}, "src/a/b.rs", nil, []string{"src/crate::a::b::c", "src/crate::a::b"}},
		{facts.Import{Path: "self"}, "src/lib.rs", nil, []string{"src/crate"}},
		{facts.Import{Path: "super::c"}, "src/a/b.rs", nil, []string{"src/crate::a::c", "src/crate::a"}},
		{facts.Import{Path: "super::super"}, "src/a/b/c.rs", nil, []string{"src/crate::a"}},
		{facts.Import{Path: "super"}, "src/a/mod.rs", nil, []string{"src/crate"}},
		{facts.Import{Path: "super"}, "src/lib.rs", nil, nil},
		// A path from a name in scope: a child module, else a crate.
		{facts.Import{Path: "glob"}, "src/lib.rs", nil, []string{"src/crate::glob"}},
		{facts.Import{Path: "std::io"}, "src/a.rs", nil, []string{"src/crate::a::std::io", "src/crate::a::std"}},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/lib.rs", nil, []string{"src/crate::foo"}},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/a/mod.rs", nil, []string{"src/crate::a::foo"}},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/a/b.rs", nil, []string{"src/crate::a::b::foo"}},
		{facts.Import{Path: "self::t::deep", Kind: "mod"}, "src/a.rs", nil, []string{"src/crate::a::t::deep"}},
		// crate is the file's own crate, never another of the workspace.
		{facts.Import{Path: "crate::flags"}, "crates/core/search.rs", workspace, []string{"crates/core/crate::flags", "crates/core/crate"}},
		{facts.Import{Path: "crate::sink"}, "crates/searcher/src/lib.rs", workspace, []string{"crates/searcher/src/crate::sink", "crates/searcher/src/crate"}},
		{facts.Import{Path: "crate::util"}, "tests/misc.rs", workspace, []string{"tests/crate::util", "tests/crate"}},
		// Another member's library, by its crate name.
		{facts.Import{Path: "grep_matcher"}, "crates/searcher/src/sink.rs", workspace,
			[]string{"crates/searcher/src/crate::sink::grep_matcher", "crates/matcher/src/crate"}},
		{facts.Import{Path: "globset::glob"}, "crates/core/main.rs", workspace,
			[]string{"crates/core/crate::globset::glob", "crates/core/crate::globset", "crates/glob/lib/crate::glob", "crates/glob/lib/crate"}},
		// A crate outside the workspace has no module of the repository.
		{facts.Import{Path: "memmap"}, "crates/searcher/src/lib.rs", workspace, []string{"crates/searcher/src/crate::memmap"}},
	}
	spec := Language()
	for _, tt := range tests {
		pr := tt.pr
		if pr == nil {
			pr = &lang.Project{}
		}
		if d := cmp.Diff(tt.want, spec.ImportCandidates(tt.imp, tt.from, pr)); d != "" {
			t.Errorf("ImportCandidates(%+v, %q): %s", tt.imp, tt.from, d)
		}
	}
}
