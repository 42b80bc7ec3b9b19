package actions

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/remote"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/pipeline"
)

// ShardOptions are what one shard of a sharded init is asked to do.
type ShardOptions struct {
	// Shard is the slice as the flag gives it ("I/N").
	Shard string
	// Wait waits for another writer instead of failing busy.
	Wait     bool
	Progress phase.Progress
	// Getenv reads the environment (which model the settings name).
	Getenv func(string) string
	// Warn receives warnings about the settings as they are found.
	Warn func([]string)
}

// ShardReport says what one shard parsed and uploaded.
type ShardReport struct {
	Remote    string          `json:"remote"`
	Commit    string          `json:"commit"`
	Shard     string          `json:"shard"`
	Files     int             `json:"files"`
	Parsed    int             `json:"parsed"`
	CacheHits int             `json:"cache_hits"`
	Transfer  remote.Transfer `json:"transfer"`
	MS        int64           `json:"ms"`
}

// ParseShard checks a --shard value before anything is opened.
func ParseShard(s string) (remote.Shard, error) {
	sh, err := remote.ParseShard(s)
	if err != nil {
		return sh, errcode.New(errcode.Usage, err)
	}
	return sh, nil
}

// Shard parses one slice of HEAD's files into the local cache and uploads
// their facts to the team remote, publishing nothing (docs/remote.md,
// Sharded init).
func Shard(ctx context.Context, e *readview.Env, o ShardOptions) (*ShardReport, error) {
	start := time.Now()
	sh, err := ParseShard(o.Shard)
	if err != nil {
		return nil, err
	}
	if e.Config.Remote == "" {
		return nil, errcode.New(errcode.Usage, fmt.Errorf("--shard %s needs a team remote to upload to: set remote in your config file, LGRAPH_REMOTE, or pass --remote URL", sh))
	}
	p, keyWarnings, err := pipeline.NewProvider(&e.Config.LLM, o.Getenv)
	if err != nil {
		return nil, errcode.New(errcode.Usage, err)
	}
	if o.Warn != nil {
		o.Warn(keyWarnings)
	}
	r, err := remote.Open(ctx, e.Config.Remote)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := r.Reachable(ctx); err != nil {
		return nil, err
	}
	facts, err := pipeline.Facts(ctx, pipeline.Options{Repo: e.Repo, Store: e.Store, Config: e.Config, Langs: all.Registry(), LLM: p,
		Command: "init", Wait: o.Wait, Progress: o.Progress, Warn: func(s string) {
			if o.Warn != nil {
				o.Warn([]string{s})
			}
		}}, sh.Holds)
	if err != nil {
		return nil, err
	}
	up, err := r.PushShard(ctx, e.Store, remote.ShardPush{Commit: facts.Commit, Producer: producer(e, p), Shard: sh, Keys: facts.Keys})
	if err != nil {
		return nil, err
	}
	return &ShardReport{Remote: r.URL, Commit: facts.Commit, Shard: sh.String(), Files: facts.Files, Parsed: facts.Parsed,
		CacheHits: facts.CacheHits, Transfer: up.Transfer, MS: time.Since(start).Milliseconds()}, nil
}

// producer is what this lgraph and these settings make, as the remote
// files snapshots and shard lists under it.
func producer(e *readview.Env, p llm.Provider) remote.Producer {
	return remote.Producer{ConfigKey: e.Config.OutputKey(), Versions: pipeline.Versions(p, e.Config)}
}

// noLocalIndex reports whether HEAD's branch has no index in the store.
func noLocalIndex(e *readview.Env) bool {
	head, err := e.Repo.Head()
	if err != nil {
		return false
	}
	ref, err := e.Store.ReadRef(pipeline.RefName(head))
	return err == nil && ref == nil
}

// fetchShards starts the index of a branch with no local index (none
// pulled either) from the facts the remote's shards of HEAD parsed, so the
// run parses only what no shard did. Like pullFirst it never fails the run.
// It reports whether any shard's facts were found.
func fetchShards(ctx context.Context, e *readview.Env, p llm.Provider, o IndexOptions) bool {
	if e.Config.Remote == "" || o.Worktree || o.DryRun {
		return false
	}
	head, err := e.Repo.Head()
	if err != nil {
		return false
	}
	say := func(s string) {
		if o.Warn != nil {
			o.Warn([]string{s})
		}
	}
	r, err := remote.Open(ctx, e.Config.Remote)
	if err != nil {
		return false // pullFirst has said why
	}
	defer r.Close()
	rep, err := r.FetchShards(ctx, e.Store, head.Commit, producer(e, p), o.Wait)
	switch {
	case err != nil:
		say(fmt.Sprintf("facts of the remote's shards not used (%v); parsing locally", err))
		return false
	case rep.Refused > 0:
		say(fmt.Sprintf("team remote %s: %d shard objects refused (they do not match their hash or key); their files are parsed here", rep.Remote, rep.Refused))
	}
	if len(rep.Shards) > 0 && o.Notify != nil {
		o.Notify(fmt.Sprintf("assembling from shards %s of %.12s: fetched the facts of %d files (%s) in %.1f s, %d already held, from %s",
			strings.Join(rep.Shards, ", "), head.Commit, rep.Fetched, plainBytes(rep.Transfer.BytesMoved), float64(rep.MS)/1000, rep.Held, rep.Remote))
	}
	return len(rep.Shards) > 0
}
