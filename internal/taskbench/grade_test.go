package taskbench_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/taskbench"
	"github.com/lgraph/lgraph/internal/tokens"
)

// TestGrade holds correctness to set equality and recall to the share of
// the truth named.
func TestGrade(t *testing.T) {
	truth := []string{"a.go:1", "b.go:2"}
	for _, tc := range []struct {
		answer  []string
		covered bool
		correct bool
		recall  float64
		extra   int
	}{
		{[]string{"b.go:2", "a.go:1"}, true, true, 1, 0},
		{[]string{"a.go:1", "a.go:1", "b.go:2"}, true, true, 1, 0},
		{[]string{"a.go:1"}, true, false, 0.5, 0},
		{[]string{"a.go:1", "b.go:2", "c.go:3"}, true, false, 1, 1},
		{[]string{"a.go:1", "b.go:2"}, false, false, 1, 0},
	} {
		s := taskbench.Grade(taskbench.Attempt{Answer: tc.answer, Covered: tc.covered}, truth)
		if s.Correct != tc.correct || s.Recall != tc.recall || s.Extra != tc.extra {
			t.Errorf("Grade(%v, covered %v) = %+v, want correct %v recall %v extra %d", tc.answer, tc.covered, s, tc.correct, tc.recall, tc.extra)
		}
	}
}

// TestTreeReads checks the grep agent's reads: hits in path order,
// merged windows, and a declaration read to its closing brace.
func TestTreeReads(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.go", "package b\n\nfunc Run() {\n\tx := 1\n\t_ = x\n}\n\nfunc other() { Run() }\n")
	write("a/a.go", "package a\n\n// Runner runs.\nfunc f() { b.Run() }\n")
	write(".git/x.go", "func Run() {}\n")
	write("notes.txt", "Run\n")
	tree, err := taskbench.LoadTree(dir, ".go")
	if err != nil {
		t.Fatal(err)
	}
	got := taskbench.FormatHits(tree.Grep(taskbench.WordRegexp("Run")))
	want := "./a/a.go:4:func f() { b.Run() }\n./b.go:3:func Run() {\n./b.go:8:func other() { Run() }\n"
	if got != want {
		t.Errorf("grep hits:\n%s\nwant:\n%s", got, want)
	}
	text, end := tree.ReadToClose("b.go", 3)
	if end != 6 || !strings.Contains(text, "\t_ = x") || strings.Contains(text, "other") {
		t.Errorf("ReadToClose(b.go, 3) ended at %d:\n%s", end, text)
	}
	w := tree.Windows("b.go", []int{3, 5}, 1)
	if want := "b.go\n     2\t\n     3\tfunc Run() {\n     4\t\tx := 1\n     5\t\t_ = x\n     6\t}\n...\n"; w != want {
		t.Errorf("Windows:\n%q\nwant:\n%q", w, want)
	}
}

// TestSummarize totals rows by kind and leaves variants out of "all".
func TestSummarize(t *testing.T) {
	rows := []taskbench.Row{
		{Kind: "callers", Lgraph: taskbench.Score{Correct: true, Recall: 1}, Grep: taskbench.Score{Recall: 1}, LgraphTokens: 10, GrepTokens: 100},
		{Kind: "impact", Lgraph: taskbench.Score{Recall: 0.5}, Grep: taskbench.Score{Correct: true, Recall: 1}, LgraphTokens: 30, GrepTokens: 100},
		{Kind: "impact (variant)", Variant: true, LgraphTokens: 1000, GrepTokens: 1},
	}
	s := taskbench.Summarize(rows)
	all := s[len(s)-1]
	if len(s) != 4 || all.Kind != "all" || all.Tasks != 2 || all.LgraphCorrect != 1 || all.GrepCorrect != 1 ||
		all.LgraphTokens != 40 || all.GrepTokens != 200 || all.Ratio() != 0.2 || all.LgraphRecall != 0.75 {
		t.Errorf("Summarize = %+v", s)
	}
	if table := taskbench.Table(rows); !strings.Contains(table, "| all | 2 | 1 | 1 | 0.75 | 1.00 | 40 | 200 | 0.20 |") {
		t.Errorf("table lacks the total line:\n%s", table)
	}
	if n := (taskbench.Attempt{Steps: []taskbench.Step{{Output: "hello world"}, {Output: "hello"}}}).Tokens(tokens.New()); n != 3 {
		t.Errorf("Tokens = %d, want 3", n)
	}
}
