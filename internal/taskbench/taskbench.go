// Package taskbench measures what an agent reads to answer a code question
// with lgraph's commands and with grep plus file reads, and whether the
// answer is right: the scripted, model-free task benchmark of issue 24.
// Both modes are plain functions of a checked-out tree, so the figures are
// deterministic; truth comes from elsewhere (the caller's compiler view).
package taskbench

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/tokens"
)

// Step is one thing the agent read: a command's output or a file window.
type Step struct {
	What   string // the command or read, as the agent would write it
	Output string
}

// Attempt is one task done in one mode.
type Attempt struct {
	Steps  []Step
	Answer []string // the call sites (path:line) or files the answer names
	// Covered is false when the read text lacks something the task needs
	// beyond the answer set (the definition task: the function's code).
	Covered bool
}

// Tokens is what the agent read in the attempt, in cl100k_base tokens.
func (a Attempt) Tokens(c *tokens.Counter) int {
	n := 0
	for _, s := range a.Steps {
		n += c.Count(s.Output)
	}
	return n
}

// Score is an answer against the truth set.
type Score struct {
	Correct bool     // the answer names exactly the truth set (and Covered)
	Recall  float64  // the share of the truth set the answer names
	Extra   int      // answer entries not in the truth set
	Missing []string // truth entries the answer lacks, in order
}

// Grade compares an attempt's answer with the truth set.
func Grade(a Attempt, truth []string) Score {
	want := map[string]bool{}
	for _, t := range truth {
		want[t] = true
	}
	got := map[string]bool{}
	for _, x := range a.Answer {
		got[x] = true
	}
	var missing []string
	for _, t := range truth {
		if !got[t] {
			missing = append(missing, t)
		}
	}
	sort.Strings(missing)
	got = map[string]bool{}
	hit, extra := 0, 0
	for _, x := range a.Answer {
		if got[x] {
			continue
		}
		got[x] = true
		if want[x] {
			hit++
		} else {
			extra++
		}
	}
	recall := 1.0
	if len(want) > 0 {
		recall = float64(hit) / float64(len(want))
	}
	return Score{Correct: a.Covered && hit == len(want) && extra == 0, Recall: recall, Extra: extra, Missing: missing}
}

// Row is one task's line in the table: both modes side by side.
type Row struct {
	Corpus, Kind, Target string
	Truth                int // size of the truth set
	Lgraph, Grep         Score
	LgraphTokens         int
	GrepTokens           int
	Note                 string
	// Variant marks a second script for a task already in the table (the
	// same question asked another way); it is left out of the "all" line.
	Variant bool
}

// Ratio is lgraph's tokens over grep's.
func (r Row) Ratio() float64 {
	if r.GrepTokens == 0 {
		return 0
	}
	return float64(r.LgraphTokens) / float64(r.GrepTokens)
}

// Summary totals a table per task kind and overall.
type Summary struct {
	Kind                       string
	Tasks                      int
	LgraphCorrect, GrepCorrect int
	LgraphRecall, GrepRecall   float64 // mean
	LgraphTokens, GrepTokens   int
}

// Ratio is lgraph's total tokens over grep's.
func (s Summary) Ratio() float64 {
	if s.GrepTokens == 0 {
		return 0
	}
	return float64(s.LgraphTokens) / float64(s.GrepTokens)
}

// Summarize totals rows by kind, in first-seen order, then "all".
func Summarize(rows []Row) []Summary {
	var order []string
	by := map[string]*Summary{}
	all := &Summary{Kind: "all"}
	for _, r := range rows {
		s := by[r.Kind]
		if s == nil {
			s = &Summary{Kind: r.Kind}
			by[r.Kind] = s
			order = append(order, r.Kind)
		}
		totals := []*Summary{s, all}
		if r.Variant {
			totals = totals[:1]
		}
		for _, t := range totals {
			t.Tasks++
			if r.Lgraph.Correct {
				t.LgraphCorrect++
			}
			if r.Grep.Correct {
				t.GrepCorrect++
			}
			t.LgraphRecall += r.Lgraph.Recall
			t.GrepRecall += r.Grep.Recall
			t.LgraphTokens += r.LgraphTokens
			t.GrepTokens += r.GrepTokens
		}
	}
	out := make([]Summary, 0, len(order)+1)
	for _, k := range order {
		out = append(out, *by[k])
	}
	out = append(out, *all)
	for i := range out {
		if out[i].Tasks > 0 {
			out[i].LgraphRecall /= float64(out[i].Tasks)
			out[i].GrepRecall /= float64(out[i].Tasks)
		}
	}
	return out
}

// Table renders the rows and the summary as Markdown tables.
func Table(rows []Row) string {
	var b strings.Builder
	b.WriteString("| corpus | task | target | truth | lgraph correct | lgraph recall | lgraph tokens | grep correct | grep recall | grep tokens | ratio | note |\n")
	b.WriteString("|---|---|---|--:|---|--:|--:|---|--:|--:|--:|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | `%s` | %d | %s | %.2f | %d | %s | %.2f | %d | %.2f | %s |\n",
			r.Corpus, r.Kind, r.Target, r.Truth, yes(r.Lgraph.Correct), r.Lgraph.Recall, r.LgraphTokens,
			yes(r.Grep.Correct), r.Grep.Recall, r.GrepTokens, r.Ratio(), r.Note)
	}
	b.WriteString("\n| task | tasks | lgraph correct | grep correct | lgraph mean recall | grep mean recall | lgraph tokens | grep tokens | ratio |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, s := range Summarize(rows) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.2f | %.2f | %d | %d | %.2f |\n",
			s.Kind, s.Tasks, s.LgraphCorrect, s.GrepCorrect, s.LgraphRecall, s.GrepRecall,
			s.LgraphTokens, s.GrepTokens, s.Ratio())
	}
	return b.String()
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// SortedKeys returns a set's members in order.
func SortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
