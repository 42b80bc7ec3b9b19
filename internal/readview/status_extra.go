package readview

import (
	"github.com/lgraph/lgraph/internal/store"
)

// filesSkipped reads, from the ledger entry of the run that published ref,
// the inventory's counts of files skipped for their path, by reason. A
// ledger entry that is gone leaves the counts unknown (nil).
func filesSkipped(s *store.Store, ref *store.Ref) map[string]int {
	if ref == nil || ref.Run == 0 {
		return nil
	}
	run, err := s.ReadRun(ref.Run)
	if err != nil || run.Outcome != store.OutcomePublished {
		return nil
	}
	return run.Skipped()
}
