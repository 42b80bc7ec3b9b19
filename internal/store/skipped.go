package store

import "strings"

// SkippedPrefix starts the inventory's report keys that count the files
// not indexed because of their path, one key per reason
// ("skipped_control_character"). They describe the whole target tree.
const SkippedPrefix = "skipped_"

// Skipped returns, by reason, the skip counts the run's inventory
// reported. Only a published run's are the tree's: a run killed after its
// ref switch never wrote them.
func (r *Run) Skipped() map[string]int {
	out := map[string]int{}
	for _, p := range r.Phases {
		if p.Name != "inventory" {
			continue
		}
		for k, n := range p.Extra {
			if reason, ok := strings.CutPrefix(k, SkippedPrefix); ok && n > 0 {
				out[reason] = n
			}
		}
	}
	return out
}
