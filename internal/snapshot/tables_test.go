package snapshot

import (
	"fmt"
	"testing"
)

// TestPublishedRecordsKeptBounded: a snapshot kept open (the warm
// daemon's, the MCP server's) that is read for every one of its files
// keeps at most two generations of decoded records, while a record read
// again soon after is the record it decoded, not a second decode.
func TestPublishedRecordsKeptBounded(t *testing.T) {
	const files, limit = 50, 8
	var entries []Entry
	for i := range files {
		f := peekRecord()
		f.Path = fmt.Sprintf("pkg/f%02d.py", i)
		entries = append(entries, Entry{Key: FileKey(f.Path), Value: EncodeRecord(f)})
	}
	src := &tableSource{kv: NewMemKV(entries), n: files, seen: newRecordMemo(limit)}
	fs := NewFileSet(src)
	for round := range 2 {
		for i := range files {
			p := fmt.Sprintf("pkg/f%02d.py", i)
			first := fs.Get(p)
			if first == nil || first.Path != p || first.Summary != "A." {
				t.Fatalf("round %d: Get(%s) = %+v", round, p, first)
			}
			if again := fs.Get(p); again != first {
				t.Fatalf("round %d: %s read again right away was decoded again", round, p)
			}
			if n := len(src.seen.cur) + len(src.seen.prev); n > 2*limit {
				t.Fatalf("round %d: %d records kept after %s, want at most %d", round, n, p, 2*limit)
			}
		}
	}
	if err := fs.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestRecordMemoKeepsWhatIsReadAgain: a record found in the older
// generation moves to the current one, so a record read every few lookups
// stays kept however many others pass through.
func TestRecordMemoKeepsWhatIsReadAgain(t *testing.T) {
	m := newRecordMemo(4)
	hot := &File{Path: "hot"}
	m.put("hot", hot)
	for i := range 100 {
		p := fmt.Sprintf("cold%d", i)
		m.put(p, &File{Path: p})
		if i%3 == 0 {
			if f, ok := m.get("hot"); !ok || f != hot {
				t.Fatalf("after %d others the hot record is gone (%v, %v)", i+1, f, ok)
			}
		}
	}
	if _, ok := m.get("cold0"); ok {
		t.Error("a record not read again for 99 others is still kept")
	}
	if n := len(m.cur) + len(m.prev); n > 8 {
		t.Errorf("%d records kept, want at most 8", n)
	}
}
