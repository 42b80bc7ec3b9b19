package snapshot

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSpilledModuleSetAnswersAsOneHeld: a module set writing its docs to a
// spill file answers Get, Has, Encoded, Dirs and Changed as one holding
// them, over a base, through a doc set twice, one deleted and one set
// before the spill; and the encodings it hands the writer are the bytes
// EncodeModule makes.
func TestSpilledModuleSetAnswersAsOneHeld(t *testing.T) {
	doc := func(dir, text string) *Module {
		return &Module{Dir: dir, Doc: strings.Repeat(text, 100), InputKey: "k-" + dir,
			History: []HistoryEntry{{Hash: "c1", Time: 7, Subject: "fix " + dir, Merge: true}}}
	}
	base := NewModuleSet(nil)
	base.Set(doc("base", "b"))
	base.Set(doc("gone", "g"))
	held, spilled := NewModuleSet(base), NewModuleSet(base)
	for _, ms := range []*ModuleSet{held, spilled} {
		ms.Set(doc("early", "e")) // before the spill: stays held
	}
	if err := spilled.Spill(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	for _, ms := range []*ModuleSet{held, spilled} {
		ms.Set(doc("a", "x"))
		ms.Set(doc("a/b", "y"))
		ms.Set(doc("a", "z")) // set again: the last one counts
		ms.Delete("gone")
		ms.Set(doc("later", "l"))
		ms.Delete("later")
	}
	if len(spilled.set) != 1 {
		t.Errorf("spilled set holds %d docs on the heap; want only the one set before the spill", len(spilled.set))
	}
	if got, want := spilled.Dirs(), held.Dirs(); !slices.Equal(got, want) {
		t.Errorf("Dirs: %v; want %v", got, want)
	}
	if got, want := spilled.Changed(), held.Changed(); !slices.Equal(got, want) {
		t.Errorf("Changed: %v; want %v", got, want)
	}
	for _, dir := range []string{"base", "gone", "early", "a", "a/b", "later", "none"} {
		if got, want := spilled.Get(dir), held.Get(dir); !reflect.DeepEqual(got, want) {
			t.Errorf("Get(%q) = %+v; want %+v", dir, got, want)
		}
		if got, want := spilled.Has(dir), held.Has(dir); got != want {
			t.Errorf("Has(%q) = %v; want %v", dir, got, want)
		}
		got, ok := spilled.Encoded(dir)
		want, wantOK := held.Encoded(dir)
		if ok != wantOK || !bytes.Equal(got, want) {
			t.Errorf("Encoded(%q) = %d bytes, %v; want %d bytes, %v", dir, len(got), ok, len(want), wantOK)
		}
	}
	if err := errors.Join(spilled.Err(), held.Err(), spilled.Close(), held.Close()); err != nil {
		t.Fatal(err)
	}
}
