package commands

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
)

// Run runs the CLI with args (profiled when $LGRAPH_CPUPROFILE names a file).
func (g *Globals) Run(ctx context.Context, args []string) error {
	defer g.startProfile()()
	app := NewApp(g)
	// Known before parsing, so that a usage error is answered in JSON too.
	g.jsonArg = wantsJSON(args)
	placed, err := newArgShape(app).placeFlags(args)
	if err != nil {
		return err
	}
	return app.RunContext(ctx, placed)
}

// startProfile writes a CPU profile of the command to the file named by
// $LGRAPH_CPUPROFILE (a measuring aid; unset: nothing). The returned
// function stops it.
func (g *Globals) startProfile() func() {
	path := g.Getenv("LGRAPH_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(g.Stderr, "lgraph: cpu profile: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(g.Stderr, "lgraph: cpu profile: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
