//go:build race

package snapshot

// raceEnabled: the race detector's sync.Pool drops some of what is put
// back, so a test counting allocations of pooled values skips the count.
const raceEnabled = true
