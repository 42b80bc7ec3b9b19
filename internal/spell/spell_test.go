package spell

import "testing"

func TestDistanceAndNearest(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"calers", "callers", 1}, {"imapct", "impact", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	names := []string{"callers", "callees", "deps", "rdeps", "impact"}
	for in, want := range map[string]string{"caller": "callers", "dep": "deps", "xyzzy": "", "rdep": "rdeps", "imp": "impact"} {
		if got := Nearest(in, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
}
