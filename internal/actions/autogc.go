package actions

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lgraph/lgraph/internal/gc"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/pipeline"
)

// LiveRefs reports whether a ref's branch (or detached commit) still
// exists; the checked-out branch always does.
func LiveRefs(repo *gitrepo.Repo) func(*store.Ref) bool {
	current := ""
	if head, err := repo.Head(); err == nil {
		current = pipeline.RefName(head)
	}
	return func(r *store.Ref) bool {
		name, _ := strings.CutPrefix(r.Branch, pipeline.WorktreeRef(""))
		switch {
		case name == current:
			return true
		case store.IsDetachedRef(name):
			return repo.HasCommit(r.Commit)
		}
		return repo.HasBranch(name)
	}
}

// autoGC collects the store after every gc.auto_every-th published run, so
// that a store nobody collects by hand (hooks, scheduled CI) stays within a
// bound. The run has published already: a failed or busy collection is
// reported, never the run's failure. It is a light gc (gc.Options.Light):
// the run that triggers it should not pay for marking and compacting the
// whole cache each time.
func autoGC(ctx context.Context, e *readview.Env, run *store.Run, notify func(string)) {
	every := e.Config.GC.AutoEvery
	if every <= 0 || run == nil || run.Outcome != store.OutcomePublished || run.ID%every != 0 {
		return
	}
	warn := func(s string) {
		if notify != nil {
			notify("gc: warning: " + s)
		}
	}
	rep, err := gc.Run(ctx, gc.Options{Store: e.Store, Live: LiveRefs(e.Repo), KeepRuns: e.Config.GC.KeepRuns, Warn: warn, Light: true})
	if notify == nil {
		return
	}
	switch {
	case errors.Is(err, store.ErrBusy):
		notify("gc: skipped, another writer is running (it runs again after the next " + fmt.Sprint(every) + " runs, or run lgraph gc)")
	case err != nil:
		notify("gc: " + err.Error() + " (the run itself published; run lgraph gc to retry)")
	case rep.Cache.Deferred != "":
		notify(fmt.Sprintf("gc (every %d runs, gc.auto_every): %d bytes freed, %d ledger runs removed; %s",
			every, rep.BytesFreed, rep.Runs.Removed, rep.Cache.Deferred))
	default:
		notify(fmt.Sprintf("gc (every %d runs, gc.auto_every): %d bytes freed, %d ledger runs and %d cache entries removed",
			every, rep.BytesFreed, rep.Runs.Removed, rep.Cache.Removed))
	}
}
