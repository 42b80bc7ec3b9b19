package commands

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/store"
)

// TestRunShowsRequestsAndSystemShare: a run's report says how many model
// requests it made and what share of the reporting phases' prompt tokens
// the system prompts took.
func TestRunShowsRequestsAndSystemShare(t *testing.T) {
	r := &store.Run{ID: 3, Command: "init", Branch: "main", To: "abc1234", Outcome: store.OutcomePublished,
		Tokens: store.Tokens{Prompt: 1300, Completion: 90},
		Phases: []store.Phase{
			{Name: "enrich", Calls: 4, Tokens: store.Tokens{Prompt: 1000, Completion: 80}, Extra: map[string]int{store.SystemTokensKey: 50}},
			{Name: "wiki", Calls: 2, Tokens: store.Tokens{Prompt: 300, Completion: 10}},
		}}
	var b bytes.Buffer
	printRun(&b, r)
	want := "  requests: 6 requests, system prompts 50 of 1000 prompt tokens (5.0%)\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("run report lacks %q:\n%s", want, b.String())
	}
}
