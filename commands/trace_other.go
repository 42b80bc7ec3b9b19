//go:build !linux

package commands

import "time"

// processCPU is zero where getrusage is not at hand: the trace then shows
// wall times only.
func processCPU() time.Duration { return 0 }
