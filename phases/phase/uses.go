package phase

import (
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// UseCounts is how much the repository uses one file: each of its
// definitions (aligned with its symbols) and the file itself (the other
// files that depend on it).
type UseCounts struct {
	PerSymbol []int
	Users     int
	// In counts the edges into the file from other directories (a module
	// doc's "used by").
	In []snapshot.DirUse
}

// UseTable holds the use counts of files by path, as one phase of a run
// read them from the reverse edges, for a later phase of the same run: no
// phase after the implicit one changes an edge, and a full run's wiki would
// otherwise index every reverse edge again to count the same uses. Safe for
// concurrent use; a nil table holds nothing.
type UseTable struct {
	mu sync.Mutex
	of map[string]UseCounts
	// names holds one copy of each directory and kind name the counts
	// hold (Uses.InBy), asked under mu: a full run puts every file's.
	names map[string]string
}

// NewUseTable returns an empty table.
func NewUseTable() *UseTable {
	return &UseTable{of: map[string]UseCounts{}, names: map[string]string{}}
}

// Put records u as path's counts.
func (t *UseTable) Put(path string, u *snapshot.Uses) {
	// A copy: a decoded record's path shares its bytes and would keep the
	// whole record alive.
	path = strings.Clone(path)
	t.mu.Lock()
	t.of[path] = UseCounts{PerSymbol: u.PerSymbol, Users: u.Users(), In: u.InBy(t.intern)}
	t.mu.Unlock()
}

// intern returns the table's copy of s; t.mu is held.
func (t *UseTable) intern(s string) string {
	if v, ok := t.names[s]; ok {
		return v
	}
	v := strings.Clone(s)
	t.names[v] = v
	return v
}

// Get returns path's counts, if the table holds them.
func (t *UseTable) Get(path string) (UseCounts, bool) {
	if t == nil {
		return UseCounts{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c, ok := t.of[path]
	return c, ok
}

// Len is how many files the table holds counts of.
func (t *UseTable) Len() int {
	if t == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.of)
}
