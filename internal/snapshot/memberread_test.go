package snapshot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// memberRecords are records of every shape a Member reads differently:
// every field set, no facts, facts without symbols, a secret summary,
// repeated, containment and NUL-holding edges, symbols without union
// members, and a project file.
func memberRecords() []*File {
	whole := &File{}
	fill(reflect.ValueOf(whole).Elem(), new(int))
	whole.Lang = lang.Go
	variant := func(path string, change func(f *File)) *File {
		f := *whole
		ff := *whole.Facts
		f.Facts, f.Path = &ff, path
		change(&f)
		return &f
	}
	e := func(target, kind string) Edge {
		return Edge{Source: nodeid.File("a/x.go"), Target: target, Kind: kind, Via: "v", ResolvedBy: "r"}
	}
	edges := []Edge{
		e(nodeid.File("b/y.go"), edgekind.Imports), e(nodeid.File("b/y.go"), edgekind.Imports),
		e(nodeid.Symbol("b/y.go", "F", 1), edgekind.Calls), e(nodeid.Symbol("b/y.go", "G", 1), edgekind.Calls),
		e(nodeid.Symbol("a/x.go", "H", 1), edgekind.Contains), e(nodeid.File("c/z.go"), edgekind.Calls),
	}
	return []*File{
		whole,
		variant("a/nofacts.go", func(f *File) { f.Facts = nil }),
		variant("a/nosyms.go", func(f *File) { f.Facts.Symbols, f.Signals = nil, nil }),
		variant("a/secret.go", func(f *File) { f.SummaryKey = SecretSummaryKey }),
		variant("a/edges.go", func(f *File) { f.Res.Edges, f.Implicit = edges, edges[:3] }),
		variant("a/nul.go", func(f *File) {
			f.Res.Edges = append(edges, Edge{Target: nodeid.File("b/y.go"), Kind: edgekind.Imports, Source: "s\x00t"},
				Edge{Target: nodeid.File("b/y.go"), Kind: edgekind.Imports, Source: "s", Via: "\x00t"})
		}),
		variant("a/kinds.go", func(f *File) { // known kinds, a qualified name that is the name
			f.Facts.Symbols = append([]facts.Symbol(nil), f.Facts.Symbols...)
			f.Facts.Symbols[0].Kind, f.Facts.Symbols[0].Qualified = facts.KindFunction, f.Facts.Symbols[0].Name
			f.Facts.Symbols[1].Kind = "no kind"
			f.Res.Edges = edges
		}),
		variant("a/nounion.go", func(f *File) { // the facts form written without union members
			f.Facts.Symbols = append([]facts.Symbol(nil), f.Facts.Symbols...)
			for i := range f.Facts.Symbols {
				f.Facts.Symbols[i].Union = nil
			}
		}),
		variant("a/go.mod", func(f *File) { f.Lang = lang.ProjectFile }),
	}
}

// TestMemberIsMemberOfItsRecord: FileSet.Member, which decodes a packed
// record straight into a Member, gives what MemberOf gives of the record
// read with a listing's parts, for a set held packed in memory, spilled
// or as structs; a project file is no member, a missing path not found.
func TestMemberIsMemberOfItsRecord(t *testing.T) {
	for _, dir := range []string{"none", "", t.TempDir()} {
		fs := NewFileSet(nil)
		if dir != "none" {
			if err := fs.Pack(dir); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range memberRecords() {
			fs.Set(f)
		}
		// Every member is read before any is checked: a string left in
		// the read buffer would hold the next record's bytes by then.
		type read struct {
			m             Member
			member, found bool
		}
		reads := map[string]read{}
		for _, f := range memberRecords() {
			m, member, found := fs.Member(f.Path)
			reads[f.Path] = read{m, member, found}
		}
		for _, f := range memberRecords() {
			got, member, found := reads[f.Path].m, reads[f.Path].member, reads[f.Path].found
			if !found || member != (f.Lang != lang.ProjectFile) {
				t.Errorf("%s (spill dir %q): member %t, found %t", f.Path, dir, member, found)
				continue
			}
			var want Member
			if member {
				want = MemberOf(fs.GetParts(f.Path, PartsFor(KsDir)))
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (spill dir %q):\n got %+v\nwant %+v", f.Path, dir, got, want)
			}
		}
		if _, _, found := fs.Member("a/none.go"); found {
			t.Errorf("spill dir %q: a path without a record was found", dir)
		}
		if err := errors.Join(fs.Err(), fs.Close()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCountDepsCountsByKey: the sorted count of dependency edges agrees
// with the count by reverse-edge keys on random edge lists with repeats,
// containment and NULs.
func TestCountDepsCountsByKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	for i := range 2000 {
		var lists [2][]Edge
		for l := range lists {
			for range r.IntN(12) {
				target := pick(nodeid.File("a.go"), nodeid.File("b.go"), nodeid.Symbol("a.go", "F", 1), nodeid.Symbol("b.go", "G", 2), "")
				e := Edge{Target: target, Kind: pick(edgekind.Calls, edgekind.Imports, edgekind.Contains),
					Source: pick("s", "t"), Via: pick("", "v"), ResolvedBy: pick("", "r")}
				if r.IntN(100) == 0 { // a NUL: counted by keys
					e.Via += "\x00"
				}
				lists[l] = append(lists[l], e)
			}
		}
		got, want := countDeps(lists[0], lists[1]), countDepsByKey(lists[0], lists[1])
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: %s:\n got %v\nwant %v", i, fmt.Sprint(lists), got, want)
		}
	}
}
