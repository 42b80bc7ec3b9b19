package snapshot

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/words"
)

// wordEntriesByMap is WordEntries as first written, counting each
// document's terms in a map: the reference its entries must equal byte
// for byte (their keys and values are stored in snapshots).
func wordEntriesByMap(f *File) []Entry {
	var stats WordStats
	var out []Entry
	add := func(doc string, fields [NumFields][]string) {
		stats.Docs++
		var lens [NumFields]int
		freq := map[string]*[NumFields]int{}
		for i, terms := range fields {
			lens[i] = len(terms)
			stats.Len[i] += len(terms)
			for _, t := range terms {
				if freq[t] == nil {
					freq[t] = &[NumFields]int{}
				}
				freq[t][i]++
			}
		}
		for _, t := range sortedKeys(freq) {
			var v []byte
			for i := range NumFields {
				v = binary.AppendUvarint(v, uint64(freq[t][i]))
				v = binary.AppendUvarint(v, uint64(lens[i]))
			}
			out = append(out, Entry{Key: joinKey(KsWord, t, f.Path, doc), Value: v})
		}
	}
	add(fileDocument, [NumFields][]string{
		FieldName:    words.Terms(strings.TrimSuffix(f.Path, path.Ext(f.Path))),
		FieldDoc:     docTerms(f.Facts.Doc),
		FieldSummary: docTerms(f.Summary),
	})
	for i, s := range f.Facts.Symbols {
		add(fmt.Sprintf("%08x", uint32(i)), [NumFields][]string{FieldName: words.Terms(s.Qualified), FieldDoc: docTerms(s.Doc)})
	}
	v := binary.AppendUvarint(nil, uint64(stats.Docs))
	for _, n := range stats.Len {
		v = binary.AppendUvarint(v, uint64(n))
	}
	return append(out, Entry{Key: joinKey(KsWord, "", f.Path), Value: v})
}

// docTerms are the terms of a doc or summary, as many as are indexed.
func docTerms(s string) []string {
	t := words.Terms(s)
	return t[:min(len(t), maxDocTerms)]
}

func TestWordEntriesMatchReference(t *testing.T) {
	f := memberFile()
	f.Path = "pkg/server/request_handler.go"
	f.Summary = "Handles requests: the server's request handler parses each request, then the handler answers. " +
		strings.Repeat("Requests repeat words words. ", 20)
	f.Facts.Doc = "Package server handles requests."
	for i := range 20 {
		f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: fmt.Sprintf("Handle%d", i),
			Qualified: fmt.Sprintf("Server.HandleRequest%d", i), Doc: "HandleRequest handles a request for the server."})
	}
	got, want := WordEntries(f), wordEntriesByMap(f)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("WordEntries differ from the reference:\n%v\nwant\n%v", got, want)
	}
}

func TestOrderBytes(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 255, 4096, 1<<31 - 1, 1 << 32, -1} {
		if got, want := orderBytes(n), fmt.Sprintf("%08x", uint32(n)); got != want {
			t.Errorf("orderBytes(%d) = %q, want %q", n, got, want)
		}
		if got, want := string(appendOrder([]byte("x"), n)), fmt.Sprintf("x%08x", uint32(n)); got != want {
			t.Errorf("appendOrder(x, %d) = %q, want %q", n, got, want)
		}
	}
}

