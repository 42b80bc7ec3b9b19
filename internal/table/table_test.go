package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

var optionSets = map[string]Options{
	"default":  {},
	"tiny":     {BlockSize: 64, RestartInterval: 3},
	"norestar": {BlockSize: 256, RestartInterval: 1},
}

func TestRoundTrip(t *testing.T) {
	for genName, gen := range keyGens {
		for optName, opts := range optionSets {
			for _, n := range []int{0, 1, 2, 50, 3000} {
				t.Run(fmt.Sprintf("%s/%s/%d", genName, optName, n), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(uint64(n), 7))
					checkRoundTrip(t, rng, gen, sortedRecs(randRecs(rng, gen, n, 0.2)), opts)
				})
			}
		}
	}
}

// checkRoundTrip writes recs and checks every way of reading them back.
func checkRoundTrip(t *testing.T, rng *rand.Rand, gen keyGen, recs []rec, opts Options) {
	b, info := writeTable(t, recs, opts)
	tombs := 0
	for _, r := range recs {
		if r.tomb {
			tombs++
		}
	}
	if info.Entries != uint64(len(recs)) || info.Tombstones != uint64(tombs) {
		t.Fatalf("Info %+v for %d entries, %d tombstones", info, len(recs), tombs)
	}
	for how, r := range openAll(t, b) {
		if r.Info() != info {
			t.Fatalf("%s: Reader.Info %+v, Writer's %+v", how, r.Info(), info)
		}
		checkGets(t, r, rng, gen, recs)
		checkIters(t, r, rng, gen, recs)
	}
}

func checkGets(t *testing.T, r *Reader, rng *rand.Rand, gen keyGen, recs []rec) {
	t.Helper()
	want := map[string]rec{}
	for _, x := range recs {
		want[x.key] = x
	}
	probes := make([]string, 0, len(recs)+200)
	for _, x := range recs {
		probes = append(probes, x.key, x.key+"\x00", x.key[:len(x.key)/2])
	}
	for range 200 {
		probes = append(probes, gen(rng))
	}
	for _, k := range probes {
		v, found, deleted, err := r.Get([]byte(k))
		if err != nil {
			t.Fatalf("Get(%q): %v", k, err)
		}
		x, ok := want[k]
		if found != (ok && !x.tomb) || deleted != (ok && x.tomb) || string(v) != x.value {
			t.Fatalf("Get(%q) = %q, found=%v, deleted=%v; want %s (present %v)", k, v, found, deleted, short(x), ok)
		}
	}
}

func checkIters(t *testing.T, r *Reader, rng *rand.Rand, gen keyGen, recs []rec) {
	t.Helper()
	if d := diffRecs(collect(t, r.Iter(nil, nil)), recs); d != "" {
		t.Fatalf("full Iter: %s", d)
	}
	for range 30 {
		lower, upper := []byte(gen(rng)), []byte(gen(rng))
		if rng.IntN(4) == 0 {
			lower = nil
		}
		if rng.IntN(4) == 0 {
			upper = nil
		}
		if d := diffRecs(collect(t, r.Iter(lower, upper)), inRange(recs, lower, upper)); d != "" {
			t.Fatalf("Iter(%q, %q): %s", lower, upper, d)
		}
		p := gen(rng)
		p = p[:rng.IntN(len(p)+1)]
		lo, up := PrefixRange([]byte(p))
		if d := diffRecs(collect(t, r.Prefix([]byte(p))), inRange(recs, lo, up)); d != "" {
			t.Fatalf("Prefix(%q): %s", p, d)
		}
	}
}

func TestHugeValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var recs []rec
	for i, size := range []int{10, 100 << 10, 5, 1 << 20, 3 << 20, 0, 200 << 10} {
		v := make([]byte, size)
		for j := range v {
			v[j] = byte(rng.UintN(256))
		}
		recs = append(recs, rec{key: fmt.Sprintf("k%02d", i), value: string(v)})
	}
	for optName, opts := range optionSets {
		t.Run(optName, func(t *testing.T) {
			checkRoundTrip(t, rng, keyGens["paths"], recs, opts)
		})
	}
}

func TestEmptyKeyAndValue(t *testing.T) {
	recs := []rec{{key: ""}, {key: "\x00"}, {key: "a", tomb: true}, {key: "b", value: ""}}
	checkRoundTrip(t, rand.New(rand.NewPCG(3, 4)), keyGens["binary"], recs, Options{})
}

func TestWriterRejectsDisorder(t *testing.T) {
	for _, tc := range []struct{ first, second string }{{"b", "a"}, {"a", "a"}, {"ab", "a"}, {"", ""},
		{"src/main/java/x", "src/main/java/"}, {"src/main/java/x", "src/main/java/a"}, {"src/main/java/x", "src/main/java/x"}} {
		w := NewWriter(&bytes.Buffer{}, Options{})
		if err := w.Add([]byte(tc.first), nil); err != nil {
			t.Fatal(err)
		}
		if err := w.Add([]byte(tc.second), nil); err == nil {
			t.Fatalf("Add(%q) after %q: no error", tc.second, tc.first)
		}
		if _, err := w.Close(); err == nil {
			t.Fatalf("Close after a rejected key: no error")
		}
	}
}

