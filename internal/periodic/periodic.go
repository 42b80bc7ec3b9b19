// Package periodic runs a function on a goroutine of its own at a fixed
// interval, for watches that live as long as a run (the heap's headroom,
// the heap profile a measuring run writes).
package periodic

import "time"

// Run calls fn every interval until fn returns false or the returned
// function is called; that function returns once fn is no longer
// running, so what fn touches may be released after it.
func Run(interval time.Duration, fn func() bool) (stop func()) {
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if !fn() {
					return
				}
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
	}
}
