package snapshot

import (
	"bytes"
	"testing"
)

// TestSpillFileReadsBackEveryAppend: entries read back equal whether they
// were written out or still wait in the buffer, entries larger than the
// buffer included, and reads interleaved with appends see each entry once
// it is appended.
func TestSpillFileReadsBackEveryAppend(t *testing.T) {
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var entries [][]byte
	var spans []span
	for i, n := range []int{10, spillBuffer - 5, 7, 3 * spillBuffer, 1, spillBuffer, 0, 300} {
		b := bytes.Repeat([]byte{byte('a' + i)}, n)
		sp, err := s.Append(b)
		if err != nil {
			t.Fatal(err)
		}
		entries, spans = append(entries, b), append(spans, sp)
		for j := range entries {
			got, err := s.ReadAt(spans[j], nil)
			if err != nil || !bytes.Equal(got, entries[j]) {
				t.Fatalf("after %d appends, entry %d: %d bytes read (%v), want %d", i+1, j, len(got), err, len(entries[j]))
			}
		}
	}
	var total int64
	for _, b := range entries {
		total += int64(len(b))
	}
	if s.Size() != total {
		t.Fatalf("Size = %d, want %d", s.Size(), total)
	}
}

// TestSpillReadAheadReadsWhatWasAppended: spans read through a window
// equal what was appended, whether read in the order appended (through
// the window, which then holds the bytes after them), at random, or
// still in the write buffer.
func TestSpillReadAheadReadsWhatWasAppended(t *testing.T) {
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var entries [][]byte
	var spans []span
	for i := 0; s.Size() < 3*spillBuffer+windowSize/2; i++ {
		b := bytes.Repeat([]byte{byte(i), byte(i >> 8)}, 50+i*37%1500)
		if i%97 == 5 {
			b = bytes.Repeat([]byte{byte(i)}, windowSize+1) // larger than a window
		}
		sp, err := s.Append(b)
		if err != nil {
			t.Fatal(err)
		}
		entries, spans = append(entries, b), append(spans, sp)
	}
	var w spillWindows
	check := func(order string, j int) {
		t.Helper()
		got, err := s.readAhead(spans[j], &w, make([]byte, j%3*100))
		if err != nil || !bytes.Equal(got, entries[j]) {
			t.Fatalf("%s, entry %d of %d: %d bytes read (%v), want %d", order, j, len(entries), len(got), err, len(entries[j]))
		}
	}
	check("first", 0)
	if len(w.w[0].buf) <= int(spans[0].n) {
		t.Fatalf("the first span read left %d bytes in the window, want the bytes after it too", len(w.w[0].buf))
	}
	for j := range entries {
		check("in order", j)
	}
	for j := range entries { // two readers, one a little behind the other
		check("side by side", j)
		check("side by side", max(0, j-20))
	}
	for j := range entries {
		check("at random", j*7919%len(entries))
	}
	for j := len(entries) - 1; j >= 0; j-- {
		check("backwards", j)
	}
}

// TestSpillReaderReadsWhatWasAppended: a Spill's reader gives back each
// span's bytes read in path order, as publishing reads records, or not.
func TestSpillReaderReadsWhatWasAppended(t *testing.T) {
	s, err := NewSpill(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var entries [][]byte
	var spans []Span
	for i := range 3000 {
		b := bytes.Repeat([]byte{byte(i), byte(i >> 8), 'r'}, 1+i*53%900)
		sp, err := s.Append(b)
		if err != nil {
			t.Fatal(err)
		}
		entries, spans = append(entries, b), append(spans, sp)
	}
	r := s.Reader()
	var buf []byte
	for _, j := range []int{0, 1, 2, 2999, 3, 1500, 4, 5} {
		if buf, err = r.ReadAt(spans[j], buf); err != nil || !bytes.Equal(buf, entries[j]) {
			t.Fatalf("entry %d: %d bytes read (%v), want %d", j, len(buf), err, len(entries[j]))
		}
	}
	for j := range entries {
		if buf, err = r.ReadAt(spans[j], buf); err != nil || !bytes.Equal(buf, entries[j]) {
			t.Fatalf("entry %d in order: %d bytes read (%v), want %d", j, len(buf), err, len(entries[j]))
		}
	}
}
