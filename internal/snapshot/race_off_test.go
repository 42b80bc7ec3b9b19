//go:build !race

package snapshot

// raceEnabled: see race_on_test.go.
const raceEnabled = false
