package commands

import (
	"context"
	"fmt"
	"github.com/urfave/cli/v2"
	"runtime/debug"

	"github.com/lgraph/lgraph/freshness"
	"github.com/lgraph/lgraph/gitrepo"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/pipeline"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
)

// view is a read command's graph with its freshness.
type view struct {
	env   *env
	head  gitrepo.Head
	ref   *store.Ref
	snap  *snapshot.Snapshot
	fresh freshness.Block
	stale map[string]bool
}

// openView loads the published snapshot of the current branch and its
// freshness block. Readers never open the writer's cache.
func (g *Globals) openView(ctx context.Context) (*view, error) {
	// A read is a short process that decodes one snapshot: collecting
	// garbage before it exits is wasted work, so the collector waits for a
	// memory limit instead of running every few megabytes.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(768 << 20)
	e, err := g.open(false, nil)
	if err != nil {
		return nil, err
	}
	head, err := e.repo.Head()
	if err != nil {
		return nil, err
	}
	branch := head.Branch
	if branch == "" {
		branch = store.DetachedRef
	}
	ref, snap, err := loadForRead(e, branch, head.Commit)
	if err != nil {
		return nil, err
	}
	rules := inventory.NewRules(e.cfg, e.langs)
	block, err := freshness.Check(ctx, freshness.Input{Repo: e.repo, Head: head, Ref: ref, Snap: snap, Candidate: rules.Candidate,
		StatCache: e.store.StatCachePath()})
	if err != nil {
		return nil, err
	}
	g.freshness = block
	v := &view{env: e, head: head, ref: ref, snap: snap, fresh: block, stale: map[string]bool{}}
	for _, p := range block.StalePaths {
		v.stale[p] = true
	}
	return v, nil
}

// loadForRead prefers the branch's working-tree overlay while it sits on
// the current HEAD, and the branch's commit snapshot otherwise.
func loadForRead(e *env, branch, head string) (*store.Ref, *snapshot.Snapshot, error) {
	ref, snap, err := e.store.LoadPublished(pipeline.WorktreeRef(branch))
	if err != nil {
		return nil, nil, err
	}
	if ref != nil && ref.Commit == head {
		return ref, snap, nil
	}
	return e.store.LoadPublished(branch)
}

// requireSnapshot refuses to answer when the branch was never indexed.
func (v *view) requireSnapshot() error {
	if v.snap == nil {
		return fmt.Errorf("branch %s is not indexed yet: run lgraph init", v.fresh.Branch)
	}
	return nil
}

// pinOptions are the read flags that refuse an answer about the wrong tree.
type pinOptions struct {
	expectRoot string
	freshness  string
}

// pinFlags are accepted by every read command.
func pinFlags(o *pinOptions) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "expect-root", Usage: "refuse (exit 3) unless the index's content root is `ROOT`", Destination: &o.expectRoot},
		&cli.StringFlag{Name: "freshness", Value: "allow_stale", Usage: "allow_stale, or require: refuse (exit 3) unless the index is fresh", Destination: &o.freshness},
	}
}

// enforce refuses to answer when the pin does not hold, saying what to run.
func (v *view) enforce(o pinOptions) error {
	if err := v.requireSnapshot(); err != nil {
		return err
	}
	switch o.freshness {
	case "", "allow_stale":
	case "require":
		if v.fresh.Status != freshness.Fresh {
			return refused("the index is %s (%d stale files): run lgraph update, then ask again", v.fresh.Status, v.fresh.ChangedFiles)
		}
	default:
		return usageError("--freshness %q: use allow_stale or require", o.freshness)
	}
	if o.expectRoot != "" && o.expectRoot != v.fresh.ContentRoot {
		return refused("the index describes content root %s, not %s: run lgraph update (or check out the tree you pinned), then ask again", v.fresh.ContentRoot, o.expectRoot)
	}
	return nil
}

// staleness says whether answers about a file may be out of date, and
// what to do about it: update when the index is behind HEAD, read the file
// when only the working tree differs.
func (v *view) staleness(path string) (stale bool, suggest string) {
	switch {
	case !v.stale[path]:
		return false, ""
	case v.fresh.Status == freshness.Behind:
		return true, "update"
	}
	return true, "read_file"
}
