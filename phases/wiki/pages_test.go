package wiki

import (
	"encoding/hex"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/llm"
)

func TestPagePath(t *testing.T) {
	for _, tt := range []struct{ dir, want string }{
		{".", "_root.md"},
		{"_root", "__root.md"},
		{"index", "_index.md"},
		{"index_", "index__.md"},
		{"lib", "lib.md"},
		{"phases/wiki", "phases.wiki.md"},
		{"my_pkg", "my__pkg.md"},
		{"notes.md/deep", "notes_.md.deep.md"},
		{".github/x", "_.github.x.md"},
		{"a b<c>", "a_20b_3cc_3e.md"},
		{"données", "données.md"},
		{"a/index", "a.index.md"},
		{"x\xffy", "x_ffy.md"},
	} {
		if got := PagePath(tt.dir); got != tt.want {
			t.Errorf("PagePath(%q) = %q, want %q", tt.dir, got, tt.want)
		}
	}
}

// decodePage reads a page name back to its module, or reports that it is
// no plain escaped path (a reserved or a hashed long name).
func decodePage(name string) (string, bool) {
	stem, ok := strings.CutSuffix(name, ".md")
	if !ok {
		return "", false
	}
	switch stem {
	case "_root":
		return ".", true
	case "_index":
		return "index", true
	}
	var b []byte
	for i := 0; i < len(stem); i++ {
		switch c := stem[i]; {
		case c == '.':
			b = append(b, '/')
		case c != '_':
			b = append(b, c)
		case i+1 < len(stem) && (stem[i+1] == '_' || stem[i+1] == '.'):
			b = append(b, stem[i+1])
			i++
		case i+2 < len(stem) && strings.ContainsRune("0123456789abcdef", rune(stem[i+1])):
			v, err := hex.DecodeString(stem[i+1 : i+3])
			if err != nil {
				return "", false
			}
			b = append(b, v...)
			i += 2
		default:
			return "", false
		}
	}
	return string(b), true
}

// moduleDir reports whether s could name a module: the root, or a clean
// relative slash path inside the repository.
func moduleDir(s string) bool {
	return s == "." || s != "" && path.Clean(s) == s && !path.IsAbs(s) && s != ".." && !strings.HasPrefix(s, "../")
}

// checkPage holds for every page name: one local file name beside the
// index, never the index, short enough for any file system.
func checkPage(t *testing.T, dir, p string) {
	t.Helper()
	if p == IndexPage || strings.ContainsAny(p, `/\`) || !filepath.IsLocal(p) || strings.HasPrefix(p, ".") || len(p) > maxPageStem+len(".md") {
		t.Fatalf("PagePath(%q) = %q", dir, p)
	}
}

var hashedName = regexp.MustCompile(`_h[0-9a-f]{16}\.md$`)

// FuzzPagePath: a page name reads back to its module (so no two modules
// share one), unless it is a hashed long name.
func FuzzPagePath(f *testing.F) {
	for _, s := range []string{".", "_root", "index", "index_", "a/b", "a_/b", "a/_b", "a.b", "a_.b", "x.md/y", strings.Repeat("ab/", 90)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dir string) {
		if !moduleDir(dir) {
			return
		}
		p := PagePath(dir)
		checkPage(t, dir, p)
		got, ok := decodePage(p)
		if ok && got != dir || !ok && !hashedName.MatchString(p) {
			t.Fatalf("PagePath(%q) = %q reads back as %q, %v", dir, p, got, ok)
		}
	})
}

// FuzzPagePathInjective: two modules never share a page, long names too.
func FuzzPagePathInjective(f *testing.F) {
	long := strings.Repeat("x/", 120)
	for _, pair := range [][2]string{{".", "_root"}, {"index", "index_"}, {"a/_b", "a_/b"}, {long + "a", long + "b"}, {long, long + "_"}} {
		f.Add(pair[0], pair[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b || !moduleDir(a) || !moduleDir(b) {
			return
		}
		if pa, pb := PagePath(a), PagePath(b); pa == pb {
			t.Fatalf("PagePath(%q) = PagePath(%q) = %q", a, b, pa)
		}
	})
}

func TestPagePathLong(t *testing.T) {
	base := strings.Repeat("deep_dir/", 40)
	seen := map[string]string{}
	for _, d := range []string{base + "a", base + "b", base + "a_", base[:len(base)-1]} {
		p := PagePath(d)
		checkPage(t, d, p)
		if other, dup := seen[p]; dup {
			t.Fatalf("%q and %q share %q", d, other, p)
		}
		seen[p] = d
	}
}

func TestIndexLinksEachPage(t *testing.T) {
	dirs := []string{".", "_root", "a b", "index", "x/y"}
	docs := map[string]string{
		".":     "# Repository root\n\nThe root. More.\n",
		"_root": "# `_root`\n\n`a. <b>` is kept whole. Then more.\n",
	}
	got := Index(dirs, docs)
	want := "# Module docs\n\n" +
		"- [`(root)`](_root.md) — The root.\n" +
		"  - [`_root`](__root.md) — `a. <b>` is kept whole.\n" +
		"  - [`a b`](a_20b.md)\n" +
		"  - [`index`](_index.md)\n" +
		"  - [`x/y`](x.y.md)\n"
	if got != want {
		t.Errorf("Index =\n%s\nwant\n%s", got, want)
	}
}

// Docs recorded by an older renderer are told apart, so pages are not
// written from them.
func TestCurrentRender(t *testing.T) {
	if !CurrentRender(Version(llm.NewOffline())) {
		t.Error("this lgraph's docs are not current")
	}
	for _, old := range []string{"", llm.ModulePromptVersion + "+offline+" + historyVersion, "module-v4+offline+h2.500.5+r1"} {
		if CurrentRender(old) {
			t.Errorf("CurrentRender(%q)", old)
		}
	}
}
