package commands

import (
	"context"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/mcpserver"
)

// serveOptions are the options of serve.
type serveOptions struct {
	// mcp serves the Model Context Protocol on stdin and stdout.
	mcp bool
	// daemon starts the warm process in the background and returns once
	// it answers.
	daemon bool
	// stop asks the store's warm process to exit.
	stop bool
}

func newServeCommand(g *Globals) *cli.Command {
	var opts serveOptions
	return &cli.Command{
		Name:  "serve",
		Usage: "a warm process answering CLI reads on a per-store socket (--daemon, --stop), or MCP on stdin/stdout (--mcp)",
		Description: "Without --mcp, serve runs a warm process for the store until interrupted: it listens on serve.sock in the store " +
			"directory (a unix socket only its owner may use) and answers the reads " + strings.Join(sortedKeys(warmReads), ", ") +
			" that any lgraph process of the same user sends it, byte for byte as that process would have answered, keeping the " +
			"snapshot decoded and trusting its last freshness check while a watcher on the working tree, git's refs and index and " +
			"the store's published refs counts no change. A read finds the socket by itself; when none answers (no process, a stale " +
			"socket, another worktree's environment) it reads the store itself. LGRAPH_WARM=off makes a read never ask. " +
			"--daemon starts the process in the background (its log is serve.log in the store) and returns once it answers; " +
			"--stop stops it.\n" +
			"With --mcp it runs an MCP server on stdin and stdout (newline-delimited JSON-RPC) until stdin closes or the process is interrupted. " +
			"Its tools are " + strings.Join(mcpserver.ToolNames(), ", ") + ". " +
			"The queries take the optional pins expect_root and freshness (allow_stale or require), limit and offset, and answer " +
			"{ok, result, error, freshness} as compact JSON from the snapshot published when they are called, so answers follow " +
			"updates while the server runs; an answer whose limit was not given is kept under about 20 KB. " +
			"The server starts without an index: lgraph_status says so and lgraph_update makes one. " +
			"A refusal or a bad argument is a tool error that says which tool to call; a malformed frame (not JSON, not a JSON-RPC message) " +
			"is answered with a JSON-RPC error (-32700 or -32600) and the server goes on.\n" +
			"Codes used: 0 stopped, stdin closed or interrupted, 1 error (not a git repository, no store), 2 usage, " +
			"5 busy (a warm process already serves the store).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "mcp", Usage: "speak the Model Context Protocol on stdin/stdout", Destination: &opts.mcp},
			&cli.BoolFlag{Name: "daemon", Usage: "start the warm process in the background and return once it answers", Destination: &opts.daemon},
			&cli.BoolFlag{Name: "stop", Usage: "stop the store's warm process", Destination: &opts.stop},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("serve takes no arguments (see lgraph serve --help)")
			}
			return runServe(c.Context, opts, g)
		},
	}
}

func runServe(ctx context.Context, opts serveOptions, g *Globals) error {
	n := 0
	for _, set := range []bool{opts.mcp, opts.daemon, opts.stop} {
		if set {
			n++
		}
	}
	switch {
	case n > 1:
		return usageError("serve takes one of --mcp, --daemon and --stop")
	case opts.stop:
		return stopDaemon(ctx, g)
	case opts.daemon:
		return startDaemon(ctx, g)
	case !opts.mcp:
		return runDaemon(ctx, g)
	}
	// The store is created if missing, so that an agent can index the
	// repository through lgraph_update.
	e, err := g.open(true, nil)
	if err != nil {
		return err
	}
	srv := mcpserver.New(e, mcpserver.Options{Version: buildVersion(), Loop: actions.Loop{Getenv: g.Getenv}, Wiki: wikiPages{}, Warm: ctx})
	err = srv.Run(ctx, mcpserver.Stdio(os.Stdin, g.Stdout))
	if ctx.Err() != nil {
		return nil // interrupted: a normal way to stop a server
	}
	return err
}
