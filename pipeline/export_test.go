package pipeline

import (
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/phase"
)

// KnowledgeOfFirstIndex is knowledgeDelta for a run with no base that
// touched every file of s: what a first index's run records, read back
// from its records.
func KnowledgeOfFirstIndex(s *snapshot.Snapshot) *store.Delta {
	touched := map[string]bool{}
	for _, p := range s.Files.Paths() {
		touched[p] = true
	}
	return knowledgeDelta(&phase.State{Next: s, Touched: touched})
}
