package snapshot

import (
	"reflect"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestPackedSetGivesBackWhatWasSet: a set holding its records packed
// answers Get, Has, Len, Paths and Changed as one holding them as structs,
// records set before Pack included, and a C++ file's namespace macros,
// macro lines and macro calls, which a record's encoding leaves out, come back too; a record staged
// (Stage, SetStaged) is set as Set sets it.
func TestPackedSetGivesBackWhatWasSet(t *testing.T) {
	before := peekRecord()
	header := peekRecord()
	header.Path, header.Lang = "include/fmt.h", "cpp"
	header.Facts.NamespaceMacros = []facts.Macro{{Name: "FMT_BEGIN_NAMESPACE", Line: 3, Ops: "+fmt,+"}}
	header.Facts.MacroLines = []facts.Macro{{Name: "FMT_BEGIN_NAMESPACE", Line: 9}}
	header.Facts.MacroCalls = []facts.Macro{{Name: "FMT_POSIX_CALL", Line: 12, Call: "close"}}
	gone := peekRecord()
	gone.Path = "pkg/gone.py"

	plain, packed := NewFileSet(nil), NewFileSet(nil)
	for _, fs := range []*FileSet{plain, packed} {
		fs.Set(before)
		if fs == packed {
			fs.Pack()
		}
		fs.SetStaged(fs.Stage(header))
		fs.Set(gone)
		fs.Delete(gone.Path)
	}
	if !packed.Packed() || plain.Packed() {
		t.Fatalf("Packed() = %v, %v; want true, false", packed.Packed(), plain.Packed())
	}
	for _, want := range []*File{before, header} {
		if got := packed.Get(want.Path); !reflect.DeepEqual(got, want) {
			t.Errorf("packed Get(%s) = %+v\nwant %+v", want.Path, got, want)
		}
		if got := packed.Get(want.Path); got == packed.Get(want.Path) {
			t.Errorf("packed Get(%s) returned one record twice; each call decodes its own", want.Path)
		}
	}
	if packed.Has(gone.Path) || packed.Get(gone.Path) != nil {
		t.Errorf("a deleted path is still in the packed set")
	}
	if packed.Len() != plain.Len() || !slices.Equal(packed.Paths(), plain.Paths()) || !slices.Equal(packed.Changed(), plain.Changed()) {
		t.Errorf("packed set: len %d, paths %v, changed %v; plain: %d, %v, %v",
			packed.Len(), packed.Paths(), packed.Changed(), plain.Len(), plain.Paths(), plain.Changed())
	}
	if err := packed.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestEncodedRecordHasItsExactLength: a packed set holds every record of a
// full run, so an encoding with spare capacity would waste memory.
func TestEncodedRecordHasItsExactLength(t *testing.T) {
	b := EncodeRecord(peekRecord())
	if cap(b) != len(b) {
		t.Fatalf("EncodeRecord: len %d, cap %d", len(b), cap(b))
	}
	if _, err := DecodeRecord(b); err != nil {
		t.Fatal(err)
	}
}
