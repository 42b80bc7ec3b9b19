package commands

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"github.com/lgraph/lgraph/internal/periodic"
)

// Run runs the CLI with args, profiled when $LGRAPH_CPUPROFILE,
// $LGRAPH_HEAPPROFILE or $LGRAPH_EXECTRACE names a file (measuring aids;
// unset: nothing).
func (g *Globals) Run(ctx context.Context, args []string) error {
	defer g.startProfile()()
	defer g.startExecTrace()()
	defer g.watchHeap()()
	defer g.endStepProfile()
	g.args = args
	if handled, err := g.answerEarly(ctx, args); handled {
		return err
	}
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
// $LGRAPH_CPUPROFILE. The returned function stops it.
func (g *Globals) startProfile() func() {
	return g.recordTo("LGRAPH_CPUPROFILE", "cpu profile", pprof.StartCPUProfile, pprof.StopCPUProfile)
}

// startExecTrace writes a runtime execution trace of the command to the
// file named by $LGRAPH_EXECTRACE (read it with go tool trace). A CPU
// profile shows where cores are busy; the trace shows where they idle:
// goroutines blocked on a channel, a lock, a syscall or a barrier. The
// returned function stops it.
func (g *Globals) startExecTrace() func() {
	return g.recordTo("LGRAPH_EXECTRACE", "execution trace", trace.Start, trace.Stop)
}

// recordTo starts a recording (start, stop) into the file the environment
// variable names, if it names one; what it failed to start is said on
// stderr, and the command runs anyway. The returned function stops it.
func (g *Globals) recordTo(env, what string, start func(io.Writer) error, stop func()) func() {
	path := g.Getenv(env)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(g.Stderr, "lgraph: %s: %v\n", what, err)
		return func() {}
	}
	if err := start(f); err != nil {
		fmt.Fprintf(g.Stderr, "lgraph: %s: %v\n", what, err)
		f.Close()
		return func() {}
	}
	return func() {
		stop()
		f.Close()
	}
}

// endStepProfile writes the profile of what ran after an index run's last
// step ($LGRAPH_STEPPROFILES), as NN-end.prof.
func (g *Globals) endStepProfile() {
	if g.endSteps != nil {
		g.endSteps()
	}
}

// watchHeap writes a heap profile to the file named by
// $LGRAPH_HEAPPROFILE each time the heap in use grows 10% past the largest
// seen, so the file ends up showing what was live near the peak (a profile
// written at exit shows only what survived). The returned function stops it.
func (g *Globals) watchHeap() func() {
	path := g.Getenv("LGRAPH_HEAPPROFILE")
	if path == "" {
		return func() {}
	}
	var peak uint64
	return periodic.Run(50*time.Millisecond, func() bool {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse < peak+peak/10 {
			return true
		}
		peak = ms.HeapInuse
		if err := writeHeapProfile(path); err != nil {
			fmt.Fprintf(g.Stderr, "lgraph: heap profile: %v\n", err)
			return false
		}
		return true
	})
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
