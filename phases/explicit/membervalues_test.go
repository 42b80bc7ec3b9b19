package explicit

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// countingKV counts the point reads of a KV.
type countingKV struct {
	snapshot.KV
	gets int
}

func (c *countingKV) Get(key []byte) ([]byte, bool, error) {
	c.gets++
	return c.KV.Get(key)
}

// TestMembersReadFromTheirListing: the index a full run builds for itself
// carries each definition in its listing under its parent, so a lookup
// of a name under a parent is one scan, no point read per member (each a
// seek from the on-disk table's root); its answers are the in-memory
// index's, whose listings are valueless as published ones are.
func TestMembersReadFromTheirListing(t *testing.T) {
	files := snapshot.New().Files
	for i := range 3 {
		p := fmt.Sprintf("pkg/shape%d.py", i)
		files.Set(&snapshot.File{Path: p, Lang: "python", Blob: p, Facts: &facts.File{Symbols: []facts.Symbol{
			{Name: "Shape", Qualified: "Shape", Kind: facts.KindClass, Line: 1, EndLine: 9},
			{Name: "area", Qualified: "Shape.area", Kind: facts.KindMethod, Parent: "Shape", Line: 2, EndLine: 3},
			{Name: "scale", Qualified: "Shape.scale", Kind: facts.KindMethod, Parent: "Shape", Line: 4, EndLine: 5, Params: "float"},
		}}})
	}
	project := &lang.Project{}
	onDisk, err := buildIndexOnDisk(t.Context(), files, all.Registry(), project, t.TempDir(), 2)
	if err != nil {
		t.Fatal(err)
	}
	defer onDisk.Close()
	counted := &countingKV{KV: onDisk.kv}
	onDisk.kv = counted
	inMemory := BuildIndex(files, all.Registry(), project)
	fam := lang.FamilyOf("python")
	for _, name := range []string{"area", "scale"} {
		got, want := onDisk.memberDefs(fam, name, "Shape"), inMemory.memberDefs(fam, name, "Shape")
		if len(got) != 3 || !reflect.DeepEqual(got, want) {
			t.Errorf("members %s of Shape: on disk %+v, in memory %+v; want the same 3", name, got, want)
		}
	}
	if counted.gets != 0 {
		t.Errorf("the on-disk index made %d point reads for 2 member lookups; want none", counted.gets)
	}
}
