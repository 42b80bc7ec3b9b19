package snapshot

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// TestRunsOnWorkersMergesEachWorkersRuns: an index gathered for lookups is
// read as one table per worker however many runs each cut, so that a scan
// seeks in workers tables, not in every run; one gathered to be streamed
// (SpillOnWorkers) keeps its runs apart, and so does one gathered to be
// merged at once (RunsOnWorkersToMerge, MergedOne). All read back the same
// entries.
func TestRunsOnWorkersMergesEachWorkersRuns(t *testing.T) {
	const workers, files = 2, 1200
	// Large values fill a worker's share of DefaultRunBytes with a few
	// hundred entries, so each worker cuts several runs.
	value := bytes.Repeat([]byte("v"), 40<<10)
	paths := make([]string, files)
	for i := range paths {
		paths[i] = fmt.Sprintf("dir%02d/file%04d.go", i%17, i)
	}
	entries := func(p string) []Entry {
		return []Entry{{Key: []byte("u" + p), Value: value}, {Key: []byte("w" + p), Value: []byte(p)}}
	}
	read := func(name string, scan func(fn func(k, v []byte) error) error) string {
		var b bytes.Buffer
		n := 0
		if err := scan(func(k, v []byte) error {
			if k[0] == 'u' && !bytes.Equal(v, value) {
				return fmt.Errorf("%s: value of %q changed", name, k)
			}
			if k[0] == 'w' {
				fmt.Fprintf(&b, "%s=%s;", k, v)
			}
			n++
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if n != 2*files {
			t.Errorf("%s: %d entries read back, want %d", name, n, 2*files)
		}
		return b.String()
	}

	runs, err := RunsOnWorkers(context.Background(), paths, workers, t.TempDir(), func(r *Runs, p string) { r.Add(entries(p)...) })
	if err != nil {
		t.Fatal(err)
	}
	kv, err := Merged(runs...)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	if tables := kv.Tables(); tables != workers {
		t.Errorf("an index gathered for lookups on %d workers reads %d tables, want one per worker", workers, tables)
	}
	lookups := read("lookups", func(fn func(k, v []byte) error) error { return kv.Scan(nil, fn) })

	spills, err := SpillOnWorkers(context.Background(), paths, workers, t.TempDir(), func(s IndexSpill, _ int, p string) { s.Entries.AddEntries(entries(p)...) })
	if err != nil {
		t.Fatal(err)
	}
	var sorts []*SpillSort
	for _, s := range spills {
		sorts = append(sorts, s.Entries)
		s.Words.Close()
	}
	stream, err := MergeSpills(sorts...)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	if stream.Runs() <= workers {
		t.Errorf("the test cut only %d runs on %d workers: it checks nothing", stream.Runs(), workers)
	}
	streamed := read("stream", func(fn func(k, v []byte) error) error { return stream.Stream(nil, fn) })
	if lookups != streamed {
		t.Errorf("the merged runs read differently from the runs apart:\n%.300q\n%.300q", lookups, streamed)
	}

	// Gathered to be merged into one table at once, each worker's runs
	// stay as cut until MergedOne writes them into one.
	toMerge, err := RunsOnWorkersToMerge(context.Background(), paths, workers, t.TempDir(), func(r *Runs, p string) { r.Add(entries(p)...) })
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, r := range toMerge {
		cut += len(r.runs)
	}
	if cut <= workers {
		t.Errorf("runs gathered to be merged at once: %d runs on %d workers; each worker's runs were merged first", cut, workers)
	}
	one, err := MergedOne(toMerge...)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	if one.Tables() != 1 {
		t.Errorf("MergedOne reads %d tables, want 1", one.Tables())
	}
	if merged := read("merged at once", func(fn func(k, v []byte) error) error { return one.Scan(nil, fn) }); merged != lookups {
		t.Errorf("the runs merged at once read differently:\n%.300q\n%.300q", merged, lookups)
	}
}
