package agentctx

import (
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/tokens"
)

// DefaultBudget is the token budget of an answer when none is given:
// enough for a function, its main callers and its neighbours' signatures.
const DefaultBudget = 4000

// MinBudget is the smallest budget accepted: below it the JSON envelope
// (freshness block included) and the target's header alone may not fit.
const MinBudget = 300

// Answer is the result of context for one target.
type Answer struct {
	Target    query.NodeRef `json:"target"`
	EndLine   int           `json:"end_line,omitempty"`
	Signature string        `json:"signature,omitempty"`
	Doc       string        `json:"doc,omitempty"`
	// Module is the directory whose module doc covers the target.
	Module string `json:"module"`
	// Insights are the notes people and agents left in the module's wiki
	// page (wiki.out), newest last.
	Insights []string `json:"insights"`
	Source   *Source  `json:"source,omitempty"`
	// Callers are the call sites of the target's callers, ranked: same
	// module first, then non-test, then resolved by more than a name.
	Callers []CallSite `json:"callers"`
	// Callees are the symbols the target calls (for a file: the symbols
	// it defines), with their signatures.
	Callees []Signature `json:"callees"`
	// Members are, for a type, the definitions inside it.
	Members []Signature `json:"members,omitempty"`
	// UsedBy are the nodes that extend, implement or reference the target
	// (calls are under Callers).
	UsedBy []query.EdgeItem `json:"used_by,omitempty"`
	// Dependents are, for a file, the files that depend on it.
	Dependents []query.FileDep `json:"dependents,omitempty"`
	// Tests are the test symbols (or files) that reach the target.
	Tests []query.NodeRef `json:"tests"`
	// Couplings are keys the target's file shares with other files
	// without an import (environment variables, routes, topics, ...).
	Couplings []Coupling `json:"couplings"`
	Budget    Budget     `json:"budget"`
	// Omitted counts, per section, what did not fit the budget.
	Omitted []Omission `json:"omitted"`
}

// Source is the target's exact text.
type Source struct {
	Path      string `json:"path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	// From is blob (the indexed git blob) or worktree (the working-tree
	// file an overlay indexed).
	From string `json:"from"`
	// Text is the lines StartLine to EndLine, each ended by a newline.
	Text string `json:"text"`
	// CutLines counts the lines after EndLine left out for the budget.
	CutLines int `json:"cut_lines,omitempty"`
}

// CallSite is one call of the target, with the lines around it.
type CallSite struct {
	Caller     query.NodeRef `json:"caller"`
	Line       int           `json:"line"`
	Via        []string      `json:"via"`
	ResolvedBy []string      `json:"resolved_by"`
	// Text is the lines from StartLine around the call, each ended by a
	// newline.
	StartLine int    `json:"start_line"`
	Text      string `json:"text"`
}

// Signature is a symbol with its declaration header.
type Signature struct {
	query.NodeRef
	Signature string `json:"signature,omitempty"`
}

// Coupling is one key shared without an import.
type Coupling struct {
	Key   string   `json:"key"`
	Line  int      `json:"line"`
	Files []string `json:"files"`
}

// Budget is what the answer was allowed and what it spent.
type Budget = tokens.Budget

// Omission is what one section left out.
type Omission struct {
	Section string `json:"section"`
	Count   int    `json:"count"`
	// Tokens is about what the left-out items would have cost.
	Tokens int `json:"tokens"`
}
