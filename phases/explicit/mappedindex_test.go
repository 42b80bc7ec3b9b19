package explicit

import (
	"runtime"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestFullRunIndexIsMapped: a full run's definition index is read
// through a mapping of its file (snapshot.RunsKV.Mapped), not a read call
// and a buffer per block a lookup misses in the cache.
func TestFullRunIndexIsMapped(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("tables are mapped on Linux only")
	}
	files, langs := parsedFiles(t, widePackage())
	idx, err := buildIndexOnDisk(t.Context(), files, langs, goMod, t.TempDir(), 2)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	if _, ok := idx.kv.(*snapshot.MappedKV); !ok {
		t.Fatalf("the full run's index is read as %T", idx.kv)
	}
	if ds := idx.nameDefs(nameKey("go", "Save")); len(ds) != 40 {
		t.Fatalf("%d definitions of Save through the mapping, want 40", len(ds))
	}
}
