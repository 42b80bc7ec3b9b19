// Package pipeline runs an index: it picks the baseline, computes the git
// change set, runs the phases over it and publishes the result in one
// atomic switch, or publishes nothing.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/membudget"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
)

// Options configure one run.
type Options struct {
	Repo   *gitrepo.Repo
	Store  *store.Store
	Config *config.Config
	Langs  *lang.Registry
	// LLM is the summary provider; nil means offline.
	LLM llm.Provider
	// Phases builds the phase list given the blob reader of the target tree;
	// nil means DefaultPhases.
	Phases func(read func(id string) ([]byte, error), target func(context.Context) ([]gitrepo.Entry, error)) []phase.Phase
	// Command is "init" or "update", for the ledger.
	Command string
	// Full forces a rebuild from nothing (init --force, update --full).
	Full bool
	// Worktree indexes the working tree on top of HEAD as an overlay that
	// reads use until the next commit; no branch baseline moves.
	Worktree bool
	// Commit, with Ref, indexes that commit under that ref instead of HEAD
	// under the current branch (verify rebuilds a published commit this way).
	Commit, Ref string
	// Wait waits for another writer instead of failing with store.ErrBusy.
	Wait     bool
	DryRun   bool
	Progress phase.Progress
	// Failpoint is called at named points (tests kill runs there).
	Failpoint func(name string)
	// Warnings are recorded in the run's ledger entry (settings ignored
	// because a repository file may not set them, keys withheld).
	Warnings []string
	// Warn receives, as they are found, what the run itself notices and
	// records among its warnings (a damaged cache moved aside, a damaged
	// ledger entry skipped); nil: they are only recorded.
	Warn func(string)
	// Trace is told the name of each step of the run as it ends (each
	// phase, then "publish"), so a caller can time them; nil: nothing.
	Trace func(step string)
}

// Run indexes HEAD of the repository and returns the ledger entry. The
// entry is returned (and recorded) for failed runs too, with the error.
func Run(ctx context.Context, o Options) (*store.Run, error) {
	start := time.Now()
	head, err := o.Repo.Head()
	if err != nil {
		return nil, err
	}
	branch := RefName(head)
	if o.Commit != "" {
		head, branch = gitrepo.Head{Commit: o.Commit, Branch: o.Ref}, o.Ref
	}
	if upToDateRef(o, head, branch) {
		return &store.Run{Command: o.Command, Started: start.UTC(), Branch: branch, From: &head.Commit, To: head.Commit,
			Outcome: store.OutcomeUpToDate, MS: time.Since(start).Milliseconds(), Warnings: o.Warnings}, nil
	}
	c, err := cache.OpenWith(ctx, o.Store.CacheDir(), o.Wait, cacheOptions(o, o.Command == "init" || o.Full))
	if err != nil {
		return nil, err
	}
	defer closeCache(o, c)
	notes := say(o, cacheNotes(c))
	skipped, err := markInterrupted(o.Store)
	if err != nil {
		return nil, err
	}
	notes = append(notes, say(o, skipped)...)
	id, err := o.Store.NextRunID()
	if err != nil {
		return nil, err
	}
	run := &store.Run{ID: id, Command: o.Command, Started: start.UTC(), Branch: branch, To: head.Commit, Outcome: store.OutcomeRunning,
		Warnings: append(slices.Clone(o.Warnings), notes...)}
	if !o.DryRun {
		if err := o.Store.WriteRun(run); err != nil {
			return nil, err
		}
	}
	err = execute(ctx, o, c, head, branch, run)
	run.MS = time.Since(start).Milliseconds()
	run.Outcome = outcomeOf(ctx, err, run.Outcome)
	if err != nil {
		run.Error = err.Error()
	}
	run.Warnings = append(run.Warnings, say(o, cacheNotes(c))...)
	if !o.DryRun {
		if werr := o.Store.WriteRun(run); werr != nil && err == nil {
			err = werr
		}
	}
	return run, err
}

// budget is the run's memory budget (config memory_mb).
func budget(o Options) membudget.Budget {
	if o.Config == nil {
		return membudget.Default
	}
	return membudget.FromMB(o.Config.MemoryMB)
}

// cacheOptions size the facts cache by the run's budget; bulk is for a
// run that will write every file's facts (cache.OpenOptions).
func cacheOptions(o Options, bulk bool) cache.OpenOptions {
	return cache.OpenOptions{Sizes: budget(o).Cache(), Bulk: bulk}
}

