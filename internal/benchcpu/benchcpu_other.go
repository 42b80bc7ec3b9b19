//go:build !linux

// Package benchcpu reports a benchmark's process CPU time per op; where
// getrusage is not at hand it reports nothing.
package benchcpu

import (
	"testing"
	"time"
)

// Meter measures from Start to Report.
type Meter struct{}

// Start starts a meter.
func Start() Meter { return Meter{} }

// Report reports nothing here.
func (Meter) Report(*testing.B) {}

// Process is the CPU time this process has used so far: 0 here, where it
// is not measured.
func Process() time.Duration { return 0 }
