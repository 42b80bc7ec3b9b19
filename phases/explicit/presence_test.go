package explicit

import (
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// scanCountKV is a KV that counts its scans.
type scanCountKV struct {
	snapshot.KV
	scans int
}

func (c *scanCountKV) Scan(prefix []byte, fn func(k, v []byte) error) error {
	c.scans++
	return c.KV.Scan(prefix, fn)
}

// widePackage is a Go repository whose package store has 40 files, one
// of them defining F, and whose main.go calls store.F and a method of a
// store type.
func widePackage() map[string]string {
	files := map[string]string{
		"main.go":    "package main\n\nimport \"example.com/app/store\"\n\nfunc main() {\n\tstore.F()\n\tvar t store.T7\n\tt.Save()\n\tt.Load()\n}\n",
		"store/f.go": "package store\n\nfunc F() {}\n",
	}
	for i := range 40 {
		files[fmt.Sprintf("store/t%03d.go", i)] = fmt.Sprintf("package store\n\ntype T%d struct{}\n\nfunc (T%d) Save() {}\n", i, i)
	}
	return files
}

// TestAbsentNamesAreNotScanned: a full run's index knows which files,
// directories and parents define a name without reading the index, so
// resolving store.F() scans the file that defines F, not each of the
// package's 41 files; and it resolves to what the index without that
// knowledge resolves to, lookups included.
func TestAbsentNamesAreNotScanned(t *testing.T) {
	files, langs := parsedFiles(t, widePackage())
	idx, err := buildIndexOnDisk(t.Context(), files, langs, goMod, t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	if idx.present == nil {
		t.Fatal("the on-disk index has no presence filter")
	}
	resolveCounted := func(present *presence) (snapshot.Resolution, int) {
		counted := &scanCountKV{KV: idx.kv}
		view := newIndex(langs, goMod, counted)
		view.present = present
		return Resolve(view, files.Get("main.go")), counted.scans
	}
	got, scans := resolveCounted(idx.present)
	want, scansWithout := resolveCounted(nil)
	if !slices.ContainsFunc(got.Edges, func(e snapshot.Edge) bool { return e.Target == "sym:store/f.go#F" }) {
		t.Fatalf("store.F() did not resolve to store/f.go#F: %+v", got.Edges)
	}
	if !slices.Equal(got.Edges, want.Edges) || !slices.Equal(got.Lookups, want.Lookups) || got.Unresolved != want.Unresolved {
		t.Errorf("resolved to %+v\nwithout the filter %+v", got, want)
	}
	t.Logf("scans %d, without %d", scans, scansWithout)
	if scansWithout < 41 {
		t.Fatalf("without the filter main.go took %d scans; want one per file of the package at least", scansWithout)
	}
	if scans > 10 {
		t.Errorf("main.go took %d scans (%d without the filter); want at most 10", scans, scansWithout)
	}
}

// TestPresenceHoldsEveryEntrysLookups: every lookup that finds an entry
// of the index may hold, so a filtered lookup never misses one.
func TestPresenceHoldsEveryEntrysLookups(t *testing.T) {
	src := widePackage()
	maps.Copy(src, asideRepo)
	files, langs := parsedFiles(t, src)
	var es []snapshot.Entry
	for _, p := range slices.Sorted(maps.Keys(src)) {
		es = append(es, DefinitionEntries(files.Get(p), langs, goMod)...)
	}
	es = append(es, snapshot.Entry{Key: snapshot.StarKey("python", "pkg/__init__.py", 0), Value: []byte("pkg.mod")})
	pk := newPresenceKeys()
	pk.addFile(es)
	present := pk.build()
	kinds := map[byte]int{}
	for _, e := range es {
		var parts [5]string
		_, ps := splitKeyParts(e.Key)
		copy(parts[:], ps)
		var ok bool
		switch e.Key[0] {
		case snapshot.KsName:
			d, err := snapshot.DecodeDef(e.Key, e.Value)
			if err != nil {
				t.Fatal(err)
			}
			ok = present.mayHold('f', parts[1], d.Name, d.Path)
			if dir := dirOf(d.Path); dir != "." {
				ok = ok && present.mayHold('d', parts[1], d.Name, dir)
			}
			ok = ok && present.mayHold('p', parts[1], d.Name, d.Parent)
		case snapshot.KsMember:
			ok = present.mayHold('p', parts[0], parts[2], parts[1])
		case snapshot.KsModule:
			ok = present.mayHold('m', parts[0], parts[1])
		case snapshot.KsStar:
			ok = present.mayHold('s', parts[0], parts[1])
		default:
			continue
		}
		kinds[e.Key[0]]++
		if !ok {
			t.Errorf("entry %q: a lookup that finds it is filtered out", e.Key)
		}
	}
	if len(kinds) != 4 {
		t.Fatalf("checked entries of keyspaces %v; want name, member, module and star entries", kinds)
	}
	if present.mayHold('f', "go", "F", "store/t000.go") && present.mayHold('f', "go", "F", "store/t001.go") &&
		present.mayHold('f', "go", "F", "store/t002.go") {
		t.Errorf("F may be in three files that do not define it: the filter filters nothing")
	}
}

// splitKeyParts splits a key into its keyspace and parts.
func splitKeyParts(key []byte) (byte, []string) {
	var parts [6][]byte
	n := min(splitParts(key[1:], parts[:]), len(parts))
	out := make([]string, n)
	for i := range n {
		out[i] = string(parts[i])
	}
	return key[0], out
}

// TestPresenceKeysAcrossChunks: hashes past a chunk's end, and the lists
// of several workers joined, all reach the filter, which is sized by
// their count.
func TestPresenceKeysAcrossChunks(t *testing.T) {
	seed := maphash.MakeSeed()
	workers := []*presenceKeys{{seed: seed}, {seed: seed}, {seed: seed}}
	var all []uint64
	for w, n := range []int{hashChunk + 7, 3, 2*hashChunk + 1} {
		for i := range n {
			h := maphash.Comparable(seed, [2]int{w, i})
			workers[w].addHash(h)
			all = append(all, h)
		}
	}
	joined := &presenceKeys{seed: seed}
	for _, w := range workers {
		joined.join(w)
	}
	if joined.count != len(all) {
		t.Fatalf("joined %d hashes, want %d", joined.count, len(all))
	}
	p := joined.build()
	if want := len(all) * keysPerBits / (64 * blockWords); len(p.blocks) != want {
		t.Errorf("%d filter blocks, want %d", len(p.blocks), want)
	}
	for _, h := range all {
		if !p.probe(h, func(w *uint64, bit uint64) bool { return *w&bit != 0 }) {
			t.Fatalf("hash %x added but filtered out", h)
		}
	}
}
