package actions

import (
	"context"
	"fmt"

	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/remote"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/pipeline"
)

// errNoRemote is push or pull without a remote configured.
var errNoRemote = errcode.Sentinel(errcode.Usage, "no team remote: set remote in your config file, LGRAPH_REMOTE, or pass --remote URL")

// openRemote opens the remote the user configured.
func openRemote(ctx context.Context, e *readview.Env) (*remote.Remote, error) {
	if e.Config.Remote == "" {
		return nil, errNoRemote
	}
	return remote.Open(ctx, e.Config.Remote)
}

// Push uploads the published snapshot of HEAD's branch to the remote.
func Push(ctx context.Context, e *readview.Env) (*remote.PushReport, error) {
	r, err := openRemote(ctx, e)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	head, err := e.Repo.Head()
	if err != nil {
		return nil, err
	}
	return r.Push(ctx, e.Store, pipeline.RefName(head))
}

// PullOptions are what a pull is asked to do.
type PullOptions struct {
	// Depth bounds the first-parent commits searched (0: remote.DefaultDepth).
	Depth int
	// Wait waits for another writer instead of failing busy.
	Wait bool
	// Getenv reads the environment (which model the settings name).
	Getenv func(string) string
}

// Pull installs the remote's snapshot of the nearest first-parent
// ancestor of HEAD as the branch's baseline, unless the local index is as
// near.
func Pull(ctx context.Context, e *readview.Env, o PullOptions) (*remote.PullReport, error) {
	p, _, err := pipeline.NewProvider(&e.Config.LLM, o.Getenv)
	if err != nil {
		return nil, errcode.New(errcode.Usage, err)
	}
	r, err := openRemote(ctx, e)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return pull(ctx, e, r, p, o)
}

func pull(ctx context.Context, e *readview.Env, r *remote.Remote, p llm.Provider, o PullOptions) (*remote.PullReport, error) {
	head, err := e.Repo.Head()
	if err != nil {
		return nil, err
	}
	return r.Pull(ctx, remote.PullOptions{Store: e.Store, Repo: e.Repo, Branch: pipeline.RefName(head), Head: head.Commit,
		Producer: producer(e, p),
		Depth:    o.Depth, Keep: e.Config.SnapshotsPerRepo, Wait: o.Wait})
}

// pullFirst starts an init or update of a branch with no local index from
// the remote's nearest snapshot. A remote that is unreachable, or holds
// nothing usable, never fails the run: the run indexes locally, and the
// reason is said once. A remote that answers but holds no snapshot for
// this branch is not said here: it returns that reason instead, since the
// remote's shards may still start the run (fetchShards), and "indexing
// locally" would then be wrong.
func pullFirst(ctx context.Context, e *readview.Env, p llm.Provider, o IndexOptions) (noSnapshot string) {
	if e.Config.Remote == "" || o.Full || o.Worktree || o.DryRun {
		return ""
	}
	head, err := e.Repo.Head()
	if err != nil {
		return ""
	}
	if ref, err := e.Store.ReadRef(pipeline.RefName(head)); err != nil || ref != nil {
		return ""
	}
	say := func(s string) {
		if o.Warn != nil {
			o.Warn([]string{s})
		}
	}
	r, err := remote.Open(ctx, e.Config.Remote)
	if err != nil {
		say(fmt.Sprintf("%v; indexing locally", err))
		return ""
	}
	defer r.Close()
	rep, err := pull(ctx, e, r, p, PullOptions{Wait: o.Wait})
	switch {
	case err != nil:
		say(fmt.Sprintf("team remote not used (%v); indexing locally", err))
	case !rep.Found:
		return fmt.Sprintf("team remote %s: %s; indexing locally", rep.Remote, rep.Reason)
	case o.Notify != nil:
		o.Notify(fmt.Sprintf("pulled the snapshot of %.12s (%d commits behind HEAD, %s) from %s", rep.Commit, rep.Distance,
			plainBytes(rep.Transfer.BytesMoved), rep.Remote))
	}
	return ""
}

func plainBytes(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", (n+1023)/1024)
}
