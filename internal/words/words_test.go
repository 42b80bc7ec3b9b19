package words

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestName(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"url_for", []string{"url"}}, // "for" is an English stop word
		{"URLFor", []string{"url"}},
		{"parseURLString", []string{"pars", "url", "string"}},
		{"Server.HandleRequests", []string{"server", "handl", "request"}},
		{"sha256Sum", []string{"sha", "256", "sum"}},
		{"register_blueprint", []string{"regist", "blueprint"}},
		{"", nil},
	} {
		if got := a.Terms(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTextMatchesNames(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	// A query written as words finds the identifier it describes.
	if q, n := a.Terms("register blueprints"), a.Terms("registerBlueprint"); !slices.Equal(q, n) {
		t.Errorf("query terms %q differ from name terms %q", q, n)
	}
	if got := a.Terms("Handles the requests of the server."); !slices.Equal(got, []string{"handl", "request", "server"}) {
		t.Errorf("Terms = %q", got)
	}
}

// The byte-by-byte split of an ASCII text is the rune-by-rune one, on
// random texts of every ASCII byte (controls and NUL included) and of
// identifier-like ones.
func TestSplitASCIIMatchesRunes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	all := make([]byte, 128)
	for i := range all {
		all[i] = byte(i)
	}
	for _, alphabet := range []string{string(all), "aZ09_.#$/: xYbC\x00"} {
		for range 20000 {
			b := make([]byte, rng.IntN(20))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if got, want := splitASCII(string(b)), splitRunes(string(b)); got != want {
				t.Fatalf("splitASCII(%q) = %q, splitRunes gives %q", b, got, want)
			}
		}
	}
}

// AppendTerms appends to what it is given and gives what Terms gives.
func TestAppendTerms(t *testing.T) {
	got := AppendTerms([]string{"kept"}, "parseURLFor the user's naïve café")
	want := append([]string{"kept"}, Terms("parseURLFor the user's naïve café")...)
	if !slices.Equal(got, want) || len(got) < 3 {
		t.Fatalf("AppendTerms = %q, want %q", got, want)
	}
}
