package main

import (
	"strings"
	"testing"
	"time"
)

// TestRatiosCell: one pair prints its ratio alone; several print the
// median with the lowest and the highest pair.
func TestRatiosCell(t *testing.T) {
	for _, tc := range []struct {
		in   ratios
		want string
	}{
		{ratios{2.161}, "2.16x"},
		{ratios{1.94, 2.07, 2.16, 2.25, 2.41}, "2.16x (pairs 1.94-2.41)"},
		{ratios{1.9, 2.3}, "2.30x (pairs 1.90-2.30)"},
	} {
		if got := tc.in.cell(); got != tc.want {
			t.Errorf("%v.cell() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPrintRatiosShowsThePairs: the ratio table's init / parse row gives
// each size's median and spread, and the timed rows their times.
func TestPrintRatiosShowsThePairs(t *testing.T) {
	small := sizeResult{files: 2000, mb: 2.3, rows: []row{
		{name: "init (cold cache)", s: sample{wall: 1500 * time.Millisecond, maxRSS: 160 << 10}},
		{name: "init / parse (median of pairs)", ratio: ratios{2.1, 2.18, 2.3}},
	}}
	large := sizeResult{files: 100000, mb: 117.8, rows: []row{
		{name: "init (cold cache)", s: sample{wall: 54 * time.Second, maxRSS: 773 << 10}},
		{name: "init / parse (median of pairs)", ratio: ratios{1.94, 2.16, 2.41}},
	}}
	var b strings.Builder
	printRatios(&b, []sizeResult{small, large})
	out := b.String()
	for _, want := range []string{
		"| init / parse (median of pairs) | 2.18x (pairs 2.10-2.30) | 2.16x (pairs 1.94-2.41) | |",
		"| init (cold cache) | 1500.0 ms, 160 MB | 54000.0 ms, 773 MB | 36.0 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}
