package snapshot

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// withoutParts is f with every part keep does not name emptied, as a
// decode of keep must build it.
func withoutParts(f File, keep Parts) File {
	keep = keep.normal()
	if f.Facts != nil {
		ff := *f.Facts
		f.Facts = &ff
	}
	if keep&PartFacts == 0 {
		f.Facts = nil
	}
	if keep&PartRefs == 0 && f.Facts != nil {
		f.Facts.Refs = nil
	}
	if keep&PartRes == 0 {
		f.Res = Resolution{Lookups: f.Res.Lookups}
	}
	if keep&PartLookups == 0 {
		f.Res.Lookups = nil
	}
	if keep&PartSummary == 0 {
		f.Summary, f.SummaryKey = "", ""
	}
	if keep&PartEdgeSummaries == 0 {
		f.EdgeSummaries = nil
	}
	if keep&PartSignals == 0 {
		f.Signals = nil
	}
	if keep&PartImplicit == 0 {
		f.Implicit, f.Couplings, f.Explored = nil, nil, nil
	}
	return f
}

// TestEveryPartsDecodeBuildsItsParts: a decode of any set of parts, of a
// packed record (in memory or spilled; owned, or read in place by
// ReadParts) or of a published one, builds every
// field of those parts as the whole decode does and leaves every other
// empty (else it decodes what it meant to skip, or loses what it meant to
// keep). Every field is set, at every depth, as in
// TestPackedRecordKeepsEveryField, so a field added later is covered.
func TestEveryPartsDecodeBuildsItsParts(t *testing.T) {
	whole := &File{}
	fill(reflect.ValueOf(whole).Elem(), new(int))
	published := EncodeRecord(whole)
	flat := *whole // a published record leaves out the C/C++ macros
	ff := *whole.Facts
	ff.NamespaceMacros, ff.MacroLines, ff.MacroCalls = nil, nil, nil
	flat.Facts = &ff
	for _, dir := range []string{"", t.TempDir()} {
		fs := NewFileSet(nil)
		if err := fs.Pack(dir); err != nil {
			t.Fatal(err)
		}
		fs.Set(whole)
		counts := fs.CountDecodes()
		for keep := range AllParts + 1 {
			want := withoutParts(*whole, keep)
			got := fs.GetParts(whole.Path, keep)
			for _, diff := range fieldDiffs(fmt.Sprintf("parts %08b", keep), reflect.ValueOf(got).Elem(), reflect.ValueOf(&want).Elem()) {
				t.Errorf("packed (spill dir %q): %s", dir, diff)
			}
			fs.ReadParts(whole.Path, keep, func(got *File) {
				for _, diff := range fieldDiffs(fmt.Sprintf("parts %08b", keep), reflect.ValueOf(got).Elem(), reflect.ValueOf(&want).Elem()) {
					t.Errorf("packed, read in place (spill dir %q): %s", dir, diff)
				}
			})
			if dir == "" {
				d, err := openRecord(published)
				if err != nil {
					t.Fatal(err)
				}
				got, want := d.record(keep), withoutParts(flat, keep)
				for _, diff := range fieldDiffs(fmt.Sprintf("parts %08b", keep), reflect.ValueOf(got).Elem(), reflect.ValueOf(&want).Elem()) {
					t.Errorf("published: %s", diff)
				}
			}
		}
		if n := counts.Of(AllParts); n != 4 { // AllParts, and PartRefs|...: normalized; each by GetParts and ReadParts
			t.Errorf("counted %d whole decodes; want the 2 asked for", n)
		}
		if err := errors.Join(fs.Err(), fs.Close()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEditKeepsWhatItDoesNotWrite: an edit that writes some parts gets
// the parts it reads and every part of the sections it writes, and the
// record it stages has the parts it wrote from the change and every other
// as it was, whether the set is packed (which copies the other sections'
// bytes), spilled or held as structs.
func TestEditKeepsWhatItDoesNotWrite(t *testing.T) {
	whole, other := editPair()
	for _, dir := range []string{"none", "", t.TempDir()} {
		for writes := Parts(1); writes <= AllParts; writes <<= 1 {
			reads := PartSummary
			fs := NewFileSet(nil)
			if dir != "none" {
				if err := fs.Pack(dir); err != nil {
					t.Fatal(err)
				}
			}
			fs.Set(whole)
			s, err := fs.Edit(whole.Path, reads, writes, func(f *File) (*File, error) {
				if dir != "none" {
					want := withoutParts(*whole, reads|writes.whole())
					for _, diff := range fieldDiffs(fmt.Sprintf("writes %08b: change got", writes), reflect.ValueOf(f).Elem(), reflect.ValueOf(&want).Elem()) {
						t.Error(diff)
					}
				}
				// The change sets the parts it writes from other.
				nf := withoutParts(*f, AllParts&^writes)
				from := withoutParts(*other, writes)
				return merged(&nf, &from, writes), nil
			})
			if err != nil || s == nil {
				t.Fatalf("Edit: %v, %v", s, err)
			}
			fs.SetStaged(*s)
			want := merged(ptr(withoutParts(*whole, AllParts&^writes)), ptr(withoutParts(*other, writes)), writes)
			for _, diff := range fieldDiffs(fmt.Sprintf("dir %q, writes %08b: staged", dir, writes), reflect.ValueOf(fs.Get(whole.Path)).Elem(), reflect.ValueOf(want).Elem()) {
				t.Error(diff)
			}
			if err := errors.Join(fs.Err(), fs.Close()); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSpilledEditAppendsOnlyWhatItRewrites: an Edit of a spilled record
// appends to the spill file only the sections it encodes again (the
// others stay where they were written), and a record whose sections then
// lie in several stretches of the file, edited by several phases in turn,
// reads back in every set of parts as the same edits of a record held in
// memory do.
func TestSpilledEditAppendsOnlyWhatItRewrites(t *testing.T) {
	whole, other := editPair()
	spilled, held := NewFileSet(nil), NewFileSet(nil)
	if err := errors.Join(spilled.Pack(t.TempDir()), held.Pack("")); err != nil {
		t.Fatal(err)
	}
	spilled.Set(whole)
	held.Set(whole)
	// The order a full run edits in: resolution, implicit, then enrich.
	for _, writes := range []Parts{PartRes | PartLookups, PartSignals | PartImplicit, PartSummary | PartEdgeSummaries} {
		before := spilled.spill.Size()
		for _, fs := range []*FileSet{spilled, held} {
			s, err := fs.Edit(whole.Path, 0, writes, func(f *File) (*File, error) {
				return merged(f, other, writes), nil
			})
			if err != nil || s == nil {
				t.Fatalf("Edit %08b: %v, %v", writes, s, err)
			}
			fs.SetStaged(*s)
		}
		secs, err := splitSections(held.packed[whole.Path].rec)
		if err != nil {
			t.Fatal(err)
		}
		var want int64
		for sec := range numSections {
			if sectionParts[sec]&writes != 0 {
				want += int64(len(secs[sec]))
			}
		}
		if got := spilled.spill.Size() - before; got != want {
			t.Errorf("edit of %08b appended %d bytes; want its sections' %d", writes, got, want)
		}
	}
	for keep := range AllParts + 1 {
		want := held.GetParts(whole.Path, keep)
		for _, diff := range fieldDiffs(fmt.Sprintf("parts %08b", keep), reflect.ValueOf(spilled.GetParts(whole.Path, keep)).Elem(), reflect.ValueOf(want).Elem()) {
			t.Error(diff)
		}
		spilled.ReadParts(whole.Path, keep, func(got *File) {
			for _, diff := range fieldDiffs(fmt.Sprintf("parts %08b, read in place", keep), reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem()) {
				t.Error(diff)
			}
		})
	}
	if err := errors.Join(spilled.Err(), held.Err(), spilled.Close()); err != nil {
		t.Fatal(err)
	}
}

// editPair is a record with every field set and another of the same head
// (path, blob, digests, language, size) whose other fields all differ: an
// edit sets parts of the first from the second.
func editPair() (whole, other *File) {
	whole, other = &File{}, &File{}
	n := 0
	fill(reflect.ValueOf(whole).Elem(), &n)
	fill(reflect.ValueOf(other).Elem(), &n)
	other.Path, other.Blob, other.SHA256, other.NormSHA, other.Lang, other.Size = whole.Path, whole.Blob, whole.SHA256, whole.NormSHA, whole.Lang, whole.Size
	return whole, other
}

func ptr[T any](v T) *T { return &v }

// merged is base with the parts p of from.
func merged(base, from *File, p Parts) *File {
	out := *base
	if p&PartFacts != 0 {
		out.Facts = from.Facts
		if base.Facts != nil && from.Facts != nil && p&PartRefs == 0 {
			ff := *from.Facts
			ff.Refs = base.Facts.Refs
			out.Facts = &ff
		}
	}
	if p&PartRefs != 0 && out.Facts != nil {
		ff := *out.Facts
		ff.Refs = from.Facts.Refs
		out.Facts = &ff
	}
	if p&PartRes != 0 {
		out.Res = Resolution{Edges: from.Res.Edges, Lookups: out.Res.Lookups, Unresolved: from.Res.Unresolved, Sites: from.Res.Sites}
	}
	if p&PartLookups != 0 {
		out.Res.Lookups = from.Res.Lookups
	}
	if p&PartSummary != 0 {
		out.Summary, out.SummaryKey = from.Summary, from.SummaryKey
	}
	if p&PartEdgeSummaries != 0 {
		out.EdgeSummaries = from.EdgeSummaries
	}
	if p&PartSignals != 0 {
		out.Signals = from.Signals
	}
	if p&PartImplicit != 0 {
		out.Implicit, out.Couplings, out.Explored = from.Implicit, from.Couplings, from.Explored
	}
	return &out
}

// TestPartsForBuildsWhatAWholeRecordBuilds: the entries GenericEntries
// builds of a keyspace (and of every keyspace, PartsFor()) from a record
// holding only the parts PartsFor names are those it builds from the whole
// record, so a keyspace that comes to read another part fails here, not
// as a table that differs between init and update.
func TestPartsForBuildsWhatAWholeRecordBuilds(t *testing.T) {
	whole := &File{}
	fill(reflect.ValueOf(whole).Elem(), new(int))
	cases := [][]byte{nil}
	for _, ks := range genericKeyspaces {
		cases = append(cases, []byte{ks})
	}
	for _, only := range cases {
		part := withoutParts(*whole, PartsFor(only...))
		got, want := GenericEntries(&part, only...), GenericEntries(whole, only...)
		if len(want) == 0 && PartsFor(only...) != 0 { // the head-only ones need a real leaf or project file
			t.Errorf("keyspaces %q: the filled record builds no entries", only)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("keyspaces %q: from parts %08b\n%v\nwant\n%v", only, PartsFor(only...), got, want)
		}
	}
	if PartsFor()&(PartRefs|PartEdgeSummaries) != 0 {
		t.Errorf("PartsFor() = %08b: every keyspace's entries read references or edge summaries", PartsFor())
	}
}
