package snapshot

import (
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestFactsEditsCountsWhatMayChangeFacts: an Edit of a packed record that
// writes neither its head nor its facts leaves FactsEdits as it was (a
// full run's resolution, implicit phase and enrichment), and every change
// that may alter a head, facts or the set of paths moves it.
func TestFactsEditsCountsWhatMayChangeFacts(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		fs := NewFileSet(nil)
		if err := fs.Pack(dir); err != nil {
			t.Fatal(err)
		}
		fs.Set(peekRecord())
		other := peekRecord()
		other.Path = "pkg/b.py"
		fs.SetStaged(fs.Stage(other))
		edit := func(writes Parts, change func(f *File)) {
			s, err := fs.Edit("pkg/a.py", AllParts, writes, func(f *File) (*File, error) {
				change(f)
				return f, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			fs.SetStaged(*s)
		}
		steps := []struct {
			name  string
			do    func()
			moves bool
		}{
			{"edit of the resolution", func() { edit(PartRes|PartLookups, func(f *File) { f.Res.Unresolved++ }) }, false},
			{"edit of the summary", func() { edit(PartSummary, func(f *File) { f.Summary = "B." }) }, false},
			{"edit of the signals", func() { edit(PartSignals|PartImplicit, func(f *File) { f.Signals = nil }) }, false},
			{"edit of the facts", func() { edit(PartFacts, func(f *File) { f.Facts.Symbols[0].Name = "D" }) }, true},
			{"edit of the references", func() { edit(PartRefs, func(f *File) { f.Facts.Refs = []facts.Ref{{Name: "g"}} }) }, true},
			{"set", func() { fs.Set(other) }, true},
			{"staged whole record", func() { fs.SetStaged(fs.Stage(other)) }, true},
			{"delete", func() { fs.Delete("pkg/b.py") }, true},
			{"clear", func() { fs.Clear() }, true},
		}
		for _, s := range steps {
			before := fs.FactsEdits()
			s.do()
			if moved := fs.FactsEdits() != before; moved != s.moves {
				t.Errorf("dir %q: %s: FactsEdits moved %v, want %v", dir, s.name, moved, s.moves)
			}
		}
		if err := fs.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
