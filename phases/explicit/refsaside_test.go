package explicit

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// asideRepo is a few Go files whose resolution reads every kind of answer
// the index caches: names broad and narrow, modules with their declared
// package (an import bound by its package clause) and methods by type.
var asideRepo = map[string]string{
	"plumbing/hash.go": "package plumbing\n\ntype Digest [20]byte\n\nfunc (d Digest) IsZero() bool { return false }\n\n" +
		"type Hash = Digest\n\nvar ZeroHash Hash\n",
	"log/v2/log.go": "package log\n\ntype Target struct{}\n\nfunc (t *Target) Printf() {}\n\nvar Default Target\n\n" +
		"func Use() {\n\tDefault.Printf()\n}\n",
	"main.go": "package main\n\nimport (\n\t\"example.com/app/log/v2\"\n\t\"example.com/app/plumbing\"\n)\n\n" +
		"func main() {\n\tvar h plumbing.Hash\n\th.IsZero()\n\tplumbing.ZeroHash.IsZero()\n\tlog.Default.Printf()\n}\n",
	"cmd/tool.go": "package main\n\nimport \"example.com/app/log/v2\"\n\nfunc run() { log.Use(); log.Default.Printf() }\n",
}

// parsedFiles parses files with the real extractors into records.
func parsedFiles(t *testing.T, files map[string]string) (*snapshot.FileSet, *lang.Registry) {
	t.Helper()
	langs := all.Registry()
	parsers := lang.NewParsers()
	defer parsers.Close()
	src := snapshot.MapSource{}
	for path, text := range files {
		ff, err := parsers.Extract(context.Background(), langs.Get("go"), []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		src[path] = &snapshot.File{Path: path, Lang: "go", Facts: ff}
	}
	return snapshot.NewFileSet(src), langs
}

// TestRefsAsideResolveTheSame: a file whose references were set aside on
// disk as it was parsed resolves to what it resolves to with them in its
// record, and its record holds none meanwhile; a trimmed cache of answers
// (emptied before each file) answers as a full one.
func TestRefsAsideResolveTheSame(t *testing.T) {
	files, langs := parsedFiles(t, asideRepo)
	want := map[string]snapshot.Resolution{}
	full := BuildIndex(files, langs, goMod)
	for _, p := range slices.Sorted(maps.Keys(asideRepo)) {
		want[p] = Resolve(full, files.Get(p))
		if len(want[p].Edges) == 0 {
			t.Fatalf("%s resolved to nothing: the test resolves nothing", p)
		}
	}
	for _, dir := range []string{t.TempDir(), ""} {
		spill, err := snapshot.NewRefSpill(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer spill.Close()
		trimmed, err := buildIndexOnDisk(t.Context(), files, langs, goMod, dir, 2)
		if err != nil {
			t.Fatal(err)
		}
		defer trimmed.Close()
		trimmed.cacheLimit = 1
		for _, p := range slices.Sorted(maps.Keys(asideRepo)) {
			f := files.Get(p)
			ff, err := withoutRefs(spill, p, f.Facts)
			if err != nil {
				t.Fatal(err)
			}
			if ff.Refs != nil || len(f.Facts.Refs) == 0 {
				t.Fatalf("%s: %d references left in the record, %d before", p, len(ff.Refs), len(f.Facts.Refs))
			}
			nf := *f
			nf.Facts = ff
			trimmed.trimCache()
			if n := len(trimmed.names) + len(trimmed.modules) + len(trimmed.pkgs) + len(trimmed.stars); n != 0 {
				t.Fatalf("before %s: %d answers kept past a limit of 1", p, n)
			}
			got, err := resolveRecord(trimmed, spill, &nf)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want[p]) {
				t.Errorf("dir %q, %s: resolved with references set aside\n%+v\nwant\n%+v", dir, p, got, want[p])
			}
		}
	}
}

// TestInternerKeepsResolutions: a compacted resolution is equal to the
// one it was made from, and shares one copy of a string among files.
func TestInternerKeepsResolutions(t *testing.T) {
	files, langs := parsedFiles(t, asideRepo)
	idx := BuildIndex(files, langs, goMod)
	in := interner{}
	var targets []string
	for _, p := range []string{"main.go", "cmd/tool.go"} {
		res := Resolve(idx, files.Get(p))
		again := Resolve(idx, files.Get(p))
		got := in.compact(again)
		if !got.Equal(res) {
			t.Fatalf("%s: compacted resolution differs:\n%+v\nwant\n%+v", p, got, res)
		}
		for _, e := range got.Edges {
			if strings.HasSuffix(e.Target, "log/v2/log.go#Target.Printf") {
				targets = append(targets, e.Target)
			}
		}
	}
	if len(targets) != 2 {
		t.Fatalf("want the Printf edge from both files, got %d", len(targets))
	}
	if unsafe.StringData(targets[0]) != unsafe.StringData(targets[1]) {
		t.Error("two files' equal edge targets are two copies")
	}
}
