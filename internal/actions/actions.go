// Package actions runs what changes or checks the index (an init or update
// run, a verify rebuild) for the CLI and the MCP server alike, so both
// answer with the same run summary and the same report.
package actions

import (
	"context"

	"fmt"
	"os"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/verify"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/pipeline"
)

// IndexOptions are what an init or update run is asked to do.
type IndexOptions struct {
	// Command is "init" or "update".
	Command string
	// Full rebuilds from nothing (cached facts are still reused).
	Full bool
	// Wait waits for another writer instead of failing busy.
	Wait     bool
	DryRun   bool
	Worktree bool
	// Progress and Failpoint are passed to the pipeline (nil: none).
	Progress  phase.Progress
	Failpoint func(name string)
	// Getenv reads the environment (the LLM key).
	Getenv func(string) string
	// Warn receives warnings about the LLM settings as they are found.
	Warn func([]string)
	// Notify receives what an automatic gc after the run did (nil: nothing
	// is said).
	Notify func(string)
	// Trace is told each step of the run as it ends (pipeline.Options).
	Trace func(step string)
}

// Index runs the pipeline on the environment's repository and store. The
// run summary is returned whenever a run was recorded, failed or not.
func Index(ctx context.Context, e *readview.Env, o IndexOptions) (*store.Run, error) {
	provider, keyWarnings, err := pipeline.NewProvider(&e.Config.LLM, o.Getenv)
	if err != nil {
		return nil, errcode.New(errcode.Usage, err)
	}
	if o.Warn != nil {
		o.Warn(keyWarnings)
	}
	warnings := append(e.Loaded.Warnings(), keyWarnings...)
	noSnapshot := pullFirst(ctx, e, provider, o)
	// After the pull: a pulled ancestor's snapshot leaves only the changed
	// files to parse, for less than fetching every file's facts.
	assembled := noLocalIndex(e) && fetchShards(ctx, e, provider, o)
	if noSnapshot != "" && !assembled && o.Warn != nil {
		o.Warn([]string{noSnapshot})
	}
	run, err := pipeline.Run(ctx, pipeline.Options{
		Repo: e.Repo, Store: e.Store, Config: e.Config, Langs: all.Registry(), LLM: provider,
		Command: o.Command, Full: o.Full, Wait: o.Wait,
		DryRun: o.DryRun, Worktree: o.Worktree, Progress: o.Progress, Failpoint: o.Failpoint, Trace: o.Trace,
		Warnings: warnings, Warn: func(s string) {
			if o.Warn != nil {
				o.Warn([]string{s})
			}
		},
	})
	if err == nil && !o.DryRun {
		autoGC(ctx, e, run, o.Notify)
	}
	return run, err
}

// VerifyResult is what verify compared and every divergent item (drift is
// never cut short).
type VerifyResult struct {
	Branch   string         `json:"branch"`
	Commit   string         `json:"commit"`
	Drift    bool           `json:"drift"`
	Compared map[string]int `json:"compared"`
	answer.List[verify.Divergence]
}

// Verify rebuilds the view's indexed commit from nothing in a scratch
// store and compares it with the published graph.
func Verify(ctx context.Context, v *readview.View, getenv func(string) string) (VerifyResult, error) {
	if err := v.RequireSnapshot(); err != nil {
		return VerifyResult{}, err
	}
	ref, published, err := v.Env.Store.LoadPublished(v.Fresh.Branch)
	if err != nil || ref == nil {
		return VerifyResult{}, fmt.Errorf("load published snapshot of %s: %v", v.Fresh.Branch, err)
	}
	rebuilt, err := rebuild(ctx, v.Env, ref, getenv)
	if err != nil {
		return VerifyResult{}, err
	}
	rep := verify.Compare(published, rebuilt)
	return VerifyResult{Branch: ref.Branch, Commit: ref.Commit, Drift: !rep.OK(), Compared: rep.Compared,
		List: answer.Cut(rep.Divergences, answer.Page{})}, nil
}

// DriftError is the error of a verify that found drift (code drift).
func DriftError(r VerifyResult) error {
	return errcode.New(errcode.Drift, fmt.Errorf("%d divergent items between the published graph and a rebuild of %s: run lgraph update --full to rebuild",
		r.Total, Short(r.Commit)))
}

// rebuild indexes the ref's commit from nothing in a scratch store.
func rebuild(ctx context.Context, e *readview.Env, ref *store.Ref, getenv func(string) string) (*snapshot.Snapshot, error) {
	dir, err := os.MkdirTemp("", "lgraph-verify-*")
	if err != nil {
		return nil, fmt.Errorf("verify: scratch store: %w", err)
	}
	defer os.RemoveAll(dir)
	scratch, err := store.Open(dir, true)
	if err != nil {
		return nil, err
	}
	provider, _, err := pipeline.NewProvider(&e.Config.LLM, getenv)
	if err != nil {
		return nil, errcode.New(errcode.Usage, err)
	}
	if _, err := pipeline.Run(ctx, pipeline.Options{
		Repo: e.Repo, Store: scratch, Config: e.Config, Langs: all.Registry(), Command: "verify", LLM: provider,
		Commit: ref.Commit, Ref: ref.Branch, Full: true,
	}); err != nil {
		return nil, fmt.Errorf("verify: rebuild %s: %w", Short(ref.Commit), err)
	}
	_, snap, err := scratch.LoadPublished(ref.Branch)
	if err != nil {
		return nil, err
	}
	return snap, nil
}

// Short is a commit id cut to 12 characters.
func Short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// Loop is the update and verify the MCP server runs (mcpserver.Loop), so
// that the server itself links no indexer.
type Loop struct {
	// Getenv reads the environment (the LLM key); nil reads nothing.
	Getenv func(string) string
}

// Update runs an update of env's branch.
func (l Loop) Update(ctx context.Context, env *readview.Env, full, wait bool) (*store.Run, error) {
	return Index(ctx, env, IndexOptions{Command: "update", Full: full, Wait: wait, Getenv: l.getenv})
}

// Verify rebuilds the view's commit and compares; drift is a DriftError
// returned with the report.
func (l Loop) Verify(ctx context.Context, v *readview.View) (any, error) {
	res, err := Verify(ctx, v, l.getenv)
	if err != nil {
		return nil, err
	}
	if res.Drift {
		return res, DriftError(res)
	}
	return res, nil
}

func (l Loop) getenv(k string) string {
	if l.Getenv == nil {
		return ""
	}
	return l.Getenv(k)
}
