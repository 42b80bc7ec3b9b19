package snapshot

import (
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// peekRecord is a record with every part filled, so that a peek that
// steps over a part the wrong way reads the parts after it wrongly.
func peekRecord() *File {
	return &File{
		Path: "pkg/a.py", Blob: "b1", SHA256: "s1", NormSHA: "n1", Lang: "python", Size: 42,
		Facts: &facts.File{
			Package: "pkg", SyntaxErrors: 1,
			Symbols: []facts.Symbol{
				{Name: "C", Qualified: "C", Kind: "class", Line: 1, EndLine: 9, Signature: "class C(B)", Doc: "C does.", Extends: []string{"B"}},
				{Name: "m", Qualified: "C.m", Kind: "method", Parent: "C", Line: 2, EndLine: 3, Signature: "def m(self, x)", Params: "x"},
			},
			Imports: []facts.Import{{Path: "pkg.b", Names: []string{"B"}, Kind: "from", Line: 1, As: []string{"B"}, Reexport: true}},
			Refs:    []facts.Ref{{Name: "B", Kind: "extends", From: "C", Line: 1}, {Name: "f", Qualifier: "b", Kind: "call", From: "C.m", Line: 3, Recv: "b", Args: "1"}},
		},
		Res: Resolution{
			Edges:      []Edge{{Source: "sym:pkg/a.py#C", Target: "sym:pkg/b.py#B", Kind: "extends", Via: "B", ResolvedBy: ByImport}},
			Lookups:    []string{"B", "f"},
			Unresolved: 2,
			Sites:      []Site{{Name: "g", Receiver: "x", From: "C.m", Line: 3}},
		},
		Summary: "A.", SummaryKey: "k",
		EdgeSummaries: map[string]string{"pkg/b.py": "uses B"},
		Signals:       []facts.Signal{{Kind: "env", Key: "HOME", Line: 4}},
		Implicit:      []Edge{{Source: "file:pkg/a.py", Target: "file:pkg/c.py", Kind: "implicit", Via: "env:HOME"}},
		Couplings:     []facts.Coupling{{Kind: "env", Key: "PORT", Lines: []int{5}, Evidence: []string{`getenv("PORT")`}, Confidence: 80}},
		Explored:      []Edge{{Source: "file:pkg/a.py", Target: "file:pkg/d.py", Kind: "implicit", Via: "env:PORT"}},
	}
}

func tableFileSet(f *File) *FileSet {
	kv := NewMemKV([]Entry{{Key: FileKey(f.Path), Value: EncodeRecord(f)}})
	return NewFileSet(&tableSource{kv: kv, n: 1, seen: newRecordMemo(memoRecords)})
}

// TestPeeksAgreeWithDecode: each partial decode of a stored record gives
// what the full decode gives for its parts, for facts with a file doc and
// without one (the form older records have), with C++ call sites and
// without them, with a union alias's members and without them.
func TestPeeksAgreeWithDecode(t *testing.T) {
	for _, doc := range []string{"", "Tools for pkg."} {
		for _, sites := range [][]facts.Ref{nil, {{Name: "parse", Qualifier: "detail", Kind: "call", From: "C.m", Line: 3, Args: "(char*,$H)"}}} {
			for _, union := range [][]string{nil, {"C", "@./d|D"}} {
				want := peekRecord()
				want.Facts.Doc = doc
				want.Facts.Sites = sites
				if union != nil {
					want.Facts.Symbols = append(want.Facts.Symbols, facts.Symbol{Name: "U", Qualified: "U", Kind: "type", Line: 10, EndLine: 10, Type: "C", Union: union})
				}
				checkPeeks(t, want)
			}
		}
	}
}

func checkPeeks(t *testing.T, want *File) {
	t.Helper()
	if got := tableFileSet(want).Get(want.Path); !reflect.DeepEqual(got, want) {
		t.Fatalf("full decode = %+v, want %+v", got, want)
	}
	fs := tableFileSet(want)
	if syms, ok := fs.Symbols(want.Path); !ok || !reflect.DeepEqual(syms, want.Facts.Symbols) {
		t.Errorf("Symbols = %+v, %v", syms, ok)
	}
	if refs, ok := fs.Refs(want.Path); !ok || !reflect.DeepEqual(refs, want.Facts.Refs) {
		t.Errorf("Refs = %+v, %v", refs, ok)
	}
	if s := fs.EdgeSummary(want.Path, "pkg/b.py"); s != "uses B" {
		t.Errorf("EdgeSummary = %q", s)
	}
	outline := *want
	outlineFacts := *want.Facts
	outlineFacts.Refs = nil
	outline.Facts, outline.Res.Lookups, outline.EdgeSummaries = &outlineFacts, nil, nil
	if got := fs.Outline(want.Path); !reflect.DeepEqual(got, &outline) {
		t.Errorf("Outline = %+v\nwant %+v", got, &outline)
	}
	if fs.Outline("missing.py") != nil {
		t.Error("Outline of a path with no record is not nil")
	}
	if err := fs.Err(); err != nil {
		t.Errorf("Err = %v", err)
	}
}

// TestOutlineOfChangedFileIsWhole: a record the run has replaced is
// returned as set, not peeked from the base.
func TestOutlineOfChangedFileIsWhole(t *testing.T) {
	f := peekRecord()
	fs := tableFileSet(f)
	changed := *f
	changed.Summary = "B."
	fs.Set(&changed)
	if got := fs.Outline(f.Path); got.Summary != "B." || got.Facts.Refs == nil {
		t.Errorf("Outline of a changed file = %+v", got)
	}
}

// TestEdgeViewThroughTheSnapshotBeingBuilt: a snapshot being built over a
// published one reads an unchanged record's edge view from the tables
// (everything but references and lookups), a record it has set whole, and
// none for a record it has deleted.
func TestEdgeViewThroughTheSnapshotBeingBuilt(t *testing.T) {
	want := peekRecord()
	base := tableFileSet(want)
	next := NewFileSet(setSource{base})
	view := *want
	viewFacts := *want.Facts
	viewFacts.Refs = nil
	view.Facts, view.Res.Lookups = &viewFacts, nil
	if got := next.EdgeView(want.Path); !reflect.DeepEqual(got, &view) {
		t.Errorf("EdgeView = %+v\nwant %+v", got, &view)
	}
	if _, decoded := base.base.(*tableSource).seen.get(want.Path); decoded {
		t.Error("EdgeView decoded the whole record")
	}
	changed := *want
	changed.Summary = "B."
	next.Set(&changed)
	if got := next.EdgeView(want.Path); got.Summary != "B." || got.Facts.Refs == nil {
		t.Errorf("EdgeView of a set record = %+v", got)
	}
	next.Delete(want.Path)
	if got := next.EdgeView(want.Path); got != nil {
		t.Errorf("EdgeView of a deleted record = %+v", got)
	}
	if err := next.Err(); err != nil {
		t.Errorf("Err = %v", err)
	}
}
