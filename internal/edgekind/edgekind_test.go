package edgekind

import (
	"slices"
	"testing"
)

func TestAll(t *testing.T) {
	all := All()
	want := []string{"imports", "calls", "references", "extends", "implements", "contains", "implicit"}
	if !slices.Equal(all, want) {
		t.Fatalf("All() = %q, want %q (docs/design.md §7, in the order help text lists them)", all, want)
	}
	all[0] = "changed"
	if All()[0] != Imports {
		t.Fatal("a caller's change to All's slice reached the next caller")
	}
}
