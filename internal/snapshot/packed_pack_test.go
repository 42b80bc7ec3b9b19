package snapshot

import (
	"reflect"
	"testing"
)

// TestPackKeepsTheRecordsSetBeforeInMemory: the records set before Pack
// (a full run's inventory heads) are read and replaced by the parse next,
// one per file, so Pack holds them in memory, packed, rather than append
// each to the spill file for a pread back; a record set after Pack, or
// staged by an Edit of one of those, goes to the file as before.
func TestPackKeepsTheRecordsSetBeforeInMemory(t *testing.T) {
	fs := NewFileSet(nil)
	defer fs.Close()
	head := &File{Path: "pkg/a.py", Blob: "b1", SHA256: "s", NormSHA: "n", Lang: "python", Size: 12}
	fs.Set(head)
	if err := fs.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if n := fs.spill.Size(); n != 0 {
		t.Errorf("Pack wrote %d bytes to the spill file; want the records set before it held in memory", n)
	}
	if got := fs.Get(head.Path); !reflect.DeepEqual(got, head) {
		t.Fatalf("Get after Pack = %+v, want %+v", got, head)
	}
	parsed := peekRecord()
	parsed.Path, parsed.Lang = head.Path, head.Lang
	s, err := fs.Edit(head.Path, 0, PartFacts|PartRefs, func(f *File) (*File, error) {
		if f.Blob != head.Blob || f.SHA256 != head.SHA256 {
			t.Errorf("Edit read %+v, want the record set before Pack", f)
		}
		nf := *f
		nf.Facts = parsed.Facts
		return &nf, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fs.SetStaged(*s)
	if fs.spill.Size() == 0 {
		t.Error("a record staged after Pack is not in the spill file")
	}
	if got := fs.Get(head.Path); got == nil || got.Blob != head.Blob || !reflect.DeepEqual(got.Facts, parsed.Facts) {
		t.Errorf("Get after the Edit = %+v; want the head with the new facts", got)
	}
	if err := fs.Err(); err != nil {
		t.Fatal(err)
	}
}
