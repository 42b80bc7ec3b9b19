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
	// mcp serves the Model Context Protocol on stdin and stdout, the only
	// protocol serve speaks.
	mcp bool
}

func newServeCommand(g *Globals) *cli.Command {
	var opts serveOptions
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the graph to coding agents (--mcp: MCP on stdin/stdout)",
		Description: "Runs an MCP server on stdin and stdout (newline-delimited JSON-RPC) until stdin closes or the process is interrupted. " +
			"Its tools are " + strings.Join(mcpserver.ToolNames(), ", ") + ". " +
			"The queries take the optional pins expect_root and freshness (allow_stale or require), limit and offset, and answer " +
			"{ok, result, error, freshness} as compact JSON from the snapshot published when they are called, so answers follow " +
			"updates while the server runs; an answer whose limit was not given is kept under about 20 KB. " +
			"The server starts without an index: lgraph_status says so and lgraph_update makes one. " +
			"A refusal or a bad argument is a tool error that says which tool to call; a malformed frame (not JSON, not a JSON-RPC message) " +
			"is answered with a JSON-RPC error (-32700 or -32600) and the server goes on.\n" +

			"Codes used: 0 stdin closed or interrupted, 1 error (not a git repository), 2 usage (no --mcp).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "mcp", Usage: "speak the Model Context Protocol on stdin/stdout", Destination: &opts.mcp},
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
	if !opts.mcp {
		return usageError("serve needs a protocol: run lgraph serve --mcp")
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
