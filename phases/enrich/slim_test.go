package enrich

import (
	"testing"
	"unsafe"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestSlimSharesNoRecordBytes: a packed set's Get decodes a record whose
// strings share its bytes, so a slimmed result that kept any of them
// would keep the whole record alive until the phase ends (at 100,000
// files, 225 MB of them did, through the path).
func TestSlimSharesNoRecordBytes(t *testing.T) {
	fs := snapshot.NewFileSet(nil)
	if err := fs.Pack(""); err != nil {
		t.Fatal(err)
	}
	fs.Set(&snapshot.File{Path: "pkg/a.py", Lang: "python", Summary: "Defines 1 function: run.", SummaryKey: "k1"})
	f := fs.Get("pkg/a.py")
	if f == nil {
		t.Fatal("packed set lost pkg/a.py")
	}
	next := &snapshot.Snapshot{Files: fs}
	w := &work{st: &phase.State{Next: next}}
	got := w.slim(f)
	if got.Path != f.Path || got.Summary != f.Summary || got.SummaryKey != f.SummaryKey {
		t.Fatalf("slim = %+v, want the path and summary of %+v", got, f)
	}
	for name, pair := range map[string][2]string{
		"path": {got.Path, f.Path}, "summary": {got.Summary, f.Summary}, "summary key": {got.SummaryKey, f.SummaryKey},
	} {
		if unsafe.StringData(pair[0]) == unsafe.StringData(pair[1]) {
			t.Errorf("slim's %s shares the decoded record's bytes", name)
		}
	}
}
