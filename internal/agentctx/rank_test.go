package agentctx

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/query"
)

func call(path string, line int, resolvedBy string, sites ...int) query.Call {
	return query.Call{NodeRef: query.NodeRef{ID: "sym:" + path + "#f", Path: path, Line: line}, Sites: sites, ResolvedBy: []string{resolvedBy}}
}

// TestRankSites: every caller's first call before any second one, then
// the target's module, non-test and resolved calls first, then by place.
func TestRankSites(t *testing.T) {
	target := query.NodeRef{ID: "sym:app/util.py#helper", Path: "app/util.py"}
	calls := []query.Call{
		call("tests/test_util.py", 3, "import", 5),
		call("cli/main.py", 1, "import", 9, 4),
		call("app/views.py", 1, "name", 7),
		call("app/main.py", 1, "import", 12, 20),
		call("app/test_main.py", 1, "import", 3),
	}
	var got []string
	for _, s := range sitesOf(target, calls) {
		got = append(got, s.call.Path+":"+itoa(s.line))
	}
	want := []string{
		"app/main.py:12",       // same module, non-test, resolved
		"app/views.py:7",       // same module, non-test, a name-only guess
		"app/test_main.py:3",   // same module, a test
		"cli/main.py:4",        // another module, first site by line
		"tests/test_util.py:5", // another module, a test
		"app/main.py:20",       // second calls last
		"cli/main.py:9",
	}
	if !slices.Equal(got, want) {
		t.Errorf("ranked\n %v\nwant\n %v", got, want)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestFill: pieces are kept in rank order while they fit; one too large
// is skipped and smaller ones after it still fill the rest.
func TestFill(t *testing.T) {
	pieces := []piece{
		{section: "source", cost: 50}, {section: "callers", cost: 30}, {section: "callers", cost: 40},
		{section: "callees", cost: 10}, {section: "tests", cost: 15}, {section: "callers", cost: 5},
	}
	for _, tc := range []struct {
		budget int
		kept   []bool
		used   int
	}{
		{200, []bool{true, true, true, true, true, true}, 150},
		{100, []bool{true, true, false, true, false, true}, 95},
		{60, []bool{true, false, false, true, false, false}, 60},
		{49, []bool{false, true, false, true, false, true}, 45},
		{0, []bool{false, false, false, false, false, false}, 0},
	} {
		kept, used := fill(pieces, tc.budget)
		if !slices.Equal(kept, tc.kept) || used != tc.used {
			t.Errorf("budget %d: kept %v (%d tokens), want %v (%d)", tc.budget, kept, used, tc.kept, tc.used)
		}
		if used > tc.budget {
			t.Errorf("budget %d: spent %d", tc.budget, used)
		}
	}
}

// TestOmissionsAndDropLast: what was left out is counted per section in
// rank order, and dropping unkeeps the lowest-ranked kept piece.
func TestOmissionsAndDropLast(t *testing.T) {
	pieces := []piece{{section: "source", cost: 50}, {section: "callers", cost: 30}, {section: "tests", cost: 7}, {section: "callers", cost: 20}}
	kept := []bool{true, false, true, true}
	if !dropLast(kept) || !slices.Equal(kept, []bool{true, false, true, false}) {
		t.Fatalf("after dropLast: %v", kept)
	}
	got := omissions(pieces, kept)
	want := []Omission{{Section: "callers", Count: 2, Tokens: 50}}
	if !slices.Equal(got, want) {
		t.Errorf("omissions %v, want %v", got, want)
	}
	none := []bool{false, false}
	if dropLast(none) {
		t.Error("dropLast of nothing kept reported a drop")
	}
}
