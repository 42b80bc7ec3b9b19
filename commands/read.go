package commands

import (
	"context"
	"fmt"

	"github.com/lgraph/lgraph/freshness"
	"github.com/lgraph/lgraph/gitrepo"
	"github.com/lgraph/lgraph/phases/inventory"
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
}

// openView loads the published snapshot of the current branch and its
// freshness block. Readers never open the writer's cache.
func (g *Globals) openView(ctx context.Context) (*view, error) {
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
	ref, snap, err := e.store.LoadPublished(branch)
	if err != nil {
		return nil, err
	}
	rules := inventory.NewRules(e.cfg, e.langs)
	block, err := freshness.Check(ctx, freshness.Input{Repo: e.repo, Head: head, Ref: ref, Snap: snap, Candidate: rules.Candidate})
	if err != nil {
		return nil, err
	}
	g.freshness = block
	v := &view{env: e, head: head, ref: ref, snap: snap, fresh: block}
	return v, nil
}

// requireSnapshot refuses to answer when the branch was never indexed.
func (v *view) requireSnapshot() error {
	if v.snap == nil {
		return fmt.Errorf("branch %s is not indexed yet: run lgraph init", v.fresh.Branch)
	}
	return nil
}