// upToDateRef answers a no-op update from the ref file alone: no cache
// lock, no snapshot decode, no ledger entry (nothing ran).
func upToDateRef(o Options, head gitrepo.Head, branch string) bool {
	if o.Full || o.Worktree || o.Commit != "" || o.DryRun {
		return false
	}
	ref, err := o.Store.ReadRef(branch)
	if err != nil || ref == nil || ref.Commit != head.Commit || ref.ConfigKey != o.Config.OutputKey() ||
		ref.Versions[ShallowVersion] != o.Repo.ShallowKey() {
		return false
	}
	for name, v := range Versions(provider(o), o.Config) {
		if ref.Versions[name] != v {
			return false
		}
	}
	overlay, err := o.Store.ReadRef(WorktreeRef(branch))
	return err == nil && overlay == nil
}

// provider is the configured LLM provider, offline when none is given.
func provider(o Options) llm.Provider {
	if o.LLM == nil {
		return llm.NewOffline()
	}
	return o.LLM
}

// RefName is the store ref of what HEAD names (store.HeadRef).
func RefName(h gitrepo.Head) string { return store.HeadRef(h.Branch, h.Worktree) }

func outcomeOf(ctx context.Context, err error, current string) string {
	switch {
	case err == nil:
		return current
	case errors.Is(err, llm.ErrBudget):
		return store.OutcomeBudgetStopped
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		return store.OutcomeInterrupted
	}
	return store.OutcomeFailed
}

// markInterrupted closes the ledger entry left "running" by a killed
// process; the caller holds the cache lock, so no run is really in
// progress. Only the newest readable entry can be one: every writer closes
// its predecessor's before it starts. It returns the warnings of the
// damaged entries it skipped on the way.
func markInterrupted(s *store.Store) ([]string, error) {
	runs, damaged, err := s.Runs(1)
	if err != nil {
		return nil, err
	}
	for _, r := range runs {
		if r.Outcome == store.OutcomeRunning {
			r.Outcome = store.OutcomeInterrupted
			r.Error = "the process stopped before the run finished"
			if err := s.WriteRun(r); err != nil {
				return nil, err
			}
		}
	}
	return store.Warnings(damaged), nil
}

// execute runs the phases and publishes; run is filled as it goes.
func execute(ctx context.Context, o Options, c *cache.Cache, head gitrepo.Head, branch string, run *store.Run) error {
	t, err := newTarget(ctx, o, head, branch)
	if err != nil {
		return err
	}
	run.Branch = t.ref
	b, err := chooseBase(o, head, branch)
	if err != nil {
		return err
	}
	defer b.snap.Close()
	if b.upToDate && !t.worktree {
		run.Outcome = store.OutcomeUpToDate
		run.From = &head.Commit
		run.Root = b.snap.ContentRoot
		return dropOverlay(o.Store, branch)
	}
	if b.commit != "" {
		from := b.commit
		run.From = &from
	}
	st, err := newState(ctx, o, c, t, b)
	if err != nil {
		return err
	}
	defer st.Parsers.Close()
	defer func() { st.RefsAside.Close() }()    // set by the explicit phase
	defer func() { st.Definitions.Close() }()  // set by the explicit phase
	defer st.Next.Files.Close()                // packed into a file by the explicit phase
	defer func() { st.Next.Modules.Close() }() // spilled into a file by the wiki phase
	phases := o.Phases
	if phases == nil {
		phases = DefaultPhases
	}
	read := memoize(t.read, memoBound(o))
	for _, ph := range phases(read, t.entries) {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep, err := ph.Run(ctx, st)
		if ferr := c.Flush(); ferr != nil && err == nil {
			err = ferr
		}
		if rerr := st.Next.Files.Err(); rerr != nil && err == nil {
			err = fmt.Errorf("read the published snapshot: %w", rerr)
		}
		if merr := st.Next.Modules.Err(); merr != nil && err == nil {
			err = fmt.Errorf("module docs: %w", merr)
		}
		trace(o, ph.Name())
		run.Phases = append(run.Phases, rep)
		run.Tokens.Prompt += rep.Tokens.Prompt
		run.Tokens.Completion += rep.Tokens.Completion
		priceRun(o, run)
		if err != nil {
			return fmt.Errorf("phase %s: %w", ph.Name(), err)
		}
	}
	run.Changes = countIndexed(st)
	if o.DryRun {
		run.Outcome = store.OutcomeDryRun
		return nil
	}
	defer trace(o, "publish")
	return publish(ctx, o, st, t, b.ref, run, refsAside{st.RefsAside})
}

