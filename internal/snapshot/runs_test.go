package snapshot

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

// TestRunsAnswerAsMemKV: entries added in random order, cut into many small
// runs and merged, answer every Get and prefix Scan as a MemKV of the same
// entries does, duplicates included.
func TestRunsAnswerAsMemKV(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var es []Entry
	for i := range 5000 {
		k := fmt.Sprintf("%c%04d\x00%d", "abc"[rng.IntN(3)], rng.IntN(3000), i%7)
		es = append(es, Entry{Key: []byte(k), Value: []byte(k[1:])})
	}
	dir := t.TempDir()
	for _, c := range []struct {
		limit int
		dir   string
	}{{1, ""}, {4 << 10, ""}, {0, ""}, {4 << 10, dir}, {0, dir}} { // every entry a run; many runs; one run; in files
		limit := c.limit
		r := NewRuns(limit, c.dir)
		for i := 0; i < len(es); i += 3 {
			r.Add(es[i:min(i+3, len(es))]...)
		}
		got, err := r.KV()
		if err != nil {
			t.Fatalf("limit %d: %v", limit, err)
		}
		want := NewMemKV(es)
		for _, prefix := range []string{"", "a", "b01", "c2999", "d"} {
			if g, w := scanAll(t, got, prefix), scanAll(t, want, prefix); g != w {
				t.Fatalf("limit %d: Scan(%q) differs:\ngot  %.200q\nwant %.200q", limit, prefix, g, w)
			}
		}
		for _, e := range es[:200] {
			v, ok, err := got.Get(e.Key)
			if err != nil || !ok || !bytes.Equal(v, e.Value) {
				t.Fatalf("limit %d: Get(%q) = %q, %v, %v", limit, e.Key, v, ok, err)
			}
		}
		if _, ok, _ := got.Get([]byte("zz")); ok {
			t.Fatalf("limit %d: Get of an absent key found one", limit)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Fatalf("limit %d: the runs' files are left in their directory: %v", limit, left)
		}
		if err := got.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func scanAll(t *testing.T, kv KV, prefix string) string {
	t.Helper()
	var b bytes.Buffer
	if err := kv.Scan([]byte(prefix), func(k, v []byte) error {
		fmt.Fprintf(&b, "%s=%s;", k, v)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRunsEmptyAndRefused: no entries is an empty KV; an entry the table
// format refuses fails KV with the cause, not a partial index.
func TestRunsEmptyAndRefused(t *testing.T) {
	kv, err := NewRuns(0, "").KV()
	if err != nil || scanAll(t, kv, "") != "" {
		t.Fatalf("empty runs: %v", err)
	}
	r := NewRuns(0, "")
	r.Add(Entry{Key: bytes.Repeat([]byte{'a'}, 2<<20)})
	if _, err := r.KV(); err == nil {
		t.Fatal("a key past the table format's bound was accepted")
	}
	sentinel := errors.New("boom")
	if _, _, err := (ErrKV{Err: sentinel}).Get(nil); !errors.Is(err, sentinel) {
		t.Fatalf("ErrKV.Get: %v", err)
	}
}

// TestRunsHoldLessThanEntries: index-like entries (long shared prefixes,
// empty values) held as runs take a fraction of the heap the entries took,
// which is the point of holding them so.
func TestRunsHoldLessThanEntries(t *testing.T) {
	var es []Entry
	for i := range 20000 {
		es = append(es, Entry{Key: RevEdgeKey(Edge{Source: fmt.Sprintf("sym:src/pkg%d/file%d.java#C.m%d", i%50, i%400, i), Target: fmt.Sprintf("sym:src/core/Base%d.java#Base.run", i%30), Kind: "calls", Via: "run", ResolvedBy: ByType})})
	}
	held := 0
	for _, e := range es {
		held += len(e.Key) + len(e.Value) + entryOverhead
	}
	r := NewRuns(1<<20, "")
	r.Add(es...)
	kv, err := r.KV()
	if err != nil {
		t.Fatal(err)
	}
	size := int(kv.kv.(readerKV).r.Info().Size)
	if size*3 > held {
		t.Fatalf("runs hold %d bytes for entries of %d: want under a third", size, held)
	}
}

// TestMergedReadsAsOneRuns: each owner's entries (as a file's index
// entries carry its path) added to one of several collections, picked at
// random and filled side by side, read through Merged exactly as one
// collection of them all reads through KV, in memory and in files; the
// files go when the KV is closed.
func TestMergedReadsAsOneRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	owners := make([][]Entry, 400)
	for o := range owners {
		for i := range 1 + rng.IntN(30) {
			k := fmt.Sprintf("%c%03d\x00owner%03d\x00%d", "abcd"[rng.IntN(4)], rng.IntN(50), o, i)
			owners[o] = append(owners[o], Entry{Key: []byte(k), Value: []byte(fmt.Sprint(rng.IntN(1000)))})
		}
	}
	var all []Entry
	for _, es := range owners {
		all = append(all, es...)
	}
	whole, err := NewRuns(0, "").kvOf(all)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct{ parts, limit int }{{1, 0}, {2, 2 << 10}, {5, 1 << 10}, {8, 1}} {
		for _, scratch := range []string{"", dir} {
			rs := make([]*Runs, c.parts)
			for i := range rs {
				rs[i] = NewRuns(c.limit, scratch)
			}
			for _, es := range owners {
				rs[rng.IntN(c.parts)].Add(es...)
			}
			rs[0].Cut()
			got, err := Merged(rs...)
			if err != nil {
				t.Fatalf("%d parts: %v", c.parts, err)
			}
			for _, prefix := range []string{"", "a", "b01", "c049\x00owner1", "e"} {
				w := scanAll(t, whole, prefix)
				if g := scanAll(t, got, prefix); g != w {
					t.Fatalf("%d parts of limit %d in %q: Scan(%q) differs:\ngot  %.200q\nwant %.200q", c.parts, c.limit, scratch, prefix, g, w)
				}
				if g := scanAll(t, streamKV{got}, prefix); g != w {
					t.Fatalf("%d parts of limit %d in %q: Stream(%q) differs from Scan:\ngot  %.200q\nwant %.200q", c.parts, c.limit, scratch, prefix, g, w)
				}
			}
			for _, e := range all[:100] {
				if v, ok, err := got.Get(e.Key); err != nil || !ok || !bytes.Equal(v, e.Value) {
					t.Fatalf("%d parts: Get(%q) = %q, %v, %v", c.parts, e.Key, v, ok, err)
				}
			}
			if err := got.Close(); err != nil {
				t.Fatal(err)
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Fatalf("%d parts: the runs' files are left in their directory: %v", c.parts, left)
			}
		}
	}
}

// streamKV scans a RunsKV through Stream.
type streamKV struct{ *RunsKV }

func (k streamKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	return k.Stream(prefix, fn)
}

// kvOf adds es and finishes the collection.
func (r *Runs) kvOf(es []Entry) (*RunsKV, error) {
	r.Add(es...)
	return r.KV()
}

// TestMergedReportsAFailedRun: an entry the table format refuses, in any
// of the collections, fails Merged with the cause.
func TestMergedReportsAFailedRun(t *testing.T) {
	ok, bad := NewRuns(0, ""), NewRuns(0, "")
	ok.Add(Entry{Key: []byte("a")})
	bad.Add(Entry{Key: bytes.Repeat([]byte{'b'}, 2<<20)})
	if _, err := Merged(ok, bad); err == nil {
		t.Fatal("a key past the table format's bound was accepted")
	}
}