// TestWriterTakesIncreasingKeys: a key longer than the one before it by a
// zero byte, or differing from it past a long shared prefix, is in order.
func TestWriterTakesIncreasingKeys(t *testing.T) {
	for _, tc := range []struct{ first, second string }{{"", "\x00"}, {"src/main/java/", "src/main/java/\x00"}, {"src/main/java/a", "src/main/java/b"}, {"src/main/java/\xfe", "src/main/java/\xff"}} {
		w := NewWriter(&bytes.Buffer{}, Options{})
		if err := w.Add([]byte(tc.first), nil); err != nil {
			t.Fatal(err)
		}
		if err := w.Add([]byte(tc.second), nil); err != nil {
			t.Fatalf("Add(%q) after %q: %v", tc.second, tc.first, err)
		}
	}
}

func TestWriterRejectsOversize(t *testing.T) {
	w := NewWriter(&bytes.Buffer{}, Options{})
	if err := w.Add(make([]byte, MaxKeySize+1), nil); err == nil {
		t.Fatal("oversized key accepted")
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errors.New("disk full")
	}
	f.n -= len(p)
	return len(p), nil
}

func TestWriterReportsWriteErrors(t *testing.T) {
	for _, limit := range []int{0, 100, 5000} {
		w := NewWriter(&failWriter{n: limit}, Options{BlockSize: 128})
		var err error
		for i := 0; i < 500 && err == nil; i++ {
			err = w.Add([]byte(fmt.Sprintf("key%05d", i)), []byte("value"))
		}
		if err == nil {
			_, err = w.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("limit %d: err = %v, want the write error", limit, err)
		}
	}
}

func TestHeightGrowsWithSmallBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	recs := sortedRecs(randRecs(rng, keyGens["paths"], 20000, 0))
	b, info := writeTable(t, recs, Options{BlockSize: 64})
	if info.Height < 3 {
		t.Fatalf("height %d with 64-byte blocks and %d entries; want a deep tree", info.Height, len(recs))
	}
	for _, r := range openAll(t, b) {
		checkGets(t, r, rng, keyGens["paths"], recs)
		checkIters(t, r, rng, keyGens["paths"], recs)
	}
}

func TestPrefixRange(t *testing.T) {
	for _, tc := range []struct{ p, lower, upper string }{
		{"", "", "<nil>"}, {"a", "a", "b"}, {"a\xff", "a\xff", "b"}, {"\xff\xff", "\xff\xff", "<nil>"},
	} {
		lo, up := PrefixRange([]byte(tc.p))
		gotUp := string(up)
		if up == nil {
			gotUp = "<nil>"
		}
		if string(lo) != tc.lower || gotUp != tc.upper {
			t.Errorf("PrefixRange(%q) = %q, %q; want %q, %q", tc.p, lo, gotUp, tc.lower, tc.upper)
		}
	}
}

// TestConcurrentReads runs lookups and scans from many goroutines on one
// Reader and one View (run with -race: the verified-block set is shared).
func TestConcurrentReads(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	recs := sortedRecs(randRecs(rng, keyGens["paths"], 5000, 0.1))
	b, _ := writeTable(t, recs, Options{BlockSize: 256})
	for how, r := range openAll(t, b) {
		v := NewView(r, r)
		done := make(chan error)
		for g := range 8 {
			go func() {
				var err error
				for i := g; i < len(recs) && err == nil; i += 8 {
					_, found, deleted, e := v.Get([]byte(recs[i].key))
					if err = e; err == nil && (found == recs[i].tomb || deleted != recs[i].tomb) {
						err = fmt.Errorf("Get(%q): found=%v deleted=%v", recs[i].key, found, deleted)
					}
				}
				if err == nil && g%2 == 0 {
					n := 0
					it := r.Iter(nil, nil)
					for it.Next() {
						n++
					}
					if err = it.Err(); err == nil && n != len(recs) {
						err = fmt.Errorf("Iter saw %d entries, want %d", n, len(recs))
					}
				}
				done <- err
			}()
		}
		for range 8 {
			if err := <-done; err != nil {
				t.Fatalf("%s: %v", how, err)
			}
		}
	}
}

// eofAtEnd is an io.ReaderAt that, as the io.ReaderAt contract allows,
// reports io.EOF with a read that reaches the end of its data.
type eofAtEnd struct{ b []byte }

func (e eofAtEnd) ReadAt(p []byte, off int64) (int, error) {
	n, err := bytes.NewReader(e.b).ReadAt(p, off)
	if err == nil && off+int64(n) == int64(len(e.b)) {
		err = io.EOF
	}
	return n, err
}

func TestOpenToleratesEOFAtEnd(t *testing.T) {
	recs := []rec{{key: "a", value: "1"}, {key: "b", tomb: true}}
	b, _ := writeTable(t, recs, Options{})
	r, err := Open(eofAtEnd{b}, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if d := diffRecs(collect(t, r.Iter(nil, nil)), recs); d != "" {
		t.Fatal(d)
	}
	if _, err := Open(eofAtEnd{b[:len(b)-1]}, int64(len(b))); err == nil {
		t.Fatal("Open past the end of the data: no error")
	}
}

func TestReadAfterClose(t *testing.T) {
	b, _ := writeTable(t, []rec{{key: "a", value: "1"}}, Options{})
	for how, r := range openAll(t, b) {
		r.Close()
		if _, _, _, err := r.Get([]byte("a")); err == nil {
			t.Errorf("%s: Get after Close: no error", how)
		}
		if it := r.Iter(nil, nil); it.Next() || it.Err() == nil {
			t.Errorf("%s: Iter after Close: no error", how)
		}
	}
}
