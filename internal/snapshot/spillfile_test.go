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
