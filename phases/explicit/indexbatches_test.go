package explicit

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// packedWide is widePackage with as many more packages as make the
// repository n files, held packed as a full run holds its records.
func packedWide(t *testing.T, n int) *snapshot.FileSet {
	t.Helper()
	src := widePackage()
	for i := len(src); i < n; i++ {
		src[fmt.Sprintf("pkg%02d/f%03d.go", i%17, i)] = fmt.Sprintf("package pkg%02d\n\ntype T%d struct{}\n\nfunc (T%d) Save() {}\n\nfunc F%d() {}\n", i%17, i, i, i%5)
	}
	parsed, _ := parsedFiles(t, src)
	next := snapshot.New()
	if err := next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { next.Files.Close() })
	for _, f := range parsed.All() {
		next.Files.Set(f)
	}
	if !next.Files.Packed() {
		t.Fatal("the set is not packed")
	}
	return next.Files
}

// indexFiles is how many files TestIndexBatchesBuildTheSameIndex indexes:
// enough for several batches of each worker (snapshot.RunsOnWorkers).
const indexFiles = 809

// TestIndexBatchesBuildTheSameIndex: the definition index a full run
// builds with its records turned into entries and sorted into runs on
// several workers (definitionRuns) holds every entry the one built in
// turn holds, as one table read through a mapping (a lookup seeks in one
// table, not one per worker), and its presence filter finds every lookup
// that one finds.
func TestIndexBatchesBuildTheSameIndex(t *testing.T) {
	files := packedWide(t, indexFiles)
	_, langs := parsedFiles(t, nil)
	dump := func(workers int) (string, *Index) {
		idx, err := buildIndexOnDisk(t.Context(), files, langs, goMod, t.TempDir(), workers)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { idx.Close() })
		var b strings.Builder
		_ = idx.kv.Scan(nil, func(k, v []byte) error { fmt.Fprintf(&b, "%q=%q\n", k, v); return nil })
		return b.String(), idx
	}
	want, serial := dump(1)
	got, parallel := dump(3)
	if _, ok := parallel.kv.(*snapshot.MappedKV); !ok && runtime.GOOS == "linux" {
		t.Fatalf("the index built on 3 workers is read as %T, not as one mapped table", parallel.kv)
	}
	if got != want {
		t.Fatalf("the index built on 3 workers differs from the one built in turn:\ngot  %.300s\nwant %.300s", got, want)
	}
	if strings.Count(want, "\n") < indexFiles {
		t.Fatalf("%d entries: the test builds too small an index", strings.Count(want, "\n"))
	}
	// Only the lookups some file answers: a filter says yes at random (and
	// with its own seed each build) to about one lookup in a hundred that
	// nothing answers, never no to one that something does.
	for i := len(widePackage()); i < indexFiles; i++ {
		dir, name, parent := fmt.Sprintf("pkg%02d", i%17), "Save", fmt.Sprintf("T%d", i)
		path := fmt.Sprintf("%s/f%03d.go", dir, i)
		for _, q := range [][]string{{"f", "go", name, path}, {"d", "go", name, dir}, {"p", "go", name, parent}} {
			if !serial.present.mayHold(q[0][0], q[1:]...) || !parallel.present.mayHold(q[0][0], q[1:]...) {
				t.Fatalf("a filter misses %q, which the index answers: in turn %v, on workers %v", q,
					serial.present.mayHold(q[0][0], q[1:]...), parallel.present.mayHold(q[0][0], q[1:]...))
			}
		}
	}
}
