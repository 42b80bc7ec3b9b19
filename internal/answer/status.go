package answer

import (
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/hooks"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
)

// Status is the answer of status: the store's internal table lists are
// left out, and the stale paths are paged.
type Status struct {
	Branch        string `json:"branch"`
	Head          string `json:"head"`
	IndexedCommit string `json:"indexed_commit"`
	CommitsBehind int    `json:"commits_behind"`
	// CommitsAhead counts the indexed commit's commits HEAD does not reach.
	CommitsAhead int          `json:"commits_ahead"`
	Status       string       `json:"status"`
	StalePaths   List[string] `json:"stale_paths"`
	ContentRoot  string       `json:"content_root"`
	LeafCount    int          `json:"leaf_count"`
	LastRun      *RunBrief    `json:"last_run"`
	Branches     []Baseline   `json:"branches"`
	StoreDir     string       `json:"store_dir"`
	StoreBytes   int64        `json:"store_bytes"`
	// FilesSkipped counts, by reason, the files the index left out for
	// their path.
	FilesSkipped map[string]int `json:"files_skipped,omitempty"`
	// UpdateRunning names the writer running on the store now.
	UpdateRunning *store.Writer `json:"update_running,omitempty"`
	// HookFailure is the last background update a git hook started, when
	// it failed.
	HookFailure *hooks.Failure `json:"last_hook_failure,omitempty"`
	// Hint says what to run next, when something should be.
	Hint string `json:"hint,omitempty"`
	// Explorer is why the last run's model explorer did not run (the
	// provider is offline, the switch is off), when it did not.
	Explorer string `json:"explorer,omitempty"`
}

// RunBrief is one ledger entry without its phases and knowledge delta.
type RunBrief struct {
	ID      int           `json:"run"`
	Command string        `json:"command"`
	Started time.Time     `json:"started"`
	Branch  string        `json:"branch"`
	From    *string       `json:"from"`
	To      string        `json:"to"`
	Outcome string        `json:"outcome"`
	Changes store.Changes `json:"changes"`
	// Tokens and CostUSD are what the run paid the model; CostUnknown says
	// no price was configured for it.
	Tokens      store.Tokens `json:"tokens"`
	CostUSD     float64      `json:"cost_usd"`
	CostUnknown bool         `json:"cost_unknown,omitempty"`
	// Requests is how many model requests the run made.
	Requests int   `json:"llm_requests,omitempty"`
	MS       int64 `json:"ms"`
}

// Brief shortens a run.
func Brief(r *store.Run) *RunBrief {
	if r == nil {
		return nil
	}
	b := &RunBrief{ID: r.ID, Command: r.Command, Started: r.Started, Branch: r.Branch, From: r.From, To: r.To,
		Outcome: r.Outcome, Changes: r.Changes, Tokens: r.Tokens, CostUSD: r.CostUSD, CostUnknown: r.CostUnknown, MS: r.MS}
	b.Requests, _, _ = r.Requests()
	return b
}

// Baseline is one branch's indexed commit.
type Baseline struct {
	Branch      string    `json:"branch"`
	Commit      string    `json:"commit"`
	ContentRoot string    `json:"content_root"`
	Published   time.Time `json:"published"`
	Worktree    bool      `json:"worktree,omitempty"`
}

// ShapeStatus shortens a status; hints name the fix in the words of the
// StatusFixes say what to do about an index that is missing, behind HEAD,
// or behind uncommitted edits, in the words of the caller (a command line
// or an MCP tool).
type StatusFixes struct {
	Init, Update, Dirty string
}

// asker (runInit and runUpdate: "lgraph init" on the CLI, a tool over MCP).
func ShapeStatus(s readview.StatusResult, p Page, fix StatusFixes) Status {
	out := Status{Branch: s.Branch, Head: s.Head, IndexedCommit: s.IndexedCommit, CommitsBehind: s.CommitsBehind,
		CommitsAhead: s.CommitsAhead,
		Status:       s.Status, StalePaths: Cut(s.StalePaths, p), ContentRoot: s.ContentRoot, LeafCount: s.LeafCount,
		LastRun: Brief(s.LastRun), Branches: []Baseline{}, StoreDir: s.StoreDir, StoreBytes: s.StoreBytes,
		FilesSkipped: s.FilesSkipped, UpdateRunning: s.UpdateRunning, HookFailure: s.HookFailure}
	for _, b := range s.Branches {
		out.Branches = append(out.Branches, Baseline{Branch: b.Branch, Commit: b.Commit, ContentRoot: b.ContentRoot,
			Published: b.Published, Worktree: b.Worktree})
	}
	if s.LastRun != nil {
		for _, p := range s.LastRun.Phases {
			if p.Name == "implicit" && strings.HasPrefix(p.Note, "model explorer ") {
				out.Explorer = p.Note
			}
		}
	}
	switch {
	case s.IndexedCommit == "":
		out.Hint = "this branch is not indexed yet: " + fix.Init
	case s.Status == "behind":
		out.Hint = "the index is behind: " + fix.Update
	case s.Status == "dirty":
		out.Hint = "the index is dirty: " + fix.Dirty
	}
	return out
}

// ShapeRun bounds a run's knowledge delta: its symbol lists keep at most
// the page's limit (the counts stay whole and truncated says so).
func ShapeRun(r *store.Run, p Page) *store.Run {
	d := r.Knowledge
	if d == nil || p.Limit <= 0 {
		return r
	}
	cut := *d
	if len(cut.SymbolsAdded) > p.Limit {
		cut.SymbolsAdded, cut.Truncated = cut.SymbolsAdded[:p.Limit], true
	}
	if len(cut.SymbolsRemoved) > p.Limit {
		cut.SymbolsRemoved, cut.Truncated = cut.SymbolsRemoved[:p.Limit], true
	}
	out := *r
	out.Knowledge = &cut
	return &out
}
