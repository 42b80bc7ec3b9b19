package tokens_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/tokens"
)

// TestCountKnownEncodings holds the counter to cl100k_base's published
// encodings of a few texts.
func TestCountKnownEncodings(t *testing.T) {
	c := tokens.New()
	for text, want := range map[string]int{
		"":                     0,
		"hello world":          2,
		"hello   world":        3,
		"supercalifragilistic": 7,
		"tiktoken is great!":   6,
		"We know what we are, but know not what we may be.": 14,
		"\xff invalid utf8 byte":                            c.Count("\uFFFD invalid utf8 byte"),
	} {
		if got := c.Count(text); got != want {
			t.Errorf("Count(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestCountGrowsWithText: a longer text of the same words costs more,
// roughly linearly, so budgets scale.
func TestCountGrowsWithText(t *testing.T) {
	c := tokens.New()
	one := c.Count("def helper(x):\n    return x + 1\n")
	ten := c.Count(strings.Repeat("def helper(x):\n    return x + 1\n", 10))
	if one == 0 || ten < 9*one || ten > 11*one {
		t.Errorf("one copy %d tokens, ten copies %d: want about ten times", one, ten)
	}
}
