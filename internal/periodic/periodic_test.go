package periodic

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestRunCallsUntilStopped: fn runs again and again, and not once stop
// has returned.
func TestRunCallsUntilStopped(t *testing.T) {
	var calls atomic.Int64
	stop := Run(time.Millisecond, func() bool { calls.Add(1); return true })
	deadline := time.Now().Add(10 * time.Second)
	for calls.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	after := calls.Load()
	if after < 3 {
		t.Fatalf("fn ran %d times in 10 s", after)
	}
	time.Sleep(20 * time.Millisecond)
	if n := calls.Load(); n != after {
		t.Errorf("fn ran %d more times after stop", n-after)
	}
}

// TestRunEndsWhenFnSaysSo: once fn returns false it is not called again,
// and stop still returns.
func TestRunEndsWhenFnSaysSo(t *testing.T) {
	var calls atomic.Int64
	stop := Run(time.Millisecond, func() bool { return calls.Add(1) < 2 })
	deadline := time.Now().Add(10 * time.Second)
	for calls.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	stop()
	if n := calls.Load(); n != 2 {
		t.Errorf("fn ran %d times, want 2", n)
	}
}
