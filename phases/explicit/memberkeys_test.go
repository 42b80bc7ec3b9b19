package explicit

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// nameReadKV is a KV that counts the name-index entries scans pass and
// point reads fetch.
type nameReadKV struct {
	snapshot.KV
	passed int
}

func (c *nameReadKV) Get(key []byte) ([]byte, bool, error) {
	if key[0] == snapshot.KsName {
		c.passed++
	}
	return c.KV.Get(key)
}

func (c *nameReadKV) Scan(prefix []byte, fn func(k, v []byte) error) error {
	return c.KV.Scan(prefix, func(k, v []byte) error {
		if k[0] == snapshot.KsName {
			c.passed++
		}
		return fn(k, v)
	})
}

// manySaves is a Go repository where 200 types each have a method Save
// and main.go calls one of them.
func manySaves() map[string]string {
	files := map[string]string{
		"main.go": "package main\n\nimport \"example.com/app/store\"\n\nfunc main() {\n\tvar t store.T7\n\tt.Save()\n}\n",
	}
	for i := range 200 {
		files[fmt.Sprintf("store/t%03d.go", i)] = fmt.Sprintf("package store\n\ntype T%d struct{}\n\nfunc (T%d) Save() {}\n", i, i)
	}
	return files
}

// TestMemberLookupReadsTheParentsDefinitions: resolving t.Save() on a
// known type reads that type's definitions of Save through their listing
// by parent (keyspace Q), not the 200 definitions named Save, and resolves
// as the index built in memory does.
func TestMemberLookupReadsTheParentsDefinitions(t *testing.T) {
	src := manySaves()
	files, langs := parsedFiles(t, src)
	var es []snapshot.Entry
	for _, p := range slices.Sorted(maps.Keys(src)) {
		es = append(es, DefinitionEntries(files.Get(p), langs, goMod)...)
	}
	counted := &nameReadKV{KV: snapshot.NewMemKV(es)}
	got := Resolve(newIndex(langs, goMod, counted), files.Get("main.go"))
	want := Resolve(BuildIndex(files, langs, goMod), files.Get("main.go"))
	if !slices.ContainsFunc(got.Edges, func(e snapshot.Edge) bool { return strings.HasSuffix(e.Target, "#T7.Save") }) {
		t.Fatalf("t.Save() did not resolve to T7.Save: %+v", got.Edges)
	}
	if !slices.Equal(got.Edges, want.Edges) || !slices.Equal(got.Lookups, want.Lookups) {
		t.Errorf("resolved to %+v\nwant %+v", got, want)
	}
	if counted.passed > 5 {
		t.Errorf("read %d name-index entries, want T7's Save and the type (at most 5)", counted.passed)
	}
}

// TestMemberDefsEqualTheBroadAnswer: for every definition with a parent,
// the answer read through the listing by parent equals the name's broad
// answer kept to that parent, in the same order.
func TestMemberDefsEqualTheBroadAnswer(t *testing.T) {
	src := manySaves()
	src["store/dup.go"] = "package store\n\nfunc (T7) Load() {}\n\nfunc (T8) Load() {}\n"
	src["other/t.go"] = "package other\n\ntype T7 struct{}\n\nfunc (T7) Save() {}\n"
	files, langs := parsedFiles(t, src)
	var es []snapshot.Entry
	for _, p := range slices.Sorted(maps.Keys(src)) {
		es = append(es, DefinitionEntries(files.Get(p), langs, goMod)...)
	}
	kv := snapshot.NewMemKV(es)
	checked := 0
	for _, e := range es {
		if e.Key[0] != snapshot.KsName {
			continue
		}
		d, err := snapshot.DecodeDef(e.Key, e.Value)
		if err != nil || d.Parent == "" {
			continue
		}
		fam := snapshot.KeyPart(e.Key, 1)
		narrow := newIndex(langs, goMod, kv).nameDefsOf(fam, d.Name, d.Parent)
		broad := newIndex(langs, goMod, kv)
		broad.nameDefs(nameKey(fam, d.Name))
		if want := broad.nameDefsOf(fam, d.Name, d.Parent); !slices.EqualFunc(narrow, want, func(a, b def) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
			t.Errorf("%s in %s: %+v, want %+v", d.Name, d.Parent, narrow, want)
		}
		checked++
	}
	if checked < 200 {
		t.Fatalf("checked %d definitions with a parent, want at least 200", checked)
	}
}
