package explicit

import (
	"fmt"
	"hash/maphash"
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

// TestIndexBatchesBuildTheSameIndex: the definition index a full run
// builds with its records turned into entries on several workers
// (definitionBatches) holds every entry the one built in turn holds, and
// its presence filter finds every lookup that one finds; and a caller
// that stops after the first batch lets the workers go.
func TestIndexBatchesBuildTheSameIndex(t *testing.T) {
	files := packedWide(t, 3*defBatchFiles+41)
	_, langs := parsedFiles(t, nil)
	dump := func(workers int) (string, *Index) {
		idx, err := buildIndexOnDisk(files, langs, goMod, t.TempDir(), workers)
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
	if got != want {
		t.Fatalf("the index built on 3 workers differs from the one built in turn:\ngot  %.300s\nwant %.300s", got, want)
	}
	if strings.Count(want, "\n") < 3*defBatchFiles {
		t.Fatalf("%d entries: the test builds too small an index", strings.Count(want, "\n"))
	}
	for i := range 3*defBatchFiles + 41 {
		dir, name, parent := fmt.Sprintf("pkg%02d", i%17), "Save", fmt.Sprintf("T%d", i)
		path := fmt.Sprintf("%s/f%03d.go", dir, i)
		for _, q := range [][]string{{"f", "go", name, path}, {"d", "go", name, dir}, {"p", "go", name, parent}} {
			if serial.present.mayHold(q[0][0], q[1:]...) && !parallel.present.mayHold(q[0][0], q[1:]...) {
				t.Fatalf("the parallel index's filter misses %q", q)
			}
		}
	}
	for range definitionBatches(files, langs, goMod, 3, maphash.MakeSeed()) {
		break
	}
}
