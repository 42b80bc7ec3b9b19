package all

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
)

// TestEveryLanguage: every language detection knows of is registered,
// once, and each language whose files carry project facts has a project
// reader to read them (the facts of every family share one keyspace, keyed
// by path or, for directory tallies, by family and directory, and each
// family's reader is given only its own family's).
func TestEveryLanguage(t *testing.T) {
	if got, want := Registry().Names(), lang.Names(); !slices.Equal(got, want) {
		t.Errorf("registered %q, detected %q", got, want)
	}
	for _, l := range Languages() {
		if l.Traits().ProjectFacts == nil && l.Traits().DirFacts == nil {
			continue
		}
		if l.NewProjectReader(lang.ProjectInput{Has: func(string) bool { return false }}) == nil {
			t.Errorf("%s files carry project facts, but no project reader reads them", l.Name())
		}
	}
}
