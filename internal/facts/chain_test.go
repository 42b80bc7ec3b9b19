package facts

import "testing"

func TestArgumentRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		callee string
		k      int
		want   string
	}{
		{"ReadableStream", 0, "ReadableStream^0"},
		{"@./x|make", 2, "@./x|make^2"},
		{Unknown, 0, Unknown},
		{NotRepo, 1, NotRepo},
	} {
		got := Argument(tc.callee, tc.k)
		if got != tc.want {
			t.Errorf("Argument(%q, %d) = %q, want %q", tc.callee, tc.k, got, tc.want)
			continue
		}
		if tc.callee == Unknown || tc.callee == NotRepo {
			continue
		}
		name, k, ok := SplitArgument(got)
		if !ok || name != tc.callee || k != tc.k {
			t.Errorf("SplitArgument(%q) = %q, %d, %v", got, name, k, ok)
		}
	}
}

func TestSplitArgumentRejectsOtherSteps(t *testing.T) {
	for _, s := range []string{"app.get^1/0", "T.m^=/0", "f", "f()", "x^", "x^a"} {
		if _, _, ok := SplitArgument(s); ok {
			t.Errorf("SplitArgument(%q) took it for an argument", s)
		}
	}
	// A callback step is not an argument one, and the reverse.
	if _, _, _, ok := SplitCallbackArg("f^0"); ok {
		t.Errorf("SplitCallbackArg took f^0 for a callback")
	}
}
