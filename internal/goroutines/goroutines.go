// Package goroutines names goroutines, for tests that count on how many
// goroutines a piece of work ran (workers that must be long-lived).
package goroutines

import "runtime"

// Current names the calling goroutine by the id its stack trace starts
// with ("goroutine 42").
func Current() string {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	for i := len("goroutine "); i < len(b); i++ {
		if b[i] == ' ' {
			return string(b[:i])
		}
	}
	return string(b)
}
