package freshness

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStatCacheRoundTrip(t *testing.T) {
	in := map[string]statEntry{
		"a/b.go": {Key: statKey{Size: 12, Mtime: 1700000000123456789, Ctime: -5, Inode: 42}, SHA256: "ab"},
		"c.py":   {Key: statKey{Size: 0}, SHA256: ""},
	}
	if diff := cmp.Diff(in, decodeStats(encodeStats(in))); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	data := encodeStats(in)
	for cut := 0; cut < len(data); cut += 3 {
		_ = decodeStats(data[:cut]) // truncated caches decode to something, never panic
	}
	if got := decodeStats([]byte("{\"json\":1}")); len(got) != 0 {
		t.Fatalf("a foreign file decoded to %v", got)
	}
}
