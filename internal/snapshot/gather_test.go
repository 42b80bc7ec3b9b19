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
// keeps its runs apart. Both read back the same entries.
func TestRunsOnWorkersMergesEachWorkersRuns(t *testing.T) {
	const workers, files = 2, 1200
	// Large values fill a worker's share of DefaultRunBytes with a few
	// hundred entries, so each worker cuts several runs.
	value := bytes.Repeat([]byte("v"), 40<<10)
	paths := make([]string, files)
	for i := range paths {
		paths[i] = fmt.Sprintf("dir%02d/file%04d.go", i%17, i)
	}
	add := func(r *Runs, p string) {
		r.Add(Entry{Key: []byte("u" + p), Value: value}, Entry{Key: []byte("w" + p), Value: []byte(p)})
	}
	gather := map[string]func(context.Context, []string, int, string, func(*Runs, string)) ([]*Runs, error){
		"lookups": RunsOnWorkers, "stream": StreamRunsOnWorkers,
	}
	read := map[string]string{}
	for name, g := range gather {
		runs, err := g(context.Background(), paths, workers, t.TempDir(), add)
		if err != nil {
			t.Fatal(err)
		}
		kv, err := Merged(runs...)
		if err != nil {
			t.Fatal(err)
		}
		switch tables := kv.Tables(); {
		case name == "lookups" && tables != workers:
			t.Errorf("an index gathered for lookups on %d workers reads %d tables, want one per worker", workers, tables)
		case name == "stream" && tables <= workers:
			t.Errorf("the test cut only %d runs on %d workers: it checks nothing", tables, workers)
		}
		var b bytes.Buffer
		n := 0
		if err := kv.Scan(nil, func(k, v []byte) error {
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
		read[name] = b.String()
		if err := kv.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if read["lookups"] != read["stream"] {
		t.Errorf("the merged runs read differently from the runs apart:\n%.300q\n%.300q", read["lookups"], read["stream"])
	}
}
