package query

import (
	"sort"

	"github.com/lgraph/lgraph/internal/nodeid"
)

// DefaultDepth is how many edges impact follows when not told.
const DefaultDepth = 3

// ImpactResult is the answer of impact: the transitive dependents of a
// target, grouped by their distance from it.
type ImpactResult struct {
	Target NodeRef `json:"target"`
	Depth  int     `json:"depth"`
	// Total counts the dependents over all levels; Files the distinct files
	// they live in.
	Total  int           `json:"total"`
	Files  int           `json:"files"`
	Levels []ImpactLevel `json:"levels"`
	// Unresolved are the calls written with the target's name (for a
	// file, its top-level functions' and methods' names) that the graph
	// could not follow for want of a receiver type: dependents it may miss.
	Unresolved []UnresolvedSite `json:"unresolved"`
}

// ImpactLevel is the dependents first reached at one distance.
type ImpactLevel struct {
	Distance int          `json:"distance"`
	Items    []ImpactItem `json:"items"`
}

// ImpactItem is one dependent.
type ImpactItem struct {
	NodeRef
	// Kinds are the kinds of the edges from this node to the previous
	// level; To are the nodes of that level it depends on.
	Kinds []string `json:"kinds"`
	To    []string `json:"to"`
}

// Impact walks reverse dependency edges (imports, calls, references,
// extends, implements, implicit) breadth-first from a target, up to depth
// edges. A file target starts from the file and all its symbols. Each level is
// sorted by path, line and id, so the answer is deterministic.
func (ix *Index) Impact(targetID string, depth int) ImpactResult {
	res := ImpactResult{Target: ix.ref(targetID), Depth: depth, Levels: []ImpactLevel{}}
	frontier := map[string]bool{targetID: true}
	if f := ix.snap.Files.Get(nodeid.PathOf(targetID)); f != nil && nodeid.IsFile(targetID) {
		frontier = ix.fileAndSymbols(f)
	}
	seen := make(map[string]bool, len(frontier))
	for id := range frontier {
		seen[id] = true
	}
	files := map[string]bool{}
	for d := 1; d <= depth && len(frontier) > 0; d++ {
		level := ix.impactLevel(frontier, seen)
		if len(level) == 0 {
			break
		}
		frontier = make(map[string]bool, len(level))
		for _, it := range level {
			seen[it.ID] = true
			frontier[it.ID] = true
			files[it.Path] = true
		}
		res.Levels = append(res.Levels, ImpactLevel{Distance: d, Items: level})
		res.Total += len(level)
	}
	res.Files = len(files)
	res.Unresolved = nonNil(ix.UnresolvedCalls(ix.impactNames(targetID)...))
	return res
}

// impactLevel collects the unseen nodes with a dependency edge into the
// frontier, with the kinds of those edges and the frontier nodes they reach.
func (ix *Index) impactLevel(frontier, seen map[string]bool) []ImpactItem {
	kinds := map[string]map[string]bool{}
	to := map[string]map[string]bool{}
	for _, e := range ix.into(frontier) {
		if !dependencyKinds[e.Kind] || seen[e.Source] {
			continue
		}
		if kinds[e.Source] == nil {
			kinds[e.Source], to[e.Source] = map[string]bool{}, map[string]bool{}
		}
		kinds[e.Source][e.Kind] = true
		to[e.Source][e.Target] = true
	}
	level := make([]ImpactItem, 0, len(kinds))
	for id, ks := range kinds {
		level = append(level, ImpactItem{NodeRef: ix.ref(id), Kinds: sortedSet(ks), To: sortedSet(to[id])})
	}
	sort.Slice(level, func(i, j int) bool { return lessRef(level[i].NodeRef, level[j].NodeRef) })
	return level
}
