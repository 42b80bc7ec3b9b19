package readview

import (
	"strings"

	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/store"
)

// filesSkipped reads, from the ledger entry of the run that published ref,
// the inventory's counts of files skipped for their path, by reason. A
// ledger entry that is gone leaves the counts unknown (nil).
func filesSkipped(s *store.Store, ref *store.Ref) map[string]int {
	if ref == nil || ref.Run == 0 {
		return nil
	}
	run, err := s.ReadRun(ref.Run)
	if err != nil {
		return nil
	}
	var out map[string]int
	for _, p := range run.Phases {
		if p.Name != "inventory" {
			continue
		}
		for k, n := range p.Extra {
			if reason, ok := strings.CutPrefix(k, inventory.SkippedPrefix); ok && n > 0 {
				if out == nil {
					out = map[string]int{}
				}
				out[reason] = n
			}
		}
	}
	return out
}