// trace tells o.Trace that a step ended.
func trace(o Options, step string) {
	if o.Trace != nil {
		o.Trace(step)
	}
}

// priceRun sets the dollar cost of a run and of each of its phases, or
// marks it unknown when tokens were paid at a price nobody configured.
// Offline runs cost nothing.
func priceRun(o Options, run *store.Run) {
	if provider(o).ID() == "offline" {
		return
	}
	price, ok := Price(&o.Config.LLM)
	run.CostUnknown = !ok && run.Tokens != (store.Tokens{})
	if !ok {
		return
	}
	cost := func(t store.Tokens) float64 {
		return price.Cost(llm.Usage{PromptTokens: t.Prompt, CompletionTokens: t.Completion})
	}
	run.CostUSD = cost(run.Tokens)
	for i := range run.Phases {
		run.Phases[i].CostUSD = cost(run.Phases[i].Tokens)
	}
}

func newTarget(ctx context.Context, o Options, head gitrepo.Head, branch string) (*target, error) {
	if !o.Worktree {
		return commitTarget(o.Repo, head, branch)
	}
	if o.Repo.Top == "" {
		return nil, fmt.Errorf("--worktree needs a working tree; this repository is bare")
	}
	return worktreeTarget(ctx, o, head, branch)
}

// countIndexed counts the changes that touched an indexed file (before or
// after); a full run counts every indexed file as added.
func countIndexed(st *phase.State) store.Changes {
	if st.Full {
		return store.Changes{Added: st.Next.Files.Len()}
	}
	var kept []gitrepo.Change
	for _, c := range st.Changes {
		if (c.From != nil && st.Base.Files.Get(c.From.Path) != nil) || (c.To != nil && st.Next.Files.Get(c.To.Path) != nil) {
			kept = append(kept, c)
		}
	}
	return count(kept)
}

func count(changes []gitrepo.Change) store.Changes {
	var c store.Changes
	for _, ch := range changes {
		switch ch.Action {
		case gitrepo.Added:
			c.Added++
		case gitrepo.Modified:
			c.Modified++
		case gitrepo.Deleted:
			c.Deleted++
		case gitrepo.Renamed:
			c.Renamed++
		}
	}
	return c
}

func newState(ctx context.Context, o Options, c *cache.Cache, t *target, b baseChoice) (*phase.State, error) {
	p := provider(o)
	if o.DryRun {
		c, p = c.Scratch(), dryRunProvider(p, o.Store)
	}
	budget := llm.NewBudget(p, o.Config.LLM.BudgetTokens, llm.ReplyReserve)
	if usd := o.Config.LLM.BudgetUSD; usd > 0 && p.ID() != "offline" {
		price, ok := Price(&o.Config.LLM)
		if !ok {
			return nil, fmt.Errorf("llm.budget_usd $%g: no price is known for model %q; set llm.prices.%s", usd, o.Config.LLM.Model, o.Config.LLM.Model)
		}
		budget.WithUSD(usd, price)
	}
	st := &phase.State{
		Repo: o.Repo, Commit: t.head.Commit, Cache: c, Config: o.Config, Langs: o.Langs, Parsers: lang.NewParsers(),
		LLM: budget, Base: b.snap, Full: b.full, FullReason: b.reason,
		Progress: o.Progress, Failpoint: o.Failpoint, Scratch: o.Store.ScratchDir(), Trace: o.Trace,
	}
	if st.Progress == nil {
		st.Progress = phase.NoProgress{}
	}
	if b.full || b.snap == nil {
		st.Full = true
		st.Next = snapshot.New()
		return st, nil
	}
	st.Next = b.snap.Clone()
	if b.ref != nil {
		st.BaseSkipped = baseSkipped(o.Store, b.ref.Run)
	}
	changes, err := t.changes(ctx, b.commit, b.snap)
	if err != nil {
		return nil, err
	}
	st.Changes = relevant(changes, b.snap, o)
	if !t.worktree {
		st.AttrChanges = attrChanges(changes)
		st.CommitDiff = &phase.CommitDiff{From: b.commit, To: t.head.Commit, Dirs: gitrepo.ChangedDirs(changes)}
	}
	return st, nil
}

// baseSkipped reads the inventory's skip counts from the ledger entry of the
// run that published the base; nil (unknown) when that entry is gone or
// incomplete.
func baseSkipped(s *store.Store, runID int) map[string]int {
	run, err := s.ReadRun(runID)
	if err != nil || run.Outcome != store.OutcomePublished {
		return nil
	}
	return inventory.SkippedIn(run)
}
