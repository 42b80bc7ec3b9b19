package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/lgraph/lgraph/internal/actions"
)

// shardOptions are what init --shard is asked to do.
type shardOptions struct {
	shard string
	wait  bool
}

// runShard runs one shard of a sharded init and prints what it parsed and
// uploaded.
func runShard(ctx context.Context, opts shardOptions, g *Globals) error {
	// A bad value is refused before the repository or store is opened.
	if _, err := actions.ParseShard(opts.shard); err != nil {
		return err
	}
	e, err := g.open(true, nil)
	if err != nil {
		return err
	}
	rep, err := actions.Shard(ctx, e, actions.ShardOptions{Shard: opts.shard, Wait: opts.wait, Progress: newProgress(g),
		Getenv: g.Getenv, Warn: g.warnOnce})
	if err != nil {
		return err
	}
	return g.emit(rep, nil, func(w io.Writer) {
		if !g.Quiet {
			printShard(w, rep)
		}
	})
}

func printShard(w io.Writer, rep *actions.ShardReport) {
	fmt.Fprintf(w, "shard %s of %s: %s, parsed=%d cache_hits=%d, %dms\n", rep.Shard, short(rep.Commit), plural(rep.Files, "code file"),
		rep.Parsed, rep.CacheHits, rep.MS)
	printTransfer(w, "uploaded", rep.Transfer)
	fmt.Fprintf(w, "  to %s; nothing published: run lgraph init there once every shard is done\n", rep.Remote)
}
