// Command lgraph is a git-native incremental code-graph indexer.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/lgraph/lgraph/commands"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	g := commands.NewGlobals(os.Stdout, os.Stderr, os.Environ())
	err := g.Run(ctx, os.Args)
	os.Exit(g.Finish(err))
}
