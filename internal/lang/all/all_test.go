package all

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
)

// TestEveryLanguage: every language detection knows of is registered,
// once, and one language at most has project facts (the index keeps them
// in one keyspace).
func TestEveryLanguage(t *testing.T) {
	if got, want := Registry().Names(), lang.Names(); !slices.Equal(got, want) {
		t.Errorf("registered %q, detected %q", got, want)
	}
	var withFacts []string
	for _, l := range Languages() {
		if l.Traits().ProjectFacts != nil {
			withFacts = append(withFacts, l.Name())
		}
	}
	if len(withFacts) > 1 {
		t.Errorf("languages with project facts: %q", withFacts)
	}
}
