package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/errcode"
)

// Run is one ledger entry: what an init or update did and how it ended.
type Run struct {
	ID      int       `json:"run"`
	Command string    `json:"command"`
	Started time.Time `json:"started"`
	Branch  string    `json:"branch"`
	From    *string   `json:"from"`
	To      string    `json:"to"`
	Outcome string    `json:"outcome"`
	Reason  string    `json:"reason,omitempty"`
	Changes Changes   `json:"changes"`
	Phases  []Phase   `json:"phases"`
	Tokens  Tokens    `json:"tokens"`
	CostUSD float64   `json:"cost_usd"`
	// CostUnknown is set when tokens were paid at a price nobody configured
	// (llm.prices): CostUSD is then 0 and means nothing.
	CostUnknown bool   `json:"cost_unknown,omitempty"`
	MS          int64  `json:"ms"`
	Root        string `json:"content_root,omitempty"`
	Error       string `json:"error,omitempty"`
	// Warnings are settings that were not obeyed and similar notes, as
	// printed on stderr when the run started.
	Warnings  []string `json:"warnings,omitempty"`
	Knowledge *Delta   `json:"knowledge,omitempty"`
}

// Run outcomes (DESIGN §6): what Run.Outcome says of how a run ended.
const (
	// OutcomePublished: the run published its snapshot.
	OutcomePublished = "published"
	// OutcomeFailed: the run stopped on an error; nothing was published.
	OutcomeFailed = "failed"
	// OutcomeInterrupted: the run was cancelled or its process killed.
	OutcomeInterrupted = "interrupted"
	// OutcomeBudgetStopped: the run spent its token budget.
	OutcomeBudgetStopped = "budget_stopped"
	// OutcomeUpToDate: the branch was already indexed at its head, so
	// there was nothing to publish.
	OutcomeUpToDate = "up_to_date"
	// OutcomeRunning: the run has not ended, or its process died before
	// it could say (the next writer marks it interrupted).
	OutcomeRunning = "running"
	// OutcomeDryRun: a dry run, which publishes nothing by design.
	OutcomeDryRun = "dry_run"
)

// Changes counts a change set by action.
type Changes struct {
	Added    int `json:"added"`
	Modified int `json:"modified"`
	Deleted  int `json:"deleted"`
	Renamed  int `json:"renamed"`
}

// Tokens counts LLM tokens.
type Tokens struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
}

// Phase reports one phase of a run.
type Phase struct {
	Name   string `json:"name"`
	Mode   string `json:"mode"`
	Reason string `json:"reason,omitempty"`
	// Note says what the phase left undone and why (the implicit phase's
	// model explorer skipped because the provider is offline).
	Note   string `json:"note,omitempty"`
	Files  int    `json:"files"`
	Calls  int    `json:"calls"`
	Tokens Tokens `json:"tokens"`
	// CostUSD is the phase's tokens at the model's price, when known.
	CostUSD float64 `json:"cost_usd,omitempty"`
	MS      int64   `json:"ms"`
	// Extra carries phase-specific counts (parsed, cache hits, syntax errors).
	Extra map[string]int `json:"extra,omitempty"`
}

// Delta is what a published run changed in the knowledge.
type Delta struct {
	// Added and Removed count symbols; the symbol and edge lists are kept
	// up to MaxDeltaSymbols entries each (a first index lists none) and
	// Truncated says when one was dropped.
	Added          int            `json:"symbols_added_count"`
	Removed        int            `json:"symbols_removed_count"`
	Truncated      bool           `json:"truncated,omitempty"`
	SymbolsAdded   []string       `json:"symbols_added,omitempty"`
	SymbolsRemoved []string       `json:"symbols_removed,omitempty"`
	EdgesAdded     map[string]int `json:"edges_added,omitempty"`
	EdgesRemoved   map[string]int `json:"edges_removed,omitempty"`
	// EdgeList names the edges behind EdgesAdded and EdgesRemoved (see
	// EdgeName), so a span can net an edge added and removed again.
	EdgeList   EdgeChanges `json:"edge_list,omitzero"`
	Summaries  int         `json:"summaries_rewritten"`
	ModuleDocs int         `json:"module_docs_rewritten"`
}

// EdgeChanges lists edges by EdgeName.
type EdgeChanges struct {
	Added   []string `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
}

// edgesListed reports whether the edge lists account for every counted
// edge (an entry written before edges were listed does not).
func (d *Delta) edgesListed() bool {
	n := 0
	for _, c := range d.EdgesAdded {
		n += c
	}
	for _, c := range d.EdgesRemoved {
		n += c
	}
	return n == len(d.EdgeList.Added)+len(d.EdgeList.Removed)
}

// EdgeName is how a ledger entry names an edge: "kind source -> target",
// plus " via X" when the edge has one.
func EdgeName(kind, source, target, via string) string {
	name := kind + " " + source + " -> " + target
	if via != "" {
		name += " via " + via
	}
	return name
}

// EdgeKind is the kind of an edge named by EdgeName.
func EdgeKind(name string) string {
	kind, _, _ := strings.Cut(name, " ")
	return kind
}

// MaxDeltaSymbols bounds the symbol and edge lists a ledger entry keeps.
const MaxDeltaSymbols = 1000

func runFile(id int) string { return fmt.Sprintf("%08d.json", id) }

// NextRunID returns one more than the highest run id in the ledger. Only a
// writer, holding the cache lock, may call it.
func (s *Store) NextRunID() (int, error) {
	ids, err := s.runIDs()
	if err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 1, nil
	}
	return ids[len(ids)-1] + 1, nil
}

func (s *Store) runIDs() ([]int, error) {
	entries, err := os.ReadDir(s.path("runs"))
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	var ids []int
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok {
			continue
		}
		if id, err := strconv.Atoi(name); err == nil {
			ids = append(ids, id)
		}
	}
	sort.Ints(ids)
	return ids, nil
}

// ErrNoRun reports a run number the ledger does not hold.
var ErrNoRun = errcode.Sentinel(errcode.NotFound, "no run")

// WriteRun records (or rewrites) a ledger entry.
func (s *Store) WriteRun(r *Run) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("write run %d: %w", r.ID, err)
	}
	return writeFile(s.path("runs", runFile(r.ID)), data, false)
}

// ReadRun loads one ledger entry.
func (s *Store) ReadRun(id int) (*Run, error) {
	data, err := os.ReadFile(s.path("runs", runFile(id)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w %d in the ledger: see lgraph log", ErrNoRun, id)
	}
	if err != nil {
		return nil, fmt.Errorf("read run %d: %w", id, err)
	}
	var r Run
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("run %d is corrupt: %w", id, err)
	}
	return &r, nil
}

// Runs lists the ledger, newest first, at most limit entries (0: all).
func (s *Store) Runs(limit int) ([]*Run, error) {
	ids, err := s.runIDs()
	if err != nil {
		return nil, err
	}
	var out []*Run
	for i := len(ids) - 1; i >= 0 && (limit == 0 || len(out) < limit); i-- {
		r, err := s.ReadRun(ids[i])
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}
