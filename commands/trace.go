package commands

import "time"

// stepTrace returns, when $LGRAPH_TRACE is set, a function that prints
// each step of an index run as it ends: its name, the wall time and the
// process CPU time (user+sys) the step took, and the run's totals so far.
// A measuring aid: comparing wall with CPU shows which steps use one core
// of several. Unset: nil, nothing is printed.
func (g *Globals) stepTrace() func(step string) {
	if g.Getenv("LGRAPH_TRACE") == "" {
		return nil
	}
	start, startCPU := time.Now(), processCPU()
	last, lastCPU := start, startCPU
	return func(step string) {
		now, cpu := time.Now(), processCPU()
		g.stderrf("lgraph: trace %-10s wall %7d ms  cpu %7d ms  (run: wall %7d ms, cpu %7d ms)\n", step,
			now.Sub(last).Milliseconds(), (cpu - lastCPU).Milliseconds(),
			now.Sub(start).Milliseconds(), (cpu - startCPU).Milliseconds())
		last, lastCPU = now, cpu
	}
}
