package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rec is one entry of a reference model: a value or a tombstone.
type rec struct {
	key   string
	value string
	tomb  bool
}

// sortedRecs returns m's entries in key order.
func sortedRecs(m map[string]rec) []rec {
	out := make([]rec, 0, len(m))
	for _, r := range m {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b rec) int { return strings.Compare(a.key, b.key) })
	return out
}

// writeTable writes recs (sorted, distinct keys) and returns the bytes.
func writeTable(t testing.TB, recs []rec, opts Options) ([]byte, Info) {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, opts)
	for _, r := range recs {
		var err error
		if r.tomb {
			err = w.Delete([]byte(r.key))
		} else {
			err = w.Add([]byte(r.key), []byte(r.value))
		}
		if err != nil {
			t.Fatalf("add %q: %v", r.key, err)
		}
	}
	info, err := w.Close()
	if err != nil {
		t.Fatalf("close: %v", err)
	}
	if info.Size != int64(buf.Len()) {
		t.Fatalf("Info.Size %d, wrote %d bytes", info.Size, buf.Len())
	}
	return buf.Bytes(), info
}

// openAll opens b the ways a table can be opened: from memory, through
// an io.ReaderAt, and from a file mapped or (over the map limit) not.
func openAll(t testing.TB, b []byte) map[string]*Reader {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.tbl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := map[string]*Reader{}
	var err error
	if out["bytes"], err = OpenBytes("mem", b); err != nil {
		t.Fatalf("OpenBytes: %v", err)
	}
	if out["readerat"], err = Open(bytes.NewReader(b), int64(len(b))); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if out["file"], err = OpenFile(path); err != nil {
		t.Fatalf("OpenFile: %v", err)
	}
	// A table over OpenFile's map limit is read through the file.
	if out["large file"], err = openFile(path, 0); err != nil {
		t.Fatalf("OpenFile over the map limit: %v", err)
	}
	if out["large file"].Mapped() {
		t.Fatal("a table over the map limit was mapped")
	}
	t.Cleanup(func() {
		for _, r := range out {
			if err := r.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
		}
	})
	return out
}

// collect drains it; it fails the test on an iteration error.
func collect(t testing.TB, it Iterator) []rec {
	t.Helper()
	var out []rec
	for it.Next() {
		out = append(out, rec{key: string(it.Key()), value: string(it.Value()), tomb: it.Deleted()})
	}
	if err := it.Err(); err != nil {
		t.Fatalf("iterate: %v", err)
	}
	return out
}

// inRange returns the recs with lower <= key < upper (nil bounds open).
func inRange(recs []rec, lower, upper []byte) []rec {
	var out []rec
	for _, r := range recs {
		if lower != nil && r.key < string(lower) || upper != nil && r.key >= string(upper) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func diffRecs(got, want []rec) string {
	if len(got) != len(want) {
		return fmt.Sprintf("got %d entries, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Sprintf("entry %d: got %s, want %s", i, short(got[i]), short(want[i]))
		}
	}
	return ""
}

func short(r rec) string {
	v := r.value
	if len(v) > 20 {
		v = fmt.Sprintf("%s...(%d bytes)", v[:20], len(r.value))
	}
	return fmt.Sprintf("{%q %q tomb=%v}", r.key, v, r.tomb)
}

// keyGen makes keys of one shape from a random source.
type keyGen func(rng *rand.Rand) string

var keyGens = map[string]keyGen{
	"binary": func(rng *rand.Rand) string {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return string(b)
	},
	"paths": func(rng *rand.Rand) string {
		return fmt.Sprintf("src/pkg%02d/sub%d/file%03d.go#Sym%d",
			rng.IntN(20), rng.IntN(3), rng.IntN(300), rng.IntN(50))
	},
	"shared": func(rng *rand.Rand) string {
		return strings.Repeat("p", 40+rng.IntN(3)) + strings.Repeat("\xff", rng.IntN(3)) + string(rune('a'+rng.IntN(26)))
	},
}

func randValue(rng *rand.Rand, max int) string {
	b := make([]byte, rng.IntN(max+1))
	for i := range b {
		b[i] = byte(rng.UintN(256))
	}
	return string(b)
}

// randRecs makes n random entries (fewer if keys collide), a share of them
// tombstones.
func randRecs(rng *rand.Rand, gen keyGen, n int, tombShare float64) map[string]rec {
	m := map[string]rec{}
	for range n {
		k := gen(rng)
		if rng.Float64() < tombShare {
			m[k] = rec{key: k, tomb: true}
		} else {
			m[k] = rec{key: k, value: randValue(rng, 40)}
		}
	}
	return m
}
