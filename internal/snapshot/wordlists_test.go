package snapshot

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestWordListsStreamAsSortedEntries: every file's word postings and
// statistics, gathered by lists filled side by side as SpillOnWorkers'
// workers fill them (batches of files, each list's in increasing order)
// and cut into many runs, in memory or in files, stream back as exactly
// the entries WordEntries gives, sorted. The paths include ones that are
// prefixes of others, not every path has a file (the numbers skip), a
// term shows in the file's own document and its symbols', and documents
// repeat terms in several fields.
func TestWordListsStreamAsSortedEntries(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		rng := rand.New(rand.NewPCG(5, 6))
		set := map[string]bool{"a": true, "a/b": true, "a.b": true, "a-b": true, "ab": true, "a/b/c": true, "b": true}
		names := []string{"Parse", "parse_url", "Server.Handle", "handle", "URLFor", "x", "the", "Run2", "a", "b"}
		for len(set) < 1500 {
			set[fmt.Sprintf("%c/%s%d.go", 'a'+rng.IntN(3), names[rng.IntN(len(names))], rng.IntN(2000))] = true
		}
		paths := slices.Sorted(func(yield func(string) bool) {
			for p := range set {
				if !yield(p) {
					return
				}
			}
		})
		word := func() string { return names[rng.IntN(len(names))] }
		file := func(p string) *File {
			f := &File{Path: p, Summary: word() + " handles " + word() + " " + word(), Facts: &facts.File{Doc: "Package " + p + " " + word()}}
			for j := range rng.IntN(24) {
				f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Qualified: word() + "." + names[j%len(names)], Doc: word() + " " + word()})
			}
			return f
		}
		lists := []*WordLists{NewWordLists(8<<10, dir), NewWordLists(8<<10, dir), NewWordLists(64<<10, dir)}
		var want []Entry
		for batch := 0; batch*gatherBatch < len(paths); batch++ {
			l := lists[rng.IntN(len(lists))]
			for i := batch * gatherBatch; i < min((batch+1)*gatherBatch, len(paths)); i++ {
				if rng.IntN(5) == 0 {
					continue // a path without a record
				}
				f := file(paths[i])
				want = append(want, WordEntries(f)...)
				l.AddFile(f, i)
			}
		}
		want = SortEntries(want)
		index, err := MergeWordLists(paths, lists...)
		if err != nil {
			t.Fatal(err)
		}
		if index.Runs() < 20 {
			t.Fatalf("only %d runs: the test merges too few", index.Runs())
		}
		i := 0
		err = index.Stream(nil, func(k, v []byte) error {
			if i >= len(want) || !bytes.Equal(k, want[i].Key) || !bytes.Equal(v, want[i].Value) {
				return fmt.Errorf("entry %d is %q=%x, want %q=%x", i, k, v, want[min(i, len(want)-1)].Key, want[min(i, len(want)-1)].Value)
			}
			i++
			return nil
		})
		index.Close()
		if err != nil {
			t.Fatalf("dir %q: %v", dir, err)
		}
		if i != len(want) {
			t.Fatalf("dir %q: streamed %d entries, want %d", dir, i, len(want))
		}
	}
}

// TestWordListsRefuseFilesOutOfOrder: a file numbered below one added
// before fails the merge rather than streaming postings out of order.
func TestWordListsRefuseFilesOutOfOrder(t *testing.T) {
	l := NewWordLists(0, "")
	f := &File{Path: "b.go", Facts: &facts.File{Symbols: []facts.Symbol{{Qualified: "Run"}}}}
	l.AddFile(f, 1)
	l.AddFile(&File{Path: "a.go"}, 0)
	if _, err := MergeWordLists([]string{"a.go", "b.go"}, l); !errors.Is(err, errWordOrder) {
		t.Fatalf("merge = %v, want %v", err, errWordOrder)
	}
}

// TestDocRankOrdersAsDocumentIDs: documents rank as their IDs sort in
// keys: a symbol's 8 hex digits, the file's "f" after those below
// f0000000 and before the rest.
func TestDocRankOrdersAsDocumentIDs(t *testing.T) {
	docs := []int{-1, 0, 1, 9, 10, 15, 16, 0xeffffffe, 0xefffffff, 0xf0000000, 0xf0000001, 0xffffffff}
	id := func(doc int) []byte {
		if doc < 0 {
			return []byte(fileDocument)
		}
		return appendOrder(nil, doc)
	}
	for _, a := range docs {
		for _, b := range docs {
			got := docRank(a) < docRank(b)
			want := bytes.Compare(id(a), id(b)) < 0
			if got != want {
				t.Errorf("documents %x (%q) and %x (%q): ranked first %v, sorted first %v", a, id(a), b, id(b), got, want)
			}
		}
	}
}
