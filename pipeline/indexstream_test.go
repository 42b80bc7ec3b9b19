package pipeline

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
)

// TestIndexStreamCopiesKeyspacesInOrder: the stream read ahead of the
// writer copies exactly the entries of the keyspaces asked for, in key
// order, across many batches, and passes over the keyspaces not asked
// for; closed part way, it stops its reader without hanging.
func TestIndexStreamCopiesKeyspacesInOrder(t *testing.T) {
	runs := snapshot.NewRuns(64<<10, t.TempDir())
	var want []snapshot.Entry
	for _, ks := range []byte("ABCDE") {
		for i := range 20000 {
			e := snapshot.Entry{Key: fmt.Appendf(nil, "%c%06d", ks, (i*7919)%20000), Value: fmt.Appendf(nil, "v%d", i)}
			runs.Add(e)
			if ks == 'B' || ks == 'D' {
				want = append(want, e)
			}
		}
	}
	index, err := runs.KV()
	if err != nil {
		t.Fatal(err)
	}
	defer index.Close()
	want = snapshot.SortEntries(want)
	var out bytes.Buffer
	w := table.NewWriter(&out, table.Options{})
	s := streamIndex(index)
	for _, ks := range []byte("BD") {
		if err := s.copyKeyspace(w, ks); err != nil {
			t.Fatal(err)
		}
	}
	s.close()
	it, i := closeAndOpen(t, w, &out).Iter(nil, nil), 0
	for ; it.Next(); i++ {
		if i >= len(want) || !bytes.Equal(it.Key(), want[i].Key) || !bytes.Equal(it.Value(), want[i].Value) {
			t.Fatalf("entry %d is %q=%q", i, it.Key(), it.Value())
		}
	}
	if i != len(want) {
		t.Fatalf("copied %d entries, want %d", i, len(want))
	}

	early := streamIndex(index)
	if err := early.copyKeyspace(table.NewWriter(&bytes.Buffer{}, table.Options{}), 'A'); err != nil {
		t.Fatal(err)
	}
	early.close()
}

// TestIndexStreamReusesItsBatches: the batches the writer is done with
// are filled again, so a stream of many batches allocates no more than
// are in flight at once.
func TestIndexStreamReusesItsBatches(t *testing.T) {
	runs := snapshot.NewRuns(0, "")
	value := bytes.Repeat([]byte("v"), 300)
	for i := range 40000 {
		runs.Add(snapshot.Entry{Key: fmt.Appendf(nil, "B%06d", i), Value: value})
	}
	index, err := runs.KV()
	if err != nil {
		t.Fatal(err)
	}
	defer index.Close()
	s := streamIndex(index)
	w := table.NewWriter(&bytes.Buffer{}, table.Options{})
	if err := s.copyKeyspace(w, 'B'); err != nil {
		t.Fatal(err)
	}
	s.close()
	if s.sent < 4*(indexAhead+3) {
		t.Fatalf("only %d batches sent: the test needs many more than are in flight", s.sent)
	}
	if s.made > indexAhead+3 {
		t.Fatalf("%d batches allocated for %d sent, want at most %d", s.made, s.sent, indexAhead+3)
	}
}

// closeAndOpen closes w, which wrote into out, and opens the table it
// wrote.
func closeAndOpen(t *testing.T, w *table.Writer, out *bytes.Buffer) *table.Reader {
	t.Helper()
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := table.OpenBytes("written", out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return r
}
