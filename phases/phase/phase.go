// Package phase defines what every pipeline phase sees and returns, so that
// the runner knows phases only through this small interface.
package phase

import (
	"context"
	"runtime"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
)

// Phase is one step of an index run.
type Phase interface {
	Name() string
	// Run updates st.Next in place (copy-on-write for *snapshot.File values)
	// and reports what it did.
	Run(ctx context.Context, st *State) (store.Phase, error)
}

// State is shared by the phases of one run.
type State struct {
	Repo    *gitrepo.Repo
	Cache   *cache.Cache
	Config  *config.Config
	Langs   *lang.Registry
	Parsers *lang.Parsers
	// LLM is the summary provider (offline by default).
	LLM llm.Provider
	// Commit is the commit the run indexes (HEAD, or the one asked for).
	Commit string
	// Base is the snapshot the run starts from (nil for a full run from nothing).
	Base *snapshot.Snapshot
	// Next is the snapshot being built; it starts as a clone of Base.
	Next *snapshot.Snapshot
	// Changes are the git changes from Base's commit to the target tree.
	Changes []gitrepo.Change
	// CommitDiff is the diff behind Changes, before any change was left
	// out, when the run diffed two commits' trees; nil otherwise (a
	// working tree, a full run).
	CommitDiff *CommitDiff
	// AttrChanges are the changes to git attributes files (.gitattributes)
	// of a diff of two commits, which Changes leaves out; nil when the
	// target is a working tree, whose changes are no commit diff.
	AttrChanges []gitrepo.Change
	// BaseSkipped counts, by reason, the files of Base's tree left out for
	// their path; nil when unknown, and the inventory then counts the whole
	// target tree.
	BaseSkipped map[string]int
	// Full is set when the run rebuilds from nothing, with the reason.
	Full       bool
	FullReason string
	// Touched holds every path whose entry was added, changed or removed
	// between Base and Next (filled by the inventory phase).
	Touched map[string]bool
	// Reresolved holds the paths whose edges the explicit phase recomputed.
	Reresolved map[string]bool
	// Progress receives progress; never nil.
	Progress Progress
	// Failpoint is called at named points so tests can kill a run there.
	Failpoint func(name string)
	// Scratch is a directory for the run's temporary files (NextIndex's
	// runs on a full run); empty: they are held in memory.
	Scratch string
	// RefsAside, set by the explicit phase of a full run, holds every
	// file's references, which its records then leave out: nothing after
	// resolution reads them but publishing, which puts them back.
	RefsAside *snapshot.RefSpill
	// Definitions, set by the explicit phase of a full run, is the
	// definition index it built, for publishing to copy; the run closes
	// it.
	Definitions *Definitions
	// Uses, set by the enrich phase of a full run, holds the use counts
	// of the files it summarized, which the wiki reads instead of the
	// reverse edges; nil: none.
	Uses *UseTable
	// Trace is told the name of each step of a phase as it ends, so that
	// a caller can time them (LGRAPH_TRACE); nil: nothing.
	Trace func(step string)
}

// CommitDiff names the directories a diff of two commits' trees changed.
type CommitDiff struct {
	From, To string   // commit ids
	Dirs     []string // gitrepo.ChangedDirs of the diff
}

// Mark tells the trace hook, if one is set, that a step ended.
func (st *State) Mark(step string) {
	if st.Trace != nil {
		st.Trace(step)
	}
}

// Hit calls the failpoint hook if one is set.
func (st *State) Hit(name string) {
	if st.Failpoint != nil {
		st.Failpoint(name)
	}
}

// Progress receives a phase's progress. Library code never prints.
type Progress interface {
	Start(phase string, total int)
	Add(n int)
	Done()
}

// NoProgress discards progress.
type NoProgress struct{}

// Start implements Progress.
func (NoProgress) Start(string, int) {}

// Add implements Progress.
func (NoProgress) Add(int) {}

// Done implements Progress.
func (NoProgress) Done() {}

// Workers is the worker count for a configured concurrency (0: one per CPU).
func Workers(configured int) int {
	if configured > 0 {
		return configured
	}
	return runtime.NumCPU()
}
