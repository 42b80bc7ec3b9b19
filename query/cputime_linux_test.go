//go:build linux

package query

import (
	"syscall"
	"testing"
	"time"
)

// cpuMeter reports a benchmark's process CPU time per op next to its wall
// time: on a loaded machine wall time counts the waits for a core, CPU
// time mostly does not.
type cpuMeter struct{ start time.Duration }

func startCPU() cpuMeter { return cpuMeter{start: cpuNow()} }

func (m cpuMeter) report(b *testing.B) {
	b.ReportMetric(float64(cpuNow()-m.start)/float64(b.N), "cpu-ns/op")
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
