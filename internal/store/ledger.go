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

// Run outcomes (docs/design.md §6): what Run.Outcome says of how a run ended.
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

// SystemTokensKey is the Phase.Extra count of prompt tokens spent on system
// prompts, which every request repeats (estimated; set by phases that know).
const SystemTokensKey = "llm_system_tokens"

// Requests sums the model requests of a run's phases and the system-prompt
// tokens those that report them paid, out of those phases' prompt tokens.
func (r *Run) Requests() (requests, system, ofPrompt int) {
	for _, p := range r.Phases {
		requests += p.Calls
		if n := p.Extra[SystemTokensKey]; n > 0 {
			system += n
			ofPrompt += p.Tokens.Prompt
		}
	}
	return requests, system, ofPrompt
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

// DamagedRun is a ledger entry that cannot be read: an empty or truncated
// file (a crash or a full disk), bytes that are not a run, a run filed
// under another number. Readers skip it; its number stays taken.
type DamagedRun struct {
	ID   int
	File string
	Err  error
}

func (d *DamagedRun) Error() string {
	return fmt.Sprintf("ledger entry %s is unreadable (%v): %s", d.File, d.Err, damagedRunRepair)
}

func (d *DamagedRun) Unwrap() error { return d.Err }

// Warning is what a reader that skipped the entry says.
func (d *DamagedRun) Warning() string {
	return fmt.Sprintf("ledger entry %s is unreadable (%v) and was skipped: %s", d.File, d.Err, damagedRunRepair)
}

const damagedRunRepair = "delete it or restore it from a backup (its run number is not reused)"

// NextRunID returns a run number no run has had: one more than the highest
// of the ledger's file names, the runs the published refs name and the
// newest run gc pruned. File names count even when the file is damaged,
// and the refs and the prune mark keep the numbering going up when the
// newest files are deleted. Only a writer, holding the cache lock, may call
// it.
func (s *Store) NextRunID() (int, error) {
	ids, err := s.runIDs()
	if err != nil {
		return 0, err
	}
	high := 0
	if len(ids) > 0 {
		high = ids[len(ids)-1]
	}
	// A ref or mark that cannot be read only loses its vote: the ledger
	// files still count.
	if refs, err := s.Refs(); err == nil {
		for _, r := range refs {
			high = max(high, r.Run)
		}
	}
	if p, err := s.LedgerPruned(); err == nil && p != nil {
		high = max(high, p.Run)
	}
	return high + 1, nil
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

// WriteRun records (or rewrites) a ledger entry, durably: the file is
// synced before it is renamed into place and the directory after, so a
// power cut leaves the old entry or the new one, never an empty file.
func (s *Store) WriteRun(r *Run) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("write run %d: %w", r.ID, err)
	}
	return writeAtomic(s.path("runs", runFile(r.ID)), data)
}

// ReadRun loads one ledger entry. An entry that exists but cannot be read
// is a *DamagedRun.
func (s *Store) ReadRun(id int) (*Run, error) {
	name := s.path("runs", runFile(id))
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w %d in the ledger: see lgraph log", ErrNoRun, id)
	}
	if err != nil {
		return nil, &DamagedRun{ID: id, File: name, Err: err}
	}
	var r Run
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, &DamagedRun{ID: id, File: name, Err: err}
	}
	if r.ID != id {
		return nil, &DamagedRun{ID: id, File: name, Err: fmt.Errorf("it holds run %d", r.ID)}
	}
	return &r, nil
}

// Runs lists the ledger, newest first, at most limit readable entries (0:
// all). Damaged entries met on the way are skipped and returned apart, so
// one bad file blocks neither indexing, gc nor log; the caller says so.
func (s *Store) Runs(limit int) (runs []*Run, damaged []*DamagedRun, err error) {
	ids, err := s.runIDs()
	if err != nil {
		return nil, nil, err
	}
	for i := len(ids) - 1; i >= 0 && (limit == 0 || len(runs) < limit); i-- {
		r, err := s.ReadRun(ids[i])
		var d *DamagedRun
		switch {
		case errors.As(err, &d):
			damaged = append(damaged, d)
		case err != nil:
			// Removed since the listing (gc pruned it): not an entry.
			continue
		default:
			runs = append(runs, r)
		}
	}
	return runs, damaged, nil
}

// Warnings are the warnings of damaged entries.
func Warnings(damaged []*DamagedRun) []string {
	var out []string
	for _, d := range damaged {
		out = append(out, d.Warning())
	}
	return out
}
