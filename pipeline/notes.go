package pipeline

import (
	"github.com/lgraph/lgraph/cache"
)

// A run works around some damage rather than fail on it (a cache moved
// aside and rebuilt, a ledger entry skipped); it says so through
// Options.Warn as it happens and records it among the run's warnings.

// say passes notes on to Options.Warn and returns them, for the ledger.
func say(o Options, notes []string) []string {
	if o.Warn != nil {
		for _, n := range notes {
			o.Warn(n)
		}
	}
	return notes
}

// cacheNotes are the warnings of the damaged caches c replaced that were
// not given yet: the run records them, since what the old cache held
// (model results included) is not reused.
func cacheNotes(c *cache.Cache) []string {
	var out []string
	for _, r := range c.Unreported() {
		out = append(out, r.Warning())
	}
	return out
}

// closeCache closes the run's cache. The run is recorded by then, and what
// a failed close loses is recomputed by the next run, so it only warns.
func closeCache(o Options, c *cache.Cache) {
	if err := c.Close(); err != nil {
		say(o, []string{err.Error()})
	}
}
