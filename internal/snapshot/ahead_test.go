package snapshot

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestPackedPartialKeepsItsParts: a full run's edge views and outlines
// read packed records, and a partial decode must hold every field of the
// whole decode but the parts it skips, which it must leave empty (else it
// decodes what it meant to skip). Every field is set, at every depth, as in
// TestPackedRecordKeepsEveryField, so a field added later is covered.
func TestPackedPartialKeepsItsParts(t *testing.T) {
	whole := &File{}
	fill(reflect.ValueOf(whole).Elem(), new(int))
	views := []struct {
		name string
		read func(*FileSet, string) *File
		keep Parts
	}{
		{"Outline", (*FileSet).Outline, outlineRecord},
		{"EdgeView", (*FileSet).EdgeView, edgeRecord},
	}
	for _, dir := range []string{"", t.TempDir()} {
		fs := NewFileSet(nil)
		if err := fs.Pack(dir); err != nil {
			t.Fatal(err)
		}
		fs.Set(whole)
		for _, v := range views {
			want := *whole
			ff := *whole.Facts
			want.Facts = &ff
			if v.keep&PartRefs == 0 {
				ff.Refs = nil
			}
			if v.keep&PartLookups == 0 {
				want.Res.Lookups = nil
			}
			if v.keep&PartEdgeSummaries == 0 {
				want.EdgeSummaries = nil
			}
			got := v.read(fs, whole.Path)
			for _, diff := range fieldDiffs(v.name, reflect.ValueOf(got).Elem(), reflect.ValueOf(&want).Elem()) {
				t.Errorf("packed %s (spill dir %q): %s", v.name, dir, diff)
			}
		}
		if err := errors.Join(fs.Err(), fs.Close()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAheadReadsWhatAllReads: Ahead decodes on several goroutines, batch
// by batch, and must yield what All yields, in the same order, whether
// the set is packed or not, and stop cleanly when the caller stops early.
func TestAheadReadsWhatAllReads(t *testing.T) {
	for _, dir := range []string{"none", "", t.TempDir()} {
		fs := NewFileSet(nil)
		if dir != "none" {
			if err := fs.Pack(dir); err != nil {
				t.Fatal(err)
			}
		}
		n := 2*aheadBatch + 37 // batches, and a short one
		for i := range n {
			fs.Set(&File{Path: fmt.Sprintf("d%d/f%04d.go", i%7, i), Lang: "go", Blob: fmt.Sprint(i), Summary: fmt.Sprint("s", i)})
		}
		var want []*File
		for _, f := range fs.All() {
			want = append(want, f)
		}
		var got []*File
		for _, f := range fs.Ahead(3) {
			got = append(got, f)
		}
		if len(want) != n || !reflect.DeepEqual(got, want) {
			t.Errorf("Ahead over %d records (dir %q) yielded %d, not All's %d in order", n, dir, len(got), len(want))
		}
		seen := 0
		for range fs.Ahead(3) {
			if seen++; seen == aheadBatch+5 {
				break
			}
		}
		if seen != aheadBatch+5 {
			t.Errorf("Ahead stopped at %d records, want %d", seen, aheadBatch+5)
		}
		if err := errors.Join(fs.Err(), fs.Close()); err != nil {
			t.Fatal(err)
		}
	}
}
