package snapshot

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/racedetect"
)

// TestMappedKVAnswersAsRead: the definition index read through a mapping
// of its file answers every Scan and Get as the KV read through the file
// does, before and after it let go of what its reads made resident; and
// on Linux it is mapped, not the KV returned as it was.
func TestMappedKVAnswersAsRead(t *testing.T) {
	r := NewRuns(4<<10, t.TempDir())
	var es []Entry
	for i := range 3000 {
		k := fmt.Sprintf("%c%04d\x00%d", "abc"[i%3], i, i%7)
		es = append(es, Entry{Key: []byte(k), Value: []byte(k[1:])})
	}
	r.Add(es...)
	kv, err := r.KV()
	if err != nil {
		t.Fatal(err)
	}
	read, release := kv.Mapped()
	defer func() {
		if err := release(); err != nil {
			t.Fatal(err)
		}
		if err := kv.Close(); err != nil {
			t.Fatal(err)
		}
	}()
	mapped, ok := read.(*MappedKV)
	if runtime.GOOS == "linux" && !ok {
		t.Fatalf("the index is read as %T, not through a mapping", read)
	}
	want := NewMemKV(es)
	for round := 0; round < 2*dropEvery/len(es)+2; round++ {
		for _, prefix := range []string{"", "a", "b01", "c2999", "d"} {
			if g, w := scanAll(t, read, prefix), scanAll(t, want, prefix); g != w {
				t.Fatalf("Scan(%q) differs:\ngot  %.200q\nwant %.200q", prefix, g, w)
			}
		}
		for _, e := range es {
			v, ok, err := read.Get(e.Key)
			if err != nil || !ok || !bytes.Equal(v, e.Value) {
				t.Fatalf("Get(%q) = %q, %v, %v", e.Key, v, ok, err)
			}
		}
	}
	if ok {
		// A resolution's scans reuse their iterators.
		n := 0
		count := func(_, _ []byte) error { n++; return nil }
		prefix := []byte("b01")
		if allocs := testing.AllocsPerRun(100, func() { _ = read.Scan(prefix, count) }); allocs > 0 && !racedetect.Enabled {
			t.Errorf("a Scan of the mapped index allocates %.1f times, want none", allocs)
		}
		stop := func(_, _ []byte) error { n++; return ErrStop }
		n = 0
		if err := read.Scan([]byte("a"), stop); err != nil || n != 1 {
			t.Errorf("a Scan stopped by ErrStop returned %v after %d entries", err, n)
		}
	}
	if ok && mapped.Drops() == 0 {
		t.Fatalf("%d reads and the mapping never let its pages go", 2*dropEvery)
	}
}

// TestMergedOneIsOneTable: collections filled side by side, each with
// several runs, are read through MergedOne as one table holding every
// entry, in memory and in a scratch file alike, and the one in a file is
// read through a mapping.
func TestMergedOneIsOneTable(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		rs := []*Runs{NewRuns(2<<10, dir), NewRuns(2<<10, dir), NewRuns(2<<10, dir)}
		var es []Entry
		for i := range 2000 {
			k := fmt.Sprintf("%c%04d", "abc"[i%3], i)
			e := Entry{Key: []byte(k), Value: []byte(k[1:])}
			es = append(es, e)
			rs[i%len(rs)].Add(e)
		}
		for _, r := range rs {
			r.Compact()
		}
		kv, err := MergedOne(rs...)
		if err != nil {
			t.Fatal(err)
		}
		if kv.Tables() != 1 {
			t.Fatalf("dir %q: %d tables, want one", dir, kv.Tables())
		}
		want := NewMemKV(es)
		for _, prefix := range []string{"", "a", "b01", "c1999", "d"} {
			if g, w := scanAll(t, kv, prefix), scanAll(t, want, prefix); g != w {
				t.Fatalf("dir %q: Scan(%q) differs:\ngot  %.200q\nwant %.200q", dir, prefix, g, w)
			}
		}
		read, release := kv.Mapped()
		if _, ok := read.(*MappedKV); dir != "" && runtime.GOOS == "linux" && !ok {
			t.Fatalf("the merged table is read as %T, not through a mapping", read)
		}
		if err := release(); err != nil {
			t.Fatal(err)
		}
		if err := kv.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMergedOneOfOneTableIsMapped: when one of the collections filled
// side by side holds every entry in one run (a worker that took every
// batch while the others had none, as a loaded host schedules them),
// MergedOne's one table is read through a mapping all the same, not
// through a view of tables.
func TestMergedOneOfOneTableIsMapped(t *testing.T) {
	dir := t.TempDir()
	rs := []*Runs{NewRuns(0, dir), NewRuns(0, dir), NewRuns(0, dir)}
	for i := range 300 {
		k := fmt.Sprintf("k%04d", i)
		rs[1].Add(Entry{Key: []byte(k), Value: []byte(k)})
	}
	rs[1].Compact()
	kv, err := MergedOne(rs...)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	if kv.Tables() != 1 {
		t.Fatalf("%d tables, want one", kv.Tables())
	}
	read, release := kv.Mapped()
	defer release()
	if _, ok := read.(*MappedKV); runtime.GOOS == "linux" && !ok {
		t.Fatalf("the one table is read as %T, not through a mapping", read)
	}
	if got := scanAll(t, read, "k00"); !strings.Contains(got, "k0099") {
		t.Fatalf("Scan(k00) reads %.200q", got)
	}
}
