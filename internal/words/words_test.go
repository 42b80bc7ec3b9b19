package words

import (
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