// genericEntriesAsFirstWritten is GenericEntries as first written, each
// key built on its own: the reference its entries, and their order, must
// equal.
func genericEntriesAsFirstWritten(f *File, only ...byte) []Entry {
	want := func(ks byte) bool { return len(only) == 0 || bytes.IndexByte(only, ks) >= 0 }
	var deps []DepCount
	depsOf := func() []DepCount {
		if deps == nil {
			deps = depCounts(f)
		}
		return deps
	}
	var out []Entry
	if want(KsDir) {
		out = append(out, Entry{Key: DirKey(f.Path), Value: dirValue(f, depsOf)})
	}
	if want(KsProjectFile) && lang.ProjectFamily(path.Base(f.Path)) != "" {
		out = append(out, Entry{Key: ProjectFileKey(f.Path)})
	}
	if leaf, ok := LeafValue(f); ok && want(KsLeaf) {
		out = append(out, Entry{Key: LeafKey(f.Path), Value: leaf})
	}
	if want(KsLookup) {
		for _, k := range f.Res.Lookups {
			out = append(out, Entry{Key: LookupKey(k, f.Path)})
		}
	}
	if want(KsRevEdge) {
		for _, e := range f.Res.Edges {
			if e.Kind != edgekind.Contains {
				out = append(out, Entry{Key: joinKey(KsRevEdge, nodeid.PathOf(e.Target), e.Target, e.Kind, e.Source, e.Via, e.ResolvedBy)})
			}
		}
		for _, e := range f.Implicit {
			out = append(out, Entry{Key: joinKey(KsRevEdge, nodeid.PathOf(e.Target), e.Target, e.Kind, e.Source, e.Via, e.ResolvedBy)})
		}
	}
	if want(KsUsedBy) {
		out = append(out, usedByEntries(f, depsOf())...)
	}
	if want(KsUnresolved) {
		out = append(out, siteEntries(f)...)
	}
	if want(KsWord) {
		out = append(out, WordEntries(f)...)
	}
	if want(KsSignal) {
		for _, s := range f.Signals {
			out = append(out, Entry{Key: SignalKey(s.Name(), f.Path)})
		}
		for _, c := range f.Couplings {
			out = append(out, Entry{Key: SignalKey(CouplingSignal(c.Name()), f.Path)})
		}
	}
	return out
}

// TestGenericEntriesToCopiesEachEntry: GenericEntries lists, in order,
// the entries it listed when each key was built on its own, for every
// choice of keyspaces; GenericEntriesTo hands over the same entries, keys
// and word postings built in reused buffers, each whole when copied at
// the call.
func TestGenericEntriesToCopiesEachEntry(t *testing.T) {
	f := memberFile()
	f.Path = "pkg/server/request_handler.go"
	f.Couplings = []facts.Coupling{{Kind: "cache", Key: "users"}}
	for i := range 12 {
		f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: fmt.Sprintf("H%d", i), Qualified: fmt.Sprintf("Server.Handle%d", i), Doc: "Handle answers one request."})
		f.Res.Lookups = append(f.Res.Lookups, fmt.Sprintf("go\x00Handle%d", i))
	}
	project := &File{Path: "go.mod", Lang: lang.ProjectFile, SHA256: strings.Repeat("ab", 32)}
	for _, f := range []*File{f, project} {
		for _, only := range [][]byte{nil, {KsDir}, {KsRevEdge, KsSignal}, {KsProjectFile, KsLeaf, KsLookup}, {KsUsedBy, KsUnresolved}} {
			if got, want := GenericEntries(f, only...), genericEntriesAsFirstWritten(f, only...); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %v: GenericEntries gave\n%v\nwant\n%v", f.Path, only, got, want)
			}
		}
		var got []Entry
		GenericEntriesTo(f, func(k, v []byte) {
			got = append(got, Entry{Key: slices.Clone(k), Value: slices.Clone(v)})
		})
		want := SortEntries(genericEntriesAsFirstWritten(f))
		got = SortEntries(got)
		if len(want) < 2 || f == project == (len(want) > 5) || !reflect.DeepEqual(normalized(got), normalized(want)) {
			t.Fatalf("GenericEntriesTo gave %d entries:\n%v\nwant %d:\n%v", len(got), got, len(want), want)
		}
	}
}

// normalized makes an empty value nil, as reflect tells them apart.
func normalized(es []Entry) []Entry {
	for i := range es {
		if len(es[i].Value) == 0 {
			es[i].Value = nil
		}
	}
	return es
}
