package words

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Cutting a plain text word by word gives exactly the terms bleve's
// analyzer gives for the whole text, and a text that is not plain is
// left to the analyzer.
func TestPlainTermsMatchAnalyzer(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"Helpers for digest layout processing.",
		"Defines 2 constants, 4 functions, 1 class: CACHE_TTL, sync_codec and 2 more.",
		"e.g. the user's 1.5 MB file, a:b;c,d", "x.  y", "end.", ".start", "a-b c/d (e) [f] {g} <h> #i $j @k",
		"Server.HandleRequests", "parseURLFor2", "don't", "naïve café", "tab\tsep", "line\nbreak",
		"ALLCAPS and123numbers 123and", "the of and a an", "running runs ran", strings.Repeat("word ", 60),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	// The second alphabet makes plain texts only.
	for _, alphabet := range []string{"abcXYZ019 .,;:'_-/()\"!?\t\né", "aeiouXYZs019 .,;:-/()\"!?"} {
		for range 5000 {
			b := make([]byte, rng.IntN(24))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			texts = append(texts, string(b))
		}
	}
	for _, s := range texts {
		want := a.analyze(splitIdentifiers(s))
		for range 2 { // the second time from the word cache
			if got := a.Terms(s); !slices.Equal(got, want) {
				t.Fatalf("Terms(%q) = %q, the analyzer gives %q", s, got, want)
			}
		}
	}
}

func TestPlain(t *testing.T) {
	for s, want := range map[string]bool{
		"Helpers for x.": true, "a, b; c: d": true, "a-b": true,
		"e.g": false, "1.5": false, "a:b": false, "it's": false, "a_b": false, "café": false, "a\nb": false,
	} {
		if got := plain(s); got != want {
			t.Errorf("plain(%q) = %v, want %v", s, got, want)
		}
	}
}

// An ASCII text whose split is plain is cut word by word in place
// (appendSplitWords) into the terms its split text gives, and plainSplit
// says what plain says of the split text, on random texts of identifier
// parts, separators and punctuation.
func TestSplitWordsMatchSplitText(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	const alphabet = "abXYZ09_.#$/: ,;'\t-()"
	for range 20000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		split := splitIdentifiers(s)
		if got, want := plainSplit(s), plain(split); got != want {
			t.Fatalf("plainSplit(%q) = %v, plain(%q) = %v", s, got, split, want)
		}
		if !plainSplit(s) {
			continue
		}
		want, _ := a.appendPlainTerms(nil, split)
		if got := a.appendSplitWords(nil, s); !slices.Equal(got, want) {
			t.Fatalf("appendSplitWords(%q) = %q, the split text %q gives %q", s, got, split, want)
		}
	}
}
