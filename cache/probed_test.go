package cache

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lgraph/lgraph/internal/membudget"
)

func probeOptions(dir string) badger.Options {
	return badgerOptions(dir, membudget.Default.Cache())
}

// probe runs probeTables on dir and returns the base names it probed, sorted.
func probe(t *testing.T, dir string) []string {
	t.Helper()
	names, err := probeTables(probeOptions(dir))
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	slices.Sort(names)
	return names
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	slices.Sort(out)
	return out
}

// A table probed once is not probed again while its file is the one
// probed; a new table, or one whose file changed, is.
func TestProbeSkipsTablesProbedBefore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	fill(t, dir, 50)
	first := baseNames(tables(t, dir))
	if got := probe(t, dir); !slices.Equal(got, first) {
		t.Fatalf("first probe: %v, want every table %v", got, first)
	}
	if got := probe(t, dir); len(got) != 0 {
		t.Fatalf("second probe: %v, want none (all probed before)", got)
	}

	fill(t, dir, 50) // a close flushes a new level-0 table
	var added []string
	for _, n := range baseNames(tables(t, dir)) {
		if !slices.Contains(first, n) {
			added = append(added, n)
		}
	}
	if len(added) == 0 {
		t.Fatal("the second fill wrote no new table")
	}
	if got := probe(t, dir); !slices.Equal(got, added) {
		t.Fatalf("probe after a new table: %v, want only %v", got, added)
	}

	// A file with another identity than the one probed (here its mtime,
	// as a copy or a restore gives it) is probed again.
	touched := filepath.Join(dir, first[0])
	if err := os.Chtimes(touched, time.Now(), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := probe(t, dir); !slices.Equal(got, []string{first[0]}) {
		t.Fatalf("probe after a table changed: %v, want %v", got, first[:1])
	}

	// A record cut short (a kill or power cut mid-write) lists nothing.
	rec := filepath.Join(dir, probedFile)
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rec, b[:len(b)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	if got, all := probe(t, dir), baseNames(tables(t, dir)); !slices.Equal(got, all) {
		t.Fatalf("probe with a cut record: %v, want every table %v", got, all)
	}
}

// A table damaged after it was probed has another size: Open probes it
// again, finds the damage and moves the cache aside.
func TestDamageAfterAProbeIsFound(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	fill(t, dir, 10)
	fill(t, dir, 10) // an open that probes and records the first table
	if len(readProbed(dir)) == 0 {
		t.Fatal("no probed table recorded")
	}
	for _, name := range tables(t, dir) {
		if err := os.Truncate(name, 10); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := c.Replaced(); len(r) != 1 {
		t.Fatalf("replaced %+v, want the damaged cache moved aside", r)
	}
}

// A probe that fails records nothing new: the sound tables it probed
// before failing are probed again next time, with the damaged one.
func TestFailedProbeRecordsNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	fill(t, dir, 10)
	fill(t, dir, 10)
	ts := tables(t, dir)
	if len(ts) < 2 {
		t.Fatalf("want two tables, have %v", ts)
	}
	if err := os.Truncate(ts[1], 10); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, probedFile))
	if _, err := probeTables(probeOptions(dir)); err == nil {
		t.Fatal("a truncated table passed the probe")
	}
	after, _ := os.ReadFile(filepath.Join(dir, probedFile))
	if string(before) != string(after) {
		t.Fatalf("a failed probe rewrote the record:\n%s\nto\n%s", before, after)
	}
	if _, ok := readProbed(dir)[filepath.Base(ts[1])]; ok {
		t.Fatal("the damaged table is recorded as probed")
	}
}

// The record's text round-trips, and a garbled one is refused.
func TestProbedRecordRoundTrips(t *testing.T) {
	p := probed{"000001.sst": {Size: 10, Mtime: 2, Ctime: 3, Inode: 4}, "000002.sst": {Size: 5, Mtime: 6, Ctime: 7, Inode: 8}}
	got, err := decodeProbed(p.encode())
	if err != nil || len(got) != 2 || got["000001.sst"] != p["000001.sst"] || got["000002.sst"] != p["000002.sst"] {
		t.Fatalf("round trip: %v, %v", got, err)
	}
	b := p.encode()
	b[len(probedHeader)+3] ^= 1 // a digit of the first line's size
	if _, err := decodeProbed(b); err == nil {
		t.Fatal("a garbled record decoded")
	}
	if _, err := decodeProbed(nil); err == nil {
		t.Fatal("an empty record decoded")
	}
}
