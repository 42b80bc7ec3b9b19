package explicit

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestLookupKeysPrintAsRecorded: a lookup key held in parts prints as
// resolutions record it (the base's lookup index is read by that text),
// an empty narrow argument included.
func TestLookupKeysPrintAsRecorded(t *testing.T) {
	for _, c := range []struct {
		key  lookup
		want string
	}{
		{moduleKey("go", "example.com/app/log"), "m|go|example.com/app/log"},
		{nameKey("python", "Save"), "n|python|Save"},
		{starKey("js", "src/index.js"), "s|js|src/index.js"},
		{parentKey("java", "save", "Store"), "np|java|save|Store"},
		{parentKey("java", "save", ""), "np|java|save|"},
		{fileKey("go", "Save", "pkg/a.go"), "nf|go|Save|pkg/a.go"},
		{dirKey("go", "Save", "pkg"), "nd|go|Save|pkg"},
	} {
		if got := c.key.String(); got != c.want {
			t.Errorf("%+v prints %q, want %q", c.key, got, c.want)
		}
	}
}

// TestRepeatedEdgesRecordedOnce: a file that makes the same call twice
// from one function has one edge for it, and edges and lookup keys come
// out sorted, also when the index lent the previous file's scratch.
func TestRepeatedEdgesRecordedOnce(t *testing.T) {
	files, langs := parsedFiles(t, map[string]string{
		"a/a.go": "package a\n\nfunc G() {}\n\nfunc F() {\n\tG()\n\tG()\n\tH()\n}\n\nfunc H() { G() }\n",
		"b/b.go": "package b\n\nimport \"example.com/app/a\"\n\nfunc K() {\n\ta.G()\n\ta.G()\n}\n",
	})
	idx := BuildIndex(files, langs, goMod)
	for range 2 {
		for _, p := range []string{"a/a.go", "b/b.go"} {
			res := Resolve(idx, files.Get(p))
			seen := map[any]bool{}
			for _, e := range res.Edges {
				if seen[e] {
					t.Errorf("%s: edge %+v twice", p, e)
				}
				seen[e] = true
			}
			if !slices.IsSortedFunc(res.Edges, edgeCompare) || !slices.IsSorted(res.Lookups) {
				t.Errorf("%s: edges or lookups not sorted: %+v %q", p, res.Edges, res.Lookups)
			}
			if len(res.Edges) < 3 || (p == "b/b.go" && len(res.Lookups) == 0) {
				t.Errorf("%s: %d edges, %d lookups: the test resolves too little", p, len(res.Edges), len(res.Lookups))
			}
		}
	}
}

// TestSymbolsInKeepsSourceOrder: the symbols of a name under a parent
// come in source order, only those, and none for a pair the file lacks.
func TestSymbolsInKeepsSourceOrder(t *testing.T) {
	syms := []facts.Symbol{
		{Name: "f", Parent: "B"}, {Name: "g", Parent: ""}, {Name: "f", Parent: ""}, {Name: "f", Parent: "A"},
		{Name: "f", Parent: ""}, {Name: "e", Parent: ""}, {Name: "f", Parent: "B"}, {Name: "f", Parent: ""},
	}
	r := &resolver{f: &snapshot.File{Path: "a.py", Facts: &facts.File{Symbols: syms}}}
	for _, c := range []struct {
		name, parent string
		want         []int
	}{
		{"f", "", []int{2, 4, 7}}, {"f", "B", []int{0, 6}}, {"f", "A", []int{3}}, {"e", "", []int{5}},
		{"g", "", []int{1}}, {"f", "C", nil}, {"a", "", nil}, {"z", "", nil},
	} {
		if got := r.symbolsIn(c.name, c.parent); !slices.Equal(got, c.want) {
			t.Errorf("symbolsIn(%q, %q) = %v, want %v", c.name, c.parent, got, c.want)
		}
	}
}
