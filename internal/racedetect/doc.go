// Package racedetect says whether the race detector is on: its
// sync.Pool drops some of what is put back, so a test counting the
// allocations of pooled values skips the count under it.
package racedetect
