package table

import (
	"bytes"
	"fmt"
	"github.com/lgraph/lgraph/internal/benchcpu"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var benchSizes = []int{2_000, 100_000, 1_000_000}

// benchKey is a path-like key; keys increase with i.
func benchKey(i int) []byte {
	return fmt.Appendf(nil, "src/pkg%04d/file%02d.go#Symbol%07d", i/10000, i/100%100, i)
}

func benchValue(i int) []byte {
	v := make([]byte, 48)
	rng := rand.New(rand.NewPCG(uint64(i), 0))
	for j := range v {
		v[j] = byte(rng.UintN(256))
	}
	return v
}

var (
	benchMu    sync.Mutex
	benchBytes = map[string][]byte{}
)

// benchTable returns the bytes of a table of n entries; every stride-th
// key, valued by generation gen, a tenth of them tombstones when gen > 0.
// Tables are built once per test binary run.
func benchTable(b *testing.B, n, stride, gen int) []byte {
	benchMu.Lock()
	defer benchMu.Unlock()
	name := fmt.Sprintf("%d/%d/%d", n, stride, gen)
	if t, ok := benchBytes[name]; ok {
		return t
	}
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{})
	for i := gen; i < n; i += stride {
		var err error
		if gen > 0 && i/stride%10 == 0 {
			err = w.Delete(benchKey(i))
		} else {
			err = w.Add(benchKey(i), benchValue(i+gen))
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if _, err := w.Close(); err != nil {
		b.Fatal(err)
	}
	benchBytes[name] = buf.Bytes()
	return buf.Bytes()
}

// benchFile writes a table to a temporary file and opens it mapped.
func benchFile(b *testing.B, t []byte) (*Reader, string) {
	path := filepath.Join(b.TempDir(), "bench.tbl")
	if err := os.WriteFile(path, t, 0o644); err != nil {
		b.Fatal(err)
	}
	r, err := OpenFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { r.Close() })
	return r, path
}

func randKeys(n int) [][]byte {
	rng := rand.New(rand.NewPCG(42, 42))
	keys := make([][]byte, 4096)
	for i := range keys {
		keys[i] = benchKey(rng.IntN(n))
	}
	return keys
}

func BenchmarkOpen(b *testing.B) {
	for _, n := range benchSizes {
		t := benchTable(b, n, 1, 0)
		b.Run(fmt.Sprintf("file/%d", n), func(b *testing.B) {
			_, path := benchFile(b, t)
			b.ReportAllocs()
			cpu := benchcpu.Start()
			for b.Loop() {
				r, err := OpenFile(path)
				if err != nil {
					b.Fatal(err)
				}
				r.Close()
			}
			cpu.Report(b)
		})
		b.Run(fmt.Sprintf("bytes/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			cpu := benchcpu.Start()
			for b.Loop() {
				if _, err := OpenBytes("bench", t); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
	}
}

func BenchmarkGet(b *testing.B) {
	for _, n := range benchSizes {
		keys := randKeys(n)
		t := benchTable(b, n, 1, 0)
		b.Run(fmt.Sprintf("mmap/%d", n), func(b *testing.B) {
			r, _ := benchFile(b, t)
			benchGets(b, r.Get, keys)
		})
		b.Run(fmt.Sprintf("readat/%d", n), func(b *testing.B) {
			_, path := benchFile(b, t)
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			r, err := Open(f, int64(len(t)))
			if err != nil {
				b.Fatal(err)
			}
			benchGets(b, r.Get, keys)
		})
	}
}

// BenchmarkViewGet looks up base keys through two deltas of 1% of the
// base each (every 100th key rewritten, a tenth of those deleted).
func BenchmarkViewGet(b *testing.B) {
	for _, n := range benchSizes {
		keys := randKeys(n)
		base, _ := benchFile(b, benchTable(b, n, 1, 0))
		d1, _ := benchFile(b, benchTable(b, n, 100, 1))
		d2, _ := benchFile(b, benchTable(b, n, 100, 2))
		v := NewView(d2, d1, base)
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchGets(b, v.Get, keys) })
	}
}

func benchGets(b *testing.B, get func([]byte) ([]byte, bool, bool, error), keys [][]byte) {
	b.ReportAllocs()
	i := 0
	cpu := benchcpu.Start()
	for b.Loop() {
		if _, found, deleted, err := get(keys[i%len(keys)]); err != nil || !found && !deleted {
			b.Fatalf("Get(%q): found=%v err=%v", keys[i%len(keys)], found, err)
		}
		i++
	}
	cpu.Report(b)
}

func BenchmarkIter1000(b *testing.B) {
	for _, n := range benchSizes {
		keys := randKeys(n - 1000)
		r, _ := benchFile(b, benchTable(b, n, 1, 0))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			cpu := benchcpu.Start()
			for b.Loop() {
				it := r.Iter(keys[i%len(keys)], nil)
				for c := 0; c < 1000 && it.Next(); c++ {
				}
				if it.Err() != nil {
					b.Fatal(it.Err())
				}
				i++
			}
			cpu.Report(b)
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	for _, n := range benchSizes {
		keys, vals := make([][]byte, n), make([][]byte, n)
		size := 0
		for i := range n {
			keys[i], vals[i] = benchKey(i), benchValue(i)
			size += len(keys[i]) + len(vals[i])
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			cpu := benchcpu.Start()
			for b.Loop() {
				w := NewWriter(io.Discard, Options{})
				for i := range keys {
					if err := w.Add(keys[i], vals[i]); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
		})
	}
}

// BenchmarkMergeRuns reads 100,000 entries split round-robin over 4, 32
// and 200 in-memory tables through a View: the merge a full run's publish
// makes of its index runs (about 200 at 100,000 files).
func BenchmarkMergeRuns(b *testing.B) {
	const n = 100_000
	for _, runs := range []int{4, 32, 200} {
		layers := make([]*Reader, runs)
		for l := range layers {
			var buf bytes.Buffer
			w := NewWriter(&buf, Options{})
			for i := l; i < n; i += runs {
				if err := w.Add(benchKey(i), benchValue(i)[:8]); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := w.Close(); err != nil {
				b.Fatal(err)
			}
			r, err := OpenBytes(fmt.Sprint(l), buf.Bytes())
			if err != nil {
				b.Fatal(err)
			}
			layers[l] = r
		}
		v := NewView(layers...)
		b.Run(fmt.Sprint(runs), func(b *testing.B) {
			cpu := benchcpu.Start()
			for b.Loop() {
				it, got := v.Iter(nil, nil), 0
				for it.Next() {
					got++
				}
				if it.Err() != nil || got != n {
					b.Fatalf("%d entries, %v", got, it.Err())
				}
			}
			cpu.Report(b)
		})
	}
}
