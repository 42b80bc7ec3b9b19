package phase

import (
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
)

// SignalTable holds the implicit signals of files, by path, found by a
// phase that had the files' bytes in hand for its own work (a full run's
// parse), so that the implicit phase reads neither their blobs nor their
// records again for them. Safe for concurrent use; a nil table holds
// nothing.
type SignalTable struct {
	mu sync.Mutex
	by map[string][]facts.Signal
}

// NewSignalTable returns an empty table.
func NewSignalTable() *SignalTable {
	return &SignalTable{by: map[string][]facts.Signal{}}
}

// Put notes the signals of path.
func (t *SignalTable) Put(path string, sigs []facts.Signal) {
	t.mu.Lock()
	t.by[path] = sigs
	t.mu.Unlock()
}

// Get returns the signals noted for path, and whether there were any
// noted (none found is a noted answer too).
func (t *SignalTable) Get(path string) ([]facts.Signal, bool) {
	if t == nil {
		return nil, false
	}
	t.mu.Lock()
	sigs, ok := t.by[path]
	t.mu.Unlock()
	return sigs, ok
}
