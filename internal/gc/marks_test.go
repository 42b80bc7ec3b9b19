package gc

import (
	"fmt"
	"maps"
	"runtime"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
)

// TestMarkReadsNoFacts: marking what a snapshot uses reads of each record
// its head, summary key and edge summaries, not its facts, references and
// edges (most of a record): at 100,000 files the automatic gc of every
// 50th update decoded every record whole, 1.4 GB and 3.4 s CPU. Marking
// allocates less than half what decoding every record whole does, and
// marks what the whole records name.
func TestMarkReadsNoFacts(t *testing.T) {
	r := gittest.New(t)
	files := map[string]string{}
	for i := range 30 {
		var b strings.Builder
		fmt.Fprintf(&b, "from app.m%02d import f00\n\n\n", (i+1)%30)
		for j := range 40 {
			fmt.Fprintf(&b, "def f%02d(n):\n    \"\"\"f%02d adds.\"\"\"\n    total = f00(n) + f%02d(n)\n    return total\n\n\n", j, j, (j+1)%40)
		}
		files[fmt.Sprintf("app/m%02d.py", i)] = b.String()
	}
	r.Write(files)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := s.Refs()
	if err != nil || len(refs) != 1 {
		t.Fatalf("refs %v, %v", refs, err)
	}
	m := newMarks()
	marking := allocated(func() {
		if err := m.mark(s, refs[0]); err != nil {
			t.Fatal(err)
		}
	})
	whole := newMarks()
	decoding := allocated(func() {
		_, snap, err := s.LoadPublished(refs[0].Branch)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		for _, f := range snap.Files.All() {
			whole.blobs[f.Blob], whole.contents[f.NormSHA], whole.keys[f.SummaryKey] = true, true, true
			for _, text := range f.EdgeSummaries {
				whole.edgeTexts[text] = true
			}
		}
	})
	t.Logf("marking %d bytes, decoding %d", marking, decoding)
	if marking*2 > decoding {
		t.Errorf("marking allocated %d bytes, decoding every record whole %d: want under half", marking, decoding)
	}
	if len(whole.blobs) != 30 || !maps.Equal(m.blobs, whole.blobs) || !maps.Equal(m.contents, whole.contents) || !maps.Equal(m.edgeTexts, whole.edgeTexts) {
		t.Errorf("marks differ from the whole records': %d blobs, want %d", len(m.blobs), len(whole.blobs))
	}
	for k := range whole.keys {
		if !m.keys[k] {
			t.Errorf("summary key %q not marked", k)
		}
	}
}

// allocated is how many bytes fn allocated.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
