//go:build !race

package table

// raceEnabled: see race_on_test.go.
const raceEnabled = false
