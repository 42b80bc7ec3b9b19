package commands

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"runtime/trace"
	"time"
)

// stepTrace returns, when $LGRAPH_TRACE is set, a function that prints
// each step of an index run as it ends: its name, the wall time and the
// process CPU time (user+sys) the step took, and the run's totals so far.
// A measuring aid: comparing wall with CPU shows which steps use one core
// of several. With $LGRAPH_STEPPROFILES naming a directory it also writes
// a CPU profile of each step there (stepProfiles), and with $LGRAPH_STEPTRACES an
// execution trace of each (stepTraces). Unset: nil, nothing is
// printed.
func (g *Globals) stepTrace() func(step string) {
	if g.Getenv("LGRAPH_TRACE") == "" {
		return nil
	}
	profiles := g.stepProfiles(g.Getenv("LGRAPH_STEPPROFILES"))
	traces := g.stepTraces(g.Getenv("LGRAPH_STEPTRACES"))
	start, startCPU := time.Now(), processCPU()
	last, lastCPU := start, startCPU
	return func(step string) {
		now, cpu := time.Now(), processCPU()
		g.stderrf("lgraph: trace %-10s wall %7d ms  cpu %7d ms  (run: wall %7d ms, cpu %7d ms)\n", step,
			now.Sub(last).Milliseconds(), (cpu - lastCPU).Milliseconds(),
			now.Sub(start).Milliseconds(), (cpu - startCPU).Milliseconds())
		last, lastCPU = now, cpu
		profiles(step)
		traces(step)
	}
}

// stepProfiles profiles the CPU step by step into dir: each step's profile
// is NN-step.prof, numbered in run order. A whole-run profile cannot say
// which step a background goroutine's work (a merge, the cache's
// compaction, the collector) fell in; a step's profile holds everything
// the process did while it ran. The CPU profiler is one per process, so
// it cannot run beside $LGRAPH_CPUPROFILE: what fails is said on stderr
// and the run goes on unprofiled. dir "": a function that does nothing.
func (g *Globals) stepProfiles(dir string) func(step string) {
	return g.stepRecordings(dir, "prof", pprof.StartCPUProfile, pprof.StopCPUProfile)
}

// stepTraces writes a runtime execution trace of each step into dir
// (NN-step.trace), as stepProfiles does profiles: a whole init's trace is
// over 2 GB, too large for go tool trace to read, while one step's shows
// where its cores idle. It cannot run beside $LGRAPH_EXECTRACE.
func (g *Globals) stepTraces(dir string) func(step string) {
	return g.stepRecordings(dir, "trace", trace.Start, trace.Stop)
}

// stepRecordings records each step into dir with start and stop, one file
// a step (NN-step.ext); what fails is said on stderr and the run goes on
// unrecorded. dir "": a function that does nothing.
func (g *Globals) stepRecordings(dir, ext string, start func(io.Writer) error, stop func()) func(step string) {
	if dir == "" {
		return func(string) {}
	}
	n := 0
	var f *os.File
	begin := func() {
		var err error
		if f, err = os.CreateTemp(dir, "step-*."+ext); err == nil {
			if err = start(f); err != nil {
				f.Close()
				os.Remove(f.Name())
			}
		}
		if err != nil {
			g.stderrf("lgraph: step recordings in %s: %v\n", dir, err)
			f = nil
		}
	}
	end := func(step string) bool {
		if f == nil {
			return false
		}
		stop()
		f.Close()
		written := f.Name()
		f = nil
		n++
		name := filepath.Join(dir, fmt.Sprintf("%02d-%s.%s", n, step, ext))
		if err := os.Rename(written, name); err != nil {
			g.stderrf("lgraph: step recordings in %s: %v\n", dir, err)
			return false
		}
		return true
	}
	begin()
	prev := g.endSteps
	g.endSteps = func() {
		if prev != nil {
			prev()
		}
		end("end")
	}
	return func(step string) {
		if end(step) {
			begin()
		}
	}
}
