package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"
)

// stepTrace returns, when $LGRAPH_TRACE is set, a function that prints
// each step of an index run as it ends: its name, the wall time and the
// process CPU time (user+sys) the step took, and the run's totals so far.
// A measuring aid: comparing wall with CPU shows which steps use one core
// of several. With $LGRAPH_STEPPROFILES naming a directory it also writes
// a CPU profile of each step there (stepProfiles). Unset: nil, nothing is
// printed.
func (g *Globals) stepTrace() func(step string) {
	if g.Getenv("LGRAPH_TRACE") == "" {
		return nil
	}
	profiles := g.stepProfiles(g.Getenv("LGRAPH_STEPPROFILES"))
	start, startCPU := time.Now(), processCPU()
	last, lastCPU := start, startCPU
	return func(step string) {
		now, cpu := time.Now(), processCPU()
		g.stderrf("lgraph: trace %-10s wall %7d ms  cpu %7d ms  (run: wall %7d ms, cpu %7d ms)\n", step,
			now.Sub(last).Milliseconds(), (cpu - lastCPU).Milliseconds(),
			now.Sub(start).Milliseconds(), (cpu - startCPU).Milliseconds())
		last, lastCPU = now, cpu
		profiles(step)
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
	if dir == "" {
		return func(string) {}
	}
	n := 0
	var f *os.File
	begin := func() {
		var err error
		if f, err = os.CreateTemp(dir, "step-*.prof"); err == nil {
			if err = pprof.StartCPUProfile(f); err != nil {
				f.Close()
				os.Remove(f.Name())
			}
		}
		if err != nil {
			g.stderrf("lgraph: step profiles in %s: %v\n", dir, err)
			f = nil
		}
	}
	end := func(step string) bool {
		if f == nil {
			return false
		}
		pprof.StopCPUProfile()
		f.Close()
		written := f.Name()
		f = nil
		n++
		name := filepath.Join(dir, fmt.Sprintf("%02d-%s.prof", n, step))
		if err := os.Rename(written, name); err != nil {
			g.stderrf("lgraph: step profiles in %s: %v\n", dir, err)
			return false
		}
		return true
	}
	begin()
	g.endSteps = func() { end("end") }
	return func(step string) {
		if end(step) {
			begin()
		}
	}
}
