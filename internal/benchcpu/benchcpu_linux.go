//go:build linux

// Package benchcpu reports a benchmark's process CPU time per op next to
// its wall time: on a loaded machine wall time counts the waits for a
// core, CPU time mostly does not.
package benchcpu

import (
	"syscall"
	"testing"
	"time"
)

// Meter measures from Start to Report.
type Meter struct{ start time.Duration }

// Start starts a meter.
func Start() Meter { return Meter{start: Process()} }

// Report adds the CPU time per op since Start as the cpu-ns/op metric.
func (m Meter) Report(b *testing.B) {
	b.ReportMetric(float64(Process()-m.start)/float64(b.N), "cpu-ns/op")
}

// Process is the user and system CPU time this process has used so far
// (0 if the system does not say).
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
